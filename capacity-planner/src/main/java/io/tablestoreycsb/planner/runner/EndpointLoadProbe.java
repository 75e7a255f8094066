package io.tablestoreycsb.planner.runner;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.InetAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;

/**
 * Reads the endpoint's own view of its load when the endpoint is tablestore-mock ({@code GET /mock/load}:
 * per table partition, how much of its capacity limiter's time was reserved and how long responses
 * waited; the latency its rules injected; its process's CPU time) and appends each reading to
 * {@link ResultFiles#ENDPOINT_LOAD_FILE}, one JSON line: {@code {"sampledEpochMs":..,"local":..,"load":{..}}}.
 * One small request a second on a connection of its own, beside the measured requests, never among them.
 * The first answer that is not the mock's (the real service has no such path) stops it for good.
 *
 * <p>It uses {@link HttpURLConnection}, as {@link io.tablestoreycsb.kit.resources.ClockProbe} does:
 * {@code java.net.http.HttpClient} loaded some 440 classes (its TLS set-up among them) into every runner
 * JVM and started a selector thread for every cell.
 */
public final class EndpointLoadProbe {
  /** The mock's path of its load report. */
  public static final String PATH = "/mock/load";
  private static final Duration TIMEOUT = Duration.ofSeconds(2);

  private final URI uri;
  private final boolean local;
  private final Path file;
  private volatile boolean stopped;

  EndpointLoadProbe(URI endpoint, Path file) {
    this.uri = endpoint.resolve(PATH);
    this.local = isLoopback(endpoint.getHost());
    this.file = file;
  }

  /** A probe of the endpoint at {@code endpoint} (the runner's tablestore.endpoint). */
  public static EndpointLoadProbe of(String endpoint, Path file) {
    return new EndpointLoadProbe(URI.create(endpoint.strip()), file);
  }

  /** Reads the endpoint's load once and appends it; after an answer that is not the mock's, does nothing. */
  public void sample() {
    if (stopped) {
      return;
    }
    try {
      HttpURLConnection connection = (HttpURLConnection) uri.toURL().openConnection();
      connection.setConnectTimeout((int) TIMEOUT.toMillis());
      connection.setReadTimeout((int) TIMEOUT.toMillis());
      int status = connection.getResponseCode();
      String body;
      // Read to the end either way, so the connection is kept for the next reading.
      try (InputStream in = status >= 400 ? connection.getErrorStream() : connection.getInputStream()) {
        body = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
      }
      if (status != 200 || !body.startsWith("{\"monotonicNanos\"")) {
        stopped = true;
        return;
      }
      Files.writeString(file, "{\"sampledEpochMs\":" + System.currentTimeMillis() + ",\"local\":" + local
          + ",\"load\":" + body + "}\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException | RuntimeException e) {
      // one reading missed: the next one a second later counts from the same counters
    }
  }

  /** Whether the endpoint host is this machine's loopback (then it shares the runner's processors). */
  static boolean isLoopback(String host) {
    if (host == null) {
      return false;
    }
    try {
      return InetAddress.getByName(host).isLoopbackAddress();
    } catch (IOException e) {
      return false;
    }
  }
}
