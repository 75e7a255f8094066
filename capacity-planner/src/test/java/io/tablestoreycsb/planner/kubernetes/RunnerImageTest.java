package io.tablestoreycsb.planner.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.cluster.kubernetes.RunnerImages;
import io.tablestoreycsb.cluster.kubernetes.DockerEngine;
import io.tablestoreycsb.cluster.kubernetes.DockerEngine.Docker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The runner image as Jib built it, started with its own entrypoint (the pods of
 * {@link KubernetesPlanTest} replace it with the rendered command): its JVM flags name a Log4j
 * configuration the image's user can read, its class path starts the pod runner, and it holds the
 * workloads. Runs where a Docker engine holds the image (skipped elsewhere, failed instead with
 * {@code TSY_CONTAINER_TESTS=required}).
 */
@ExtendWith(RunnerImageTest.ImageInTheEngine.class)
class RunnerImageTest {
  private static final String IMAGE = RunnerImages.runnerImage();

  /** Enabled where the engine holds the image, or where it must ({@code TSY_CONTAINER_TESTS=required}). */
  static final class ImageInTheEngine implements ExecutionCondition {
    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
      String missing = DockerEngine.whyNotAvailable(IMAGE, RunnerImages.RUNNER_IMAGE_BUILD);
      if (missing == null) {
        return ConditionEvaluationResult.enabled("the engine holds " + IMAGE);
      }
      if ("required".equals(System.getenv(RunnerImages.REQUIRED_ENV))) {
        return ConditionEvaluationResult.enabled(RunnerImages.REQUIRED_ENV + "=required: fails, " + missing);
      }
      return ConditionEvaluationResult.disabled(missing);
    }
  }

  @Test
  void itsEntrypointStartsThePodRunnerWithTheDistributionsLoggingAsANonRootUser() {
    Docker config = Docker.run("image", "inspect", "--format",
        "{{.Config.User}} {{.Config.WorkingDir}} {{json .Config.Entrypoint}}", IMAGE);
    assertThat(config.exit()).as(config.output()).isZero();
    assertThat(config.output()).startsWith("1000:1000 /opt/tablestore-ycsb ")
        .contains("\"-Dlog4j2.configurationFile=" + PodLayout.IMAGE_LOG4J_CONFIG + "\"")
        .contains("\"" + PodRunner.class.getName() + "\"");

    Docker help = Docker.run("run", "--rm", "--network", "none", IMAGE, "--help");
    assertThat(help.exit()).as(help.output()).isZero();
    assertThat(help.output()).contains("Serves runner JOB_COMPLETION_INDEX of a capacity plan's cells");

    Docker readable = Docker.run("run", "--rm", "--network", "none", "--entrypoint", "cat", IMAGE,
        PodLayout.IMAGE_LOG4J_CONFIG);
    assertThat(readable.exit()).as(readable.output()).isZero();
    assertThat(readable.output()).contains("rootLogger.level"); // conf/log4j2.properties, readable by the pod's user
  }

  @Test
  void itHoldsTheWorkloadsAndAJavaOnThePath() {
    Docker workloads = Docker.run("run", "--rm", "--network", "none", "--entrypoint", "ls", IMAGE,
        "/opt/tablestore-ycsb/workloads");
    assertThat(workloads.exit()).as(workloads.output()).isZero();
    assertThat(workloads.output().lines()).contains("tablestore-batch-write", "tablestore-random-read", "matrix");

    Docker java = Docker.run("run", "--rm", "--network", "none", "--entrypoint", "java", IMAGE, "-version");
    assertThat(java.exit()).as(java.output()).isZero();
    assertThat(java.output()).contains("version \"17");
  }
}
