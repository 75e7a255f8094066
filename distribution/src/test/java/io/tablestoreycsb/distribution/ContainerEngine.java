package io.tablestoreycsb.distribution;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.testcontainers.DockerClientFactory;

/**
 * Runs a container test where a Docker engine answers, skips it (saying so) where none does, and
 * runs it anyway, to fail, when {@code TSY_CONTAINER_TESTS=required} (CI with an engine: a container
 * test must not pass by being skipped).
 */
final class ContainerEngine implements ExecutionCondition {
  static final String REQUIRED_ENV = "TSY_CONTAINER_TESTS";

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    if (DockerClientFactory.instance().isDockerAvailable()) {
      return ConditionEvaluationResult.enabled("a Docker engine answers");
    }
    if ("required".equals(System.getenv(REQUIRED_ENV))) {
      return ConditionEvaluationResult.enabled(REQUIRED_ENV + "=required and no Docker engine answers: it fails");
    }
    return ConditionEvaluationResult.disabled("no Docker engine answers (DOCKER_HOST or the default socket)");
  }
}
