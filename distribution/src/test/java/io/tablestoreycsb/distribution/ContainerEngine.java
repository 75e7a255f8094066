package io.tablestoreycsb.distribution;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.SocketChannel;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.testcontainers.DockerClientFactory;

/**
 * Runs a container test where a Docker engine answers, skips it (saying why) where none does, and
 * runs it anyway, to fail, when {@code TSY_CONTAINER_TESTS=required} (CI with an engine: a container
 * test must not pass by being skipped).
 *
 * <p>The engine is the one {@code DOCKER_HOST} names, as for the {@code docker} command; only without
 * it does Testcontainers look for one (it would otherwise fall back to the default socket when
 * {@code DOCKER_HOST} does not answer).
 */
final class ContainerEngine implements ExecutionCondition {
  static final String REQUIRED_ENV = "TSY_CONTAINER_TESTS";
  private static final int CONNECT_TIMEOUT_MS = 5000;

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    String missing = whyNoEngine();
    if (missing == null) {
      return ConditionEvaluationResult.enabled("a Docker engine answers");
    }
    if ("required".equals(System.getenv(REQUIRED_ENV))) {
      return ConditionEvaluationResult.enabled(REQUIRED_ENV + "=required: fails, " + missing);
    }
    return ConditionEvaluationResult.disabled(missing);
  }

  private static String whyNoEngine() {
    String dockerHost = System.getenv("DOCKER_HOST");
    if (dockerHost != null && !dockerHost.isBlank()) {
      String refused = refused(URI.create(dockerHost));
      if (refused != null) {
        return "DOCKER_HOST=" + dockerHost + " does not answer (" + refused + ")";
      }
    }
    try {
      return DockerClientFactory.instance().isDockerAvailable() ? null
          : "no Docker engine answers (DOCKER_HOST or the default socket)";
    } catch (RuntimeException e) { // an engine Testcontainers found but cannot use
      return "Testcontainers cannot use the Docker engine: " + e.getMessage();
    }
  }

  /** Why a connection to the engine's socket fails, or null when it connects (or its kind is not checked here). */
  private static String refused(URI engine) {
    try {
      switch (String.valueOf(engine.getScheme())) {
        case "unix" -> {
          try (SocketChannel channel = SocketChannel.open(UnixDomainSocketAddress.of(engine.getPath()))) {
            return null;
          }
        }
        case "tcp" -> {
          try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(engine.getHost(), engine.getPort()), CONNECT_TIMEOUT_MS);
            return null;
          }
        }
        default -> {
          return null;
        }
      }
    } catch (IOException e) {
      return e.toString();
    }
  }
}
