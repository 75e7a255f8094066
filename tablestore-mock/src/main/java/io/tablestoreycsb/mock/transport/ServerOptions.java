package io.tablestoreycsb.mock.transport;

import java.time.Duration;

/**
 * How the HTTP server listens: address, body limit, idle timeout and worker threads.
 *
 * @param host address to bind (127.0.0.1 by default)
 * @param port port to bind; 0 picks a free one
 * @param maxRequestBodyBytes larger bodies are refused from Content-Length, unread
 * @param idleTimeout a keep-alive connection idle this long is closed
 * @param workerThreads threads executing actions (off the I/O event loop)
 */
public record ServerOptions(String host, int port, int maxRequestBodyBytes, Duration idleTimeout, int workerThreads) {
  public ServerOptions {
    if (port < 0 || port > 65535) {
      throw new IllegalArgumentException("port must be in 0..65535, got " + port);
    }
    if (maxRequestBodyBytes <= 0) {
      throw new IllegalArgumentException("maxRequestBodyBytes must be positive, got " + maxRequestBodyBytes);
    }
    if (workerThreads <= 0) {
      throw new IllegalArgumentException("workerThreads must be positive, got " + workerThreads);
    }
  }
}
