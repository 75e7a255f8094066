package io.tablestoreycsb.mock.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablestoreycsb.mock.protocol.OtsException;
import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
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
import java.util.LinkedHashMap;
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
      if (path.equals("/Echo")) {
        return new HttpReply(200, Map.of("x-ots-requestid", "r"), body, 0);
      }
      if (path.equals("/Signed")) {
        // The shape of every service reply (ResponseSigner's names, order and spelling), plus a
        // name the encoder does not know in advance and a value beyond ASCII.
        Map<String, String> signed = new LinkedHashMap<>();
        signed.put("x-ots-contentmd5", "1B2M2Y8AsgTpgAmY7PhCfg==");
        signed.put("x-ots-contenttype", "protocol buffer");
        signed.put("x-ots-date", "2026-11-23T20:00:00.000Z");
        signed.put("x-ots-requestid", "0005f1c2-3b4a-1d2e-9f00-0a1b2c3d4e5f");
        signed.put("Authorization", "OTS id:c2lnbmF0dXJl");
        signed.put("Date", "Mon, 23 Nov 2026 20:00:00 GMT");
        signed.put("X-Other", "caf\u00e9 \u20ac");
        return new HttpReply(200, signed, "body".getBytes(StandardCharsets.US_ASCII), 0);
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
    server = MockHttpServer.start(new ServerOptions("127.0.0.1", 0, 1024, 1 << 20, Duration.ofSeconds(30), Duration.ofSeconds(30), workerThreads), handler);
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
    assertThatThrownBy(() -> new ServerOptions("127.0.0.1", 0, 1024, 1 << 20, Duration.ofSeconds(30), Duration.ofSeconds(30), -1))
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

  /**
   * The reply's bytes exactly as clients have always received them (from Netty's response encoder
   * before the mock wrote them itself): status line and reason phrase, the reply's header names in
   * their spelling and order, values one byte per character ('?' beyond U+00FF, as Netty wrote
   * them), then Content-Length and Connection, then the body.
   */
  @Test
  void aReplyCrossesTheWireAsExactlyTheseBytes() throws Exception {
    start(0);
    String head = "HTTP/1.1 200 OK\r\n"
        + "x-ots-contentmd5: 1B2M2Y8AsgTpgAmY7PhCfg==\r\n"
        + "x-ots-contenttype: protocol buffer\r\n"
        + "x-ots-date: 2026-11-23T20:00:00.000Z\r\n"
        + "x-ots-requestid: 0005f1c2-3b4a-1d2e-9f00-0a1b2c3d4e5f\r\n"
        + "Authorization: OTS id:c2lnbmF0dXJl\r\n"
        + "Date: Mon, 23 Nov 2026 20:00:00 GMT\r\n"
        + "X-Other: caf\u00e9 ?\r\n"
        + "Content-Length: 4\r\n";
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      out.write((rawPost("/Signed") + "HEAD /Signed HTTP/1.1\r\nHost: x\r\n\r\n"
          + "POST /Signed HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 0\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));
      byte[] expected = (head + "Connection: keep-alive\r\n\r\nbody"
          + head + "Connection: keep-alive\r\n\r\n" // HEAD: the same head, no body
          + head + "Connection: close\r\n\r\nbody").getBytes(StandardCharsets.ISO_8859_1);

      assertThat(new String(readToEnd(socket.getInputStream()), StandardCharsets.ISO_8859_1))
          .as("three replies, then the connection closed as the last request asked")
          .isEqualTo(new String(expected, StandardCharsets.ISO_8859_1));
    }
  }

  @Test
  void anHttp10RequestWithoutKeepAliveIsAnsweredAndTheConnectionClosed() throws Exception {
    start(0);
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write("POST /Old HTTP/1.0\r\nContent-Length: 2\r\n\r\nab".getBytes(StandardCharsets.US_ASCII));

      String answer = new String(readToEnd(socket.getInputStream()), StandardCharsets.US_ASCII);
      assertThat(answer).startsWith("HTTP/1.1 200 OK\r\n").contains("\r\nConnection: close\r\n").endsWith("\r\n\r\n/Old:2");
    }
  }

  /** Every byte of a body sent a few bytes per TCP segment, and a second request behind it, arrives in order. */
  @ParameterizedTest(name = "workerThreads={0}")
  @ValueSource(ints = {0, 2})
  void aBodySplitAcrossManyTcpReadsArrivesWholeAndThePipelinedRequestBehindItIsAnswered(int workerThreads)
      throws Exception {
    start(workerThreads);
    byte[] body = new byte[1000];
    for (int i = 0; i < body.length; i++) {
      body[i] = (byte) (i * 31 + 7);
    }
    ByteArrayOutputStream request = new ByteArrayOutputStream();
    request.write(("POST /Echo HTTP/1.1\r\nHost: x\r\nContent-Length: " + body.length + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
    request.write(body);
    request.write(rawPost("/Second").getBytes(StandardCharsets.US_ASCII));
    byte[] bytes = request.toByteArray();
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setTcpNoDelay(true);
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      for (int at = 0; at < bytes.length; at += 7) {
        out.write(bytes, at, Math.min(7, bytes.length - at));
        out.flush();
        if (at % 70 == 0) {
          Thread.sleep(1); // let the server read what has come so far
        }
      }
      InputStream in = socket.getInputStream();

      assertThat(readReply(in)).isEqualTo(body);
      assertThat(new String(readReply(in), StandardCharsets.US_ASCII)).isEqualTo("/Second:0");
    }
  }

  @Test
  void aChunkedBodyIsReadWhole() throws Exception {
    start(0);
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write(("POST /Echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
          + "5\r\nhello\r\n1\r\n,\r\n6\r\n world\r\n0\r\n\r\n" + rawPost("/Next")).getBytes(StandardCharsets.US_ASCII));
      InputStream in = socket.getInputStream();

      assertThat(new String(readReply(in), StandardCharsets.US_ASCII)).isEqualTo("hello, world");
      assertThat(new String(readReply(in), StandardCharsets.US_ASCII)).isEqualTo("/Next:0");
    }
  }

  /** Refused from Content-Length before any of it is read; the body is skipped and the connection serves on. */
  @Test
  void aBodyAnnouncedOverTheLimitIsRefusedSkippedAndTheConnectionServesTheNextRequest() throws Exception {
    start(0);
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      out.write(("POST /Big HTTP/1.1\r\nHost: x\r\nContent-Length: 1025\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      out.write(new byte[1025]);
      out.write(rawPost("/After").getBytes(StandardCharsets.US_ASCII));
      InputStream in = socket.getInputStream();

      assertThat(readHead(in)).startsWith("HTTP/1.1 413 Request Entity Too Large\r\n").contains("Connection: keep-alive");
      assertThat(readBodyOf(in, "OTSRequestBodyTooLarge".length())).isEqualTo("OTSRequestBodyTooLarge");
      assertThat(new String(readReply(in), StandardCharsets.US_ASCII)).isEqualTo("/After:0");
    }
  }

  /** Found while reading (chunked: no size in advance): refused, and the connection closed, since part of it was read. */
  @Test
  void aChunkedBodyOverTheLimitIsRefusedAndTheConnectionClosed() throws Exception {
    start(0);
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      out.write(("POST /Big HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
          + "200\r\n" + "a".repeat(512) + "\r\n200\r\n" + "b".repeat(512) + "\r\n1\r\nc\r\n0\r\n\r\n")
          .getBytes(StandardCharsets.US_ASCII));

      String answer = new String(readToEnd(socket.getInputStream()), StandardCharsets.US_ASCII);
      assertThat(answer).startsWith("HTTP/1.1 413 Request Entity Too Large\r\n").contains("\r\nConnection: close\r\n")
          .endsWith("\r\n\r\nOTSRequestBodyTooLarge");
    }
  }

  @Test
  void expectContinueIsAnsweredBeforeTheBodyAndRefusedAtOnceWhenTheBodyWouldBeTooLarge() throws Exception {
    start(0);
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(10_000);
      OutputStream out = socket.getOutputStream();
      InputStream in = socket.getInputStream();
      out.write("POST /Fits HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      assertThat(new String(in.readNBytes(25), StandardCharsets.US_ASCII)).isEqualTo("HTTP/1.1 100 Continue\r\n\r\n");
      out.write("abc".getBytes(StandardCharsets.US_ASCII));
      assertThat(new String(readReply(in), StandardCharsets.US_ASCII)).isEqualTo("/Fits:3");

      out.write("POST /Big HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 1025\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      String refused = new String(readToEnd(in), StandardCharsets.US_ASCII);
      assertThat(refused).startsWith("HTTP/1.1 413 Request Entity Too Large\r\n").contains("\r\nConnection: close\r\n")
          .endsWith("OTSRequestBodyTooLarge");
    }
  }

  @Test
  void anExpectationOtherThanContinueIsAnswered417AndNoActionRuns() throws Exception {
    start(0);
    try (Socket socket = new Socket("127.0.0.1", server.port())) {
      socket.setSoTimeout(10_000);
      socket.getOutputStream().write(("POST /Odd HTTP/1.1\r\nHost: x\r\nExpect: something\r\nContent-Length: 0\r\n\r\n"
          + rawPost("/Next")).getBytes(StandardCharsets.US_ASCII));
      InputStream in = socket.getInputStream();

      assertThat(new String(in.readNBytes(54), StandardCharsets.US_ASCII))
          .isEqualTo("HTTP/1.1 417 Expectation Failed\r\ncontent-length: 0\r\n\r\n");
      assertThat(new String(readReply(in), StandardCharsets.US_ASCII)).isEqualTo("/Next:0");
      assertThat(handlerThreads).hasSize(1);
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

  private static byte[] readToEnd(InputStream in) throws Exception {
    return in.readAllBytes();
  }

  /** The status line and headers of one response, up to and including the blank line. */
  private static String readHead(InputStream in) throws Exception {
    StringBuilder head = new StringBuilder();
    while (!head.toString().endsWith("\r\n\r\n")) {
      int b = in.read();
      assertThat(b).as("the response head ends before the connection closes").isNotNegative();
      head.append((char) b);
    }
    return head.toString();
  }

  private static String readBodyOf(InputStream in, int length) throws Exception {
    return new String(in.readNBytes(length), StandardCharsets.US_ASCII);
  }

  /** Reads one 200 response and returns its body (Content-Length bytes). */
  private static byte[] readReply(InputStream in) throws Exception {
    String head = readHead(in);
    assertThat(head).startsWith("HTTP/1.1 200 OK\r\n");
    int at = head.indexOf("\r\nContent-Length: ") + "\r\nContent-Length: ".length();
    int length = Integer.parseInt(head.substring(at, head.indexOf('\r', at)));
    byte[] body = in.readNBytes(length);
    assertThat(body).hasSize(length);
    return body;
  }

  private HttpResponse<String> post(String path, byte[] body) throws Exception {
    return http.send(request(path, body), HttpResponse.BodyHandlers.ofString());
  }

  private HttpRequest request(String path, byte[] body) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
        .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
  }
}
