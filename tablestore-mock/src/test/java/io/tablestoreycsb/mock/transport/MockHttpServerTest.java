package io.tablestoreycsb.mock.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.mock.protocol.OtsException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The HTTP layer alone, with a scripted handler: crashes, delays, ordering and the body limit. */
class MockHttpServerTest {
  private MockHttpServer server;
  private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

  /** Answers "/Boom" by throwing, "/Slow" after 200 ms, everything else at once with the path as body. */
  private final RequestHandler handler = new RequestHandler() {
    @Override
    public HttpReply handle(String method, String path, Map<String, String> headers, byte[] body) {
      if (path.equals("/Boom")) {
        throw new IllegalStateException("scripted crash");
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

  @BeforeEach
  void start() {
    server = MockHttpServer.start(new ServerOptions("127.0.0.1", 0, 1024, Duration.ofSeconds(30), 2), handler);
  }

  @AfterEach
  void stop() {
    server.close();
  }

  @Test
  void itBindsTheLoopbackAddressOnAnEphemeralPort() {
    assertThat(server.host()).isEqualTo("127.0.0.1");
    assertThat(server.port()).isPositive();
  }

  @Test
  void anUnexpectedExceptionIsAnInternalServerErrorAndTheServerKeepsServing() throws Exception {
    HttpResponse<String> crashed = post("/Boom", new byte[0]);
    HttpResponse<String> next = post("/Fine", new byte[3]);

    assertThat(crashed.statusCode()).isEqualTo(500);
    assertThat(crashed.body()).isEqualTo("OTSInternalServerError");
    assertThat(next.statusCode()).isEqualTo(200);
    assertThat(next.body()).isEqualTo("/Fine:3");
  }

  @Test
  void aBodyOverTheLimitIsRefusedAndTheServerKeepsServing() throws Exception {
    HttpResponse<String> tooLarge = post("/Big", new byte[1025]);
    HttpResponse<String> atLimit = post("/Fits", new byte[1024]);

    assertThat(tooLarge.statusCode()).isEqualTo(413);
    assertThat(tooLarge.body()).isEqualTo("OTSRequestBodyTooLarge");
    assertThat(atLimit.body()).isEqualTo("/Fits:1024");
  }

  @Test
  void aDelayedReplyDoesNotHoldUpOthers() throws Exception {
    CompletableFuture<HttpResponse<String>> slow = http.sendAsync(request("/Slow", new byte[0]), HttpResponse.BodyHandlers.ofString());
    HttpResponse<String> fast = post("/Fast", new byte[0]);

    assertThat(fast.body()).isEqualTo("/Fast:0");
    assertThat(slow.isDone()).as("the slow reply is still scheduled when the fast one arrives").isFalse();
    assertThat(slow.get().body()).isEqualTo("/Slow:0");
  }

  private HttpResponse<String> post(String path, byte[] body) throws Exception {
    return http.send(request(path, body), HttpResponse.BodyHandlers.ofString());
  }

  private HttpRequest request(String path, byte[] body) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port() + path))
        .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
  }
}
