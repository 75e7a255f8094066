package io.tablestoreycsb.planner.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.tablestoreycsb.planner.kubernetes.DockerPodContainers.Docker;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The runner image as Jib built it, started with its own entrypoint (the pods of
 * {@link KubernetesPlanTest} replace it with the rendered command): its JVM flags name a Log4j
 * configuration the image's user can read, its class path starts the pod runner, and it holds the
 * workloads. Runs where a Docker engine holds the image (skipped elsewhere, failed instead with
 * {@code TSY_CONTAINER_TESTS=required}).
 */
class RunnerImageTest {
  private static final String IMAGE = PodContainers.runnerImage();

  @BeforeAll
  static void imageInTheEngine() {
    String missing = DockerPodContainers.whyNotAvailable(IMAGE);
    if (missing != null && "required".equals(System.getenv(PodContainers.REQUIRED_ENV))) {
      fail(PodContainers.REQUIRED_ENV + "=required, but " + missing);
    }
    assumeTrue(missing == null, () -> missing);
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
    assertThat(help.output()).contains("Runs runner JOB_COMPLETION_INDEX of a capacity-plan cell");

    Docker readable = Docker.run("run", "--rm", "--network", "none", "--entrypoint", "cat", IMAGE,
        PodLayout.IMAGE_LOG4J_CONFIG);
    assertThat(readable.exit()).as(readable.output()).isZero();
    assertThat(readable.output()).contains("<Configuration");
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
