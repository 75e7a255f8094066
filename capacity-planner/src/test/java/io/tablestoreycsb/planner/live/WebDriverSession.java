package io.tablestoreycsb.planner.live;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A headless Chromium driven through chromedriver with the W3C WebDriver protocol, JSON over HTTP on 127.0.0.1:
 * the four commands a test of a page needs (new session, navigate, execute a script, end). Spoken directly
 * rather than through Selenium, whose client is a dozen jars for these four requests.
 */
final class WebDriverSession implements AutoCloseable {
  /** Debian's chromium and chromium-driver packages. */
  static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Process driver;
  private final HttpClient http = HttpClient.newHttpClient();
  private final String base;
  private String session;

  private WebDriverSession(Process driver, String base) {
    this.driver = driver;
    this.base = base;
  }

  /** Why there is no browser here, or null when there is. */
  static String unavailable() {
    if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
      return "no " + CHROMIUM + " and " + CHROMEDRIVER + " (Debian's chromium and chromium-driver; .ci/with-browser"
          + " installs them)";
    }
    return null;
  }

  /** Starts chromedriver on a free loopback port and a headless Chromium session through it. */
  static WebDriverSession start(Path logDir) throws IOException, InterruptedException {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Process driver = new ProcessBuilder(CHROMEDRIVER.toString(), "--port=" + port, "--allowed-ips=127.0.0.1")
        .redirectErrorStream(true).redirectOutput(logDir.resolve("chromedriver.log").toFile()).start();
    WebDriverSession s = new WebDriverSession(driver, "http://127.0.0.1:" + port);
    try {
      for (int i = 0; ; i++) {
        try {
          if (s.call("GET", "/status", null).path("value").path("ready").asBoolean()) {
            break;
          }
        } catch (IOException notYet) {
          if (i > 100 || !driver.isAlive()) {
            throw new IOException("chromedriver did not answer on port " + port + ": " + notYet.getMessage());
          }
        }
        Thread.sleep(200);
      }
      JsonNode created = s.call("POST", "/session", Map.of("capabilities", Map.of("alwaysMatch", Map.of(
          "browserName", "chrome", "goog:chromeOptions", Map.of("binary", CHROMIUM.toString(), "args", List.of(
              "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              "--user-data-dir=" + logDir.resolve("profile")))))));
      s.session = created.path("value").path("sessionId").asText();
      return s;
    } catch (IOException | RuntimeException e) {
      s.close();
      throw e;
    }
  }

  void navigate(String url) throws IOException, InterruptedException {
    call("POST", "/session/" + session + "/url", Map.of("url", url));
  }

  /** Runs {@code script} in the page (a function body; {@code return} its value) and returns the value. */
  JsonNode execute(String script) throws IOException, InterruptedException {
    return call("POST", "/session/" + session + "/execute/sync", Map.of("script", script, "args", List.of()))
        .path("value");
  }

  private JsonNode call(String method, String path, Object body) throws IOException, InterruptedException {
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(60))
        .header("Content-Type", "application/json; charset=utf-8");
    request.method(method, body == null ? HttpRequest.BodyPublishers.noBody()
        : HttpRequest.BodyPublishers.ofByteArray(JSON.writeValueAsBytes(body)));
    HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    JsonNode json = JSON.readTree(response.body());
    if (response.statusCode() != 200) {
      throw new IOException("WebDriver " + method + " " + path + ": " + response.statusCode() + " "
          + json.path("value").path("message").asText(response.body()));
    }
    return json;
  }

  @Override
  public void close() {
    try {
      if (session != null) {
        call("DELETE", "/session/" + session, null);
      }
    } catch (IOException | InterruptedException | RuntimeException e) {
      // The driver is ended below either way.
    } finally {
      driver.destroy();
      try {
        if (!driver.waitFor(10, java.util.concurrent.TimeUnit.SECONDS)) {
          driver.destroyForcibly();
        }
      } catch (InterruptedException e) {
        driver.destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
  }
}
