package io.tablestoreycsb.mock.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.mock.protocol.OtsException;
import java.io.IOException;
import java.io.InputStream;
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
import java.util.function.LongSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Clients that announce large bodies and send little, send a lot at once, or trickle their bytes:
 * over raw sockets, against the HTTP layer with a scripted handler. The memory bodies hold grows
 * with the bytes received and stays under one cap for all connections; every request has a
 * deadline; every connection the server closes is logged with the reason.
 */
class MisbehavingClientsTest {
  private static final int MAX_BODY = 5 * 1024 * 1024;
  private static final long BODY_MEMORY = 8L * 1024 * 1024;
  /** The first array a body gets (RequestBodyReader): what a body that has sent little holds. */
  private static final int FIRST_ARRAY = 64 * 1024;

  private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
  private final List<Socket> sockets = new ArrayList<>();
  private final LogLines log = new LogLines(DroppedConnections.class);
  private MockHttpServer server;

  /** Answers every request with its path and body length. */
  private final RequestHandler handler = new RequestHandler() {
    @Override
    public HttpReply handle(String method, String path, Map<String, String> headers, byte[] body) {
      return new HttpReply(200, Map.of("x-ots-requestid", "r"), (path + ":" + body.length).getBytes(StandardCharsets.UTF_8), 0);
    }

    @Override
    public HttpReply error(String path, OtsException error) {
      return new HttpReply(error.errorCode().httpStatus(), Map.of("x-ots-requestid", "r"),
          error.errorCode().code().getBytes(StandardCharsets.UTF_8), 0);
    }
  };

  private void start(Duration readTimeout, Duration idleTimeout) {
    server = MockHttpServer.start(new ServerOptions("127.0.0.1", 0, MAX_BODY, BODY_MEMORY, readTimeout, idleTimeout, 0),
        handler);
  }

  @AfterEach
  void stop() throws IOException {
    for (Socket socket : sockets) {
      socket.close();
    }
    if (server != null) {
      server.close();
    }
    log.close();
  }

  @Test
  void halfSentBodiesHoldWhatHasArrivedNotWhatTheyAnnounced() throws Exception {
    start(Duration.ofSeconds(30), Duration.ofSeconds(30));
    for (int i = 0; i < 20; i++) {
      sendPart("/Half" + i, MAX_BODY, 1000);
    }
    // Announced: 20 x 5 MB = 100 MB, twelve times the cap. Held: one first array each.
    awaitHeld(20L * FIRST_ARRAY);

    HttpResponse<String> whole = post("/Whole", new byte[MAX_BODY]);
    assertThat(whole.statusCode()).as("a whole 5 MB body still fits beside them").isEqualTo(200);
    assertThat(whole.body()).isEqualTo("/Whole:" + MAX_BODY);
    assertThat(server.heldBodyBytes()).as("the answered body's memory is released").isEqualTo(20L * FIRST_ARRAY);
  }

