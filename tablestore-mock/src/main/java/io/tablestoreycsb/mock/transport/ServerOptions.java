package io.tablestoreycsb.mock.transport;

import java.time.Duration;

/**
 * How the HTTP server listens: address, body limits, time-outs and where actions run.
 *
 * @param host address to bind (127.0.0.1 by default)
 * @param port port to bind; 0 picks a free one
 * @param maxRequestBodyBytes larger bodies are refused from Content-Length, unread
 * @param bodyMemoryBytes what the bodies of all connections may hold together, from their first
 *     byte until their action has run (memory grows with the bytes received, not with the announced
 *     Content-Length); a body that would go beyond is answered OTSServerBusy and its connection
 *     closed. At least {@code maxRequestBodyBytes}, so that one request of the largest size fits
 * @param requestReadTimeout a request (line, headers and body) must arrive whole this long after
 *     its first byte; otherwise it is answered OTSTimeout (or, before its headers have come, not
 *     answered) and its connection closed
 * @param idleTimeout a keep-alive connection idle this long is closed
 * @param workerThreads 0 (the default): actions run on the connection's I/O event loop, the
 *     cheapest path (they are in-memory and never block; delays are scheduled). n > 0: a pool of n
 *     threads runs them, so that one connection's long action (a 5,000-row GetRange) does not hold
 *     up the other connections served by the same event loop, at the price of two thread handoffs
 *     per request
 */
public record ServerOptions(String host, int port, int maxRequestBodyBytes, long bodyMemoryBytes,
    Duration requestReadTimeout, Duration idleTimeout, int workerThreads) {
  /** The default request read timeout: far longer than any SDK takes to send 5 MB to a local endpoint. */
  public static final Duration DEFAULT_REQUEST_READ_TIMEOUT = Duration.ofSeconds(30);

  public ServerOptions {
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port must be in 0..65535, got " + port);
    }
    if (maxRequestBodyBytes <= 0) {
      throw new IllegalArgumentException("maxRequestBodyBytes must be positive, got " + maxRequestBodyBytes);
    }
    if (bodyMemoryBytes < maxRequestBodyBytes) {
      throw new IllegalArgumentException("bodyMemoryBytes must be at least maxRequestBodyBytes (" + maxRequestBodyBytes
          + "), so that one request of the largest size fits, got " + bodyMemoryBytes);
    }
    if (requestReadTimeout.isNegative() || requestReadTimeout.isZero()) {
      throw new IllegalArgumentException("requestReadTimeout must be positive, got " + requestReadTimeout);
    }
    if (workerThreads < 0) {
      throw new IllegalArgumentException("workerThreads must be 0 (run actions on the I/O event loop) or positive, got "
          + workerThreads);
    }
  }

  /**
   * The default cap on the bodies held: a quarter of the JVM's max heap (stored rows get half by
   * default), and never less than {@code maxRequestBodyBytes}.
   */
  public static long defaultBodyMemoryBytes(int maxRequestBodyBytes) {
    return Math.max(maxRequestBodyBytes, Runtime.getRuntime().maxMemory() / 4);
  }
}
