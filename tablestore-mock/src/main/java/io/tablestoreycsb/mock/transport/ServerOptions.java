package io.tablestoreycsb.mock.transport;

import java.time.Duration;

/**
 * How the HTTP server listens: address, body limit, idle timeout and where actions run.
 *
 * @param host address to bind (127.0.0.1 by default)
 * @param port port to bind; 0 picks a free one
 * @param maxRequestBodyBytes larger bodies are refused from Content-Length, unread
 * @param idleTimeout a keep-alive connection idle this long is closed
 * @param workerThreads 0 (the default): actions run on the connection's I/O event loop, the
 *     cheapest path (they are in-memory and never block; delays are scheduled). n > 0: a pool of n
 *     threads runs them, so that one connection's long action (a 5,000-row GetRange) does not hold
 *     up the other connections served by the same event loop, at the price of two thread handoffs
 *     per request
 */
public record ServerOptions(String host, int port, int maxRequestBodyBytes, Duration idleTimeout, int workerThreads) {
  public ServerOptions {
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port must be in 0..65535, got " + port);
    }
    if (maxRequestBodyBytes <= 0) {
      throw new IllegalArgumentException("maxRequestBodyBytes must be positive, got " + maxRequestBodyBytes);
    }
    if (workerThreads < 0) {
      throw new IllegalArgumentException("workerThreads must be 0 (run actions on the I/O event loop) or positive, got "
          + workerThreads);
    }
  }
}