  @Test
  void aBodyBeyondTheCapIsAnsweredServerBusyItsConnectionClosedAndLoggedAndClosingTheOthersFreesTheirMemory()
      throws Exception {
    start(Duration.ofSeconds(30), Duration.ofSeconds(30));
    // 3 MB of 5 MB each: the array doubles from 64 KB to 4 MB; two of them hold the whole 8 MB cap.
    Socket first = sendPart("/First", MAX_BODY, 3 * 1024 * 1024);
    awaitHeld(4L * 1024 * 1024);
    Socket second = sendPart("/Second", MAX_BODY, 3 * 1024 * 1024);
    awaitHeld(8L * 1024 * 1024);
    Socket third = sendPart("/Third", MAX_BODY, 1000);

    String answer = new String(third.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
    assertThat(answer).startsWith("HTTP/1.1 503 Service Unavailable\r\n").contains("\r\nConnection: close\r\n")
        .endsWith("\r\n\r\nOTSServerBusy");
    assertThat(log.lines()).anySatisfy(line -> assertThat(line).startsWith("WARN Closing the connection from /127.0.0.1:")
        .contains("POST /Third: request bodies would hold more than the 8388608-byte cap")
        .contains("answered OTSServerBusy"));

    first.close();
    second.close();
    awaitHeld(0);
    assertThat(post("/After", new byte[MAX_BODY]).body()).isEqualTo("/After:" + MAX_BODY);
  }

  @Test
  void aBodySentAByteAtATimeIsAnsweredOtsTimeoutAtItsDeadlineAndItsConnectionClosedAndLogged() throws Exception {
    start(Duration.ofSeconds(1), Duration.ofSeconds(30));
    Socket slow = connect();
    slow.getOutputStream().write(head("/Slow", 100));
    Thread trickle = trickle(slow.getOutputStream(), new byte[100]);

    String answer = new String(slow.getInputStream().readAllBytes(), StandardCharsets.US_ASCII);
    trickle.join(10_000);

    assertThat(answer).startsWith("HTTP/1.1 503 Service Unavailable\r\n").contains("\r\nConnection: close\r\n")
        .endsWith("\r\n\r\nOTSTimeout");
    assertThat(log.lines()).anySatisfy(line -> assertThat(line).startsWith("WARN Closing the connection from /127.0.0.1:")
        .containsPattern("POST /Slow: request not received within 1s \\(\\d+ of 100 body bytes arrived; answered OTSTimeout\\)"));
    assertThat(server.heldBodyBytes()).isZero();
  }

  @Test
  void headersSentAByteAtATimeAreCutOffAtTheDeadlineWithoutAnAnswer() throws Exception {
    start(Duration.ofSeconds(1), Duration.ofSeconds(30));
    Socket slow = connect();
    Thread trickle = trickle(slow.getOutputStream(), "POST /Slow HTTP/1.1\r\nHost: x\r\nX-Padding: aaaaaaaaaaaaaaaaaaaaaaaa"
        .getBytes(StandardCharsets.US_ASCII));

    byte[] answer = slow.getInputStream().readAllBytes();
    trickle.join(10_000);

    assertThat(answer).as("nothing to answer: the request line and headers never all came").isEmpty();
    assertThat(log.lines()).anySatisfy(line -> assertThat(line).startsWith("WARN Closing the connection from /127.0.0.1:")
        .endsWith(": a request's headers not received within 1s"));
  }

  @Test
  void theDeadlineIsPerRequestSoAKeepAliveConnectionServesRequestsLongAfterItOpened() throws Exception {
    start(Duration.ofSeconds(1), Duration.ofSeconds(30));
    Socket socket = connect();
    OutputStream out = socket.getOutputStream();
    InputStream in = socket.getInputStream();
    for (int i = 0; i < 3; i++) {
      out.write(head("/Request" + i, 3));
      out.write("abc".getBytes(StandardCharsets.US_ASCII));
      assertThat(readReply(in)).isEqualTo("/Request" + i + ":3");
      Thread.sleep(700); // three requests over 2 s on one connection, each well within its second
    }
    assertThat(log.lines()).isEmpty();
  }

  @Test
  void anIdleKeepAliveConnectionIsClosedAndLogged() throws Exception {
    start(Duration.ofSeconds(30), Duration.ofSeconds(1));
    Socket socket = connect();
    socket.getOutputStream().write(head("/Once", 0));
    InputStream in = socket.getInputStream();
    assertThat(readReply(in)).isEqualTo("/Once:0");

    assertThat(in.read()).as("closed by the server after the idle timeout").isEqualTo(-1);
    assertThat(log.lines()).anySatisfy(line -> assertThat(line).startsWith("INFO Closing the connection from /127.0.0.1:")
        .endsWith(": idle for 1 s (the idle timeout)"));
  }

  private Socket connect() throws IOException {
    Socket socket = new Socket("127.0.0.1", server.port());
    socket.setSoTimeout(15_000);
    sockets.add(socket);
    return socket;
  }

  /** Opens a connection and sends a request announcing {@code announced} body bytes, and {@code sent} of them. */
  private Socket sendPart(String path, int announced, int sent) throws IOException {
    Socket socket = connect();
    OutputStream out = socket.getOutputStream();
    out.write(head(path, announced));
    out.write(new byte[sent]);
    out.flush();
    return socket;
  }

  private static byte[] head(String path, int contentLength) {
    return ("POST " + path + " HTTP/1.1\r\nHost: x\r\nContent-Length: " + contentLength + "\r\n\r\n")
        .getBytes(StandardCharsets.US_ASCII);
  }

  /** Sends {@code bytes} one every 100 ms from another thread, until they are all sent or the connection breaks. */
  private static Thread trickle(OutputStream out, byte[] bytes) {
    Thread thread = new Thread(() -> {
      try {
        for (byte b : bytes) {
          out.write(b);
          out.flush();
          Thread.sleep(100);
        }
      } catch (IOException | InterruptedException closed) {
        // the server closed the connection: what the test waits for
      }
    }, "trickle");
    thread.setDaemon(true);
    thread.start();
    return thread;
  }

  private void awaitHeld(long bytes) throws InterruptedException {
    LongSupplier held = server::heldBodyBytes;
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (held.getAsLong() != bytes && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    assertThat(held.getAsLong()).as("bytes held by request bodies").isEqualTo(bytes);
  }

  private HttpResponse<String> post(String path, byte[] body) throws Exception {
    return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
        .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());
  }

  /** Reads one 200 response with a Content-Length body and returns the body. */
  private static String readReply(InputStream in) throws IOException {
    StringBuilder head = new StringBuilder();
    while (!head.toString().endsWith("\r\n\r\n")) {
      int b = in.read();
      assertThat(b).as("the response head ends before the connection closes").isNotNegative();
      head.append((char) b);
    }
    assertThat(head.toString()).startsWith("HTTP/1.1 200 OK\r\n");
    int at = head.indexOf("Content-Length: ") + "Content-Length: ".length();
    int length = Integer.parseInt(head.substring(at, head.indexOf("\r\n", at)));
    return new String(in.readNBytes(length), StandardCharsets.US_ASCII);
  }
}
