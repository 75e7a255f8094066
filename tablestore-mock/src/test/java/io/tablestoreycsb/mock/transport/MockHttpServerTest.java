package io.tablestoreycsb.mock.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablestoreycsb.mock.protocol.OtsException;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The HTTP layer alone, with a scripted handler: crashes, delays, ordering and the body limit, with
 * actions on the I/O event loop (workerThreads 0, the default) and on a worker pool.
 */
class MockHttpServerTest {
  private MockHttpServer server;
  private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  /** Released by the test; "/Block" waits for it (only used with a worker pool). */
  private final CountDownLatch unblock = new CountDownLatch(1);
  private final List<String> handlerThreads = new ArrayList<>();

  /** Answers "/Boom" by throwing, "/Slow" after 200 ms, everything else at once with the path as body. */
  private final RequestHandler handler = new RequestHandler() {
    @Override
    public HttpReply handle(String method, String path, Map<String, String> headers, byte[] body) {
      synchronized (handlerThreads) {
        handlerThreads.add(Thread.currentThread().getName());
      }
      if (path.equals("/Boom")) {
        throw new IllegalStateException("scripted crash");
      }
      if (path.equals("/Block")) {
        try {
          unblock.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
      if (path.equals("/Headers")) {
        return new HttpReply(200, Map.of("x-ots-requestid", "r"),
            (headers.get("x-ots-mixedcase") + "," + headers.get("x-ots-repeated")).getBytes(StandardCharsets.UTF_8), 0);
      }
      long delay = path.equals("/Slow") ? 200_000_000L : 0;
      return new HttpReply(200, Map.of("x-ots-requestid", "r"), (path + ":" + body.length).getBytes(StandardCharsets.UTF_8), delay);
    }

    @Override
    public HttpReply error(String path, OtsException error) {
      return new HttpReply(error.errorCode().httpStatus(), Map.of("x-ots-requestid", "r"),
          error.errorCode().code().getBytes(StandardCharsets.UTF_8), 0);
    }
  };

  private void start(int workerThreads) {
    server = MockHttpServer.start(new ServerOptions("127.0.0.1", 0, 1024, Duration.ofSeconds(30), workerThreads), handler);
  }

  @AfterEach
  void stop() {
    unblock.countDown();
    if (server != null) {
      server.close();
    }
  }

  @Test
  void itBindsTheLoopbackAddressOnAnEphemeralPort() {
    start(0);
    assertThat(server.host()).isEqualTo("127.0.0.1");
    assertThat(server.port()).isPositive();
  }

  @Test
  void byDefaultActionsRunOnTheIoThreads() throws Exception {
    start(0);
    post("/Fine", new byte[0]);
    assertThat(handlerThreads).singleElement().asString().startsWith("tablestore-mock-io");
  }

  @Test
  void aNegativeWorkerCountIsRefused() {
    assertThatThrownBy(() -> new ServerOptions("127.0.0.1", 0, 1024, Duration.ofSeconds(30), -1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("workerThreads");
  }

  @ParameterizedTest(name = "workerThreads={0}")
  @ValueSource(ints = {0, 2})
  void anUnexpectedExceptionIsAnInternalServerErrorAndTheServerKeepsServing(int workerThreads) throws Exception {
    start(workerThreads);
    HttpResponse<String> crashed = post("/Boom", new byte[0]);
    HttpResponse<String> next = post("/Fine", new byte[3]);

    assertThat(crashed.statusCode()).isEqualTo(500);
    assertThat(crashed.body()).isEqualTo("OTSInternalServerError");
    assertThat(next.statusCode()).isEqualTo(200);
    assertThat(next.body()).isEqualTo("/Fine:3");
  }

  @ParameterizedTest(name = "workerThreads={0}")
  @ValueSource(ints = {0, 2})
  void aBodyOverTheLimitIsRefusedAndTheServerKeepsServing(int workerThreads) throws Exception {
    start(workerThreads);
    HttpResponse<String> tooLarge = post("/Big", new byte[1025]);
    HttpResponse<String> atLimit = post("/Fits", new byte[1024]);

    assertThat(tooLarge.statusCode()).isEqualTo(413);
    assertThat(tooLarge.body()).isEqualTo("OTSRequestBodyTooLarge");
    assertThat(atLimit.body()).isEqualTo("/Fits:1024");
  }

  @ParameterizedTest(name = "workerThreads={0}")
  @ValueSource(ints = {0, 2})
  void aDelayedReplyDoesNotHoldUpOthers(int workerThreads) throws Exception {
    start(workerThreads);
    CompletableFuture<HttpResponse<String>> slow = http.sendAsync(request("/Slow", new byte[0]), HttpResponse.BodyHandlers.ofString());
    HttpResponse<String> fast = post("/Fast", new byte[0]);

    assertThat(fast.body()).isEqualTo("/Fast:0");
    assertThat(slow.isDone()).as("the slow reply is still scheduled when the fast one arrives").isFalse();
    assertThat(slow.get().body()).isEqualTo("/Slow:0");
  }

  @ParameterizedTest(name = "workerThreads={0}")
  @ValueSource(ints = {0, 2})
  void pipelinedRequestsAreAnsweredInRequestOrderEvenWhenAnEarlierReplyIsDelayed(int workerThreads) throws Exception {
    start(workerThreads);
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      OutputStream out = socket.getOutputStream();
      out.write((rawPost("/Slow") + rawPost("/Fast") + rawPost("/Third")).getBytes(StandardCharsets.US_ASCII));
      out.flush();
      BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));

      assertThat(List.of(readBody(in), readBody(in), readBody(in))).containsExactly("/Slow:0", "/Fast:0", "/Third:0");
    }
  }

  @ParameterizedTest(name = "workerThreads={0}")
  @ValueSource(ints = {0, 2})
  void headerNamesReachTheHandlerInLowerCaseAndTheFirstOfARepeatedNameWins(int workerThreads) throws Exception {
    start(workerThreads);
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.getOutputStream().write(("POST /Headers HTTP/1.1\r\nHost: x\r\nX-OTS-MixedCase: v1\r\n"
          + "x-ots-repeated: first\r\nx-ots-repeated: second\r\nContent-Length: 0\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.US_ASCII));

      assertThat(readBody(in)).isEqualTo("v1,first");
    }
  }

  @Test
  void withAWorkerPoolALongActionDoesNotHoldUpOtherConnections() throws Exception {
    start(2);
    CompletableFuture<HttpResponse<String>> blocked = http.sendAsync(request("/Block", new byte[0]), HttpResponse.BodyHandlers.ofString());
    try (Socket other = new Socket("127.0.0.1", server.port())) {
      // A second connection: whichever I/O thread it lands on, its request is answered meanwhile.
      other.getOutputStream().write(rawPost("/Fast").getBytes(StandardCharsets.US_ASCII));
      BufferedReader in = new BufferedReader(new InputStreamReader(other.getInputStream(), StandardCharsets.US_ASCII));
      assertThat(readBody(in)).isEqualTo("/Fast:0");
    }
    assertThat(blocked.isDone()).isFalse();
    unblock.countDown();
    assertThat(blocked.get(10, TimeUnit.SECONDS).body()).isEqualTo("/Block:0");
    assertThat(handlerThreads).allSatisfy(name -> assertThat(name).startsWith("tablestore-mock-worker"));
  }

  private static String rawPost(String path) {
    return "POST " + path + " HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n";
  }

  /** Reads one response with a Content-Length body and returns the body. */
  private static String readBody(BufferedReader in) throws Exception {
    assertThat(in.readLine()).startsWith("HTTP/1.1 200");
    int length = -1;
    String line;
    while (!(line = in.readLine()).isEmpty()) {
      if (line.toLowerCase().startsWith("content-length:")) {
        length = Integer.parseInt(line.substring(line.indexOf(':') + 1).trim());
      }
    }
    char[] body = new char[length];
    int read = 0;
    while (read < length) {
      read += in.read(body, read, length - read);
    }
    return new String(body);
  }

  private HttpResponse<String> post(String path, byte[] body) throws Exception {
    return http.send(request(path, body), HttpResponse.BodyHandlers.ofString());
  }

  private HttpRequest request(String path, byte[] body) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
        .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
  }
}
