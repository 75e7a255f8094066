package io.tablestoreycsb.planner.live;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The live view's HTTP server, on 127.0.0.1 only: {@code /} the page (it polls {@code /state.json} once a
 * second and redraws without reloading), {@code /state.json} the {@link LiveSnapshot}, {@code /metrics} the same
 * in the Prometheus text format. The JDK's own server: one thread, nothing to add to the class path.
 */
public final class LiveServer implements AutoCloseable {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final HttpServer server;
  private final ExecutorService threads;
  private final LiveView view;

  private LiveServer(HttpServer server, ExecutorService threads, LiveView view) {
    this.server = server;
    this.threads = threads;
    this.view = view;
  }

  /** Serves {@code view} on 127.0.0.1:{@code port} (0: a free port). */
  public static LiveServer start(LiveView view, int port) throws IOException {
    HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
    ExecutorService threads = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "live-view");
      t.setDaemon(true);
      return t;
    });
    LiveServer live = new LiveServer(server, threads, view);
    server.createContext("/", live::handle);
    server.setExecutor(threads);
    server.start();
    return live;
  }

  /** "http://127.0.0.1:PORT/". */
  public String address() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/";
  }

  public LiveView view() {
    return view;
  }

  private void handle(HttpExchange exchange) throws IOException {
    try (exchange) {
      if (!exchange.getRequestMethod().equals("GET") && !exchange.getRequestMethod().equals("HEAD")) {
        send(exchange, 405, "text/plain; charset=utf-8", "only GET\n".getBytes(StandardCharsets.UTF_8));
        return;
      }
      switch (exchange.getRequestURI().getPath()) {
        case "/", "/index.html" -> send(exchange, 200, "text/html; charset=utf-8", page());
        case "/state.json" -> send(exchange, 200, "application/json", JSON.writeValueAsBytes(view.snapshot()));
        case "/metrics" -> send(exchange, 200, LiveMetrics.CONTENT_TYPE,
            LiveMetrics.of(view.snapshot()).getBytes(StandardCharsets.UTF_8));
        default -> send(exchange, 404, "text/plain; charset=utf-8",
            "not found: the live view serves /, /state.json and /metrics\n".getBytes(StandardCharsets.UTF_8));
      }
    } catch (RuntimeException e) {
      // One bad request must not end the server a plan of hours reports through.
      exchange.close();
    }
  }

  private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
    exchange.getResponseHeaders().set("Content-Type", type);
    exchange.getResponseHeaders().set("Cache-Control", "no-store");
    boolean head = exchange.getRequestMethod().equals("HEAD");
    exchange.sendResponseHeaders(status, head ? -1 : body.length);
    if (!head) {
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(body);
      }
    }
  }

  private static byte[] page() {
    try (InputStream in = LiveServer.class.getResourceAsStream("live.html")) {
      if (in == null) {
        throw new IllegalStateException("live.html is missing from the planner's jar");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() {
    server.stop(0);
    threads.shutdownNow();
  }
}
