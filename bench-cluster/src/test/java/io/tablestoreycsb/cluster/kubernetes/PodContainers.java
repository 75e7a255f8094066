package io.tablestoreycsb.cluster.kubernetes;

import io.fabric8.kubernetes.api.model.Pod;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * Where the test kubelet runs a pod's container: in the Docker engine from the runner image
 * ({@link DockerPodContainers}), or, where there is none, as a process of this machine
 * ({@link LocalProcessPodContainers}).
 */
public interface PodContainers extends AutoCloseable {

  /** The environment variable that makes a missing engine or runner image fail the tests instead. */
  String REQUIRED_ENV = "TSY_CONTAINER_TESTS";

  /** The name (without tag) of the planner's runner image. */
  String RUNNER_IMAGE_NAME = "tablestore-ycsb-runner";

  /**
   * The runner image the tests' pods use: the one Jib builds ({@code -Prunner-image}), as capacity-planner's
   * pom passes it ({@code runner.image}), else (a test started outside Maven) as Jib tags it by default.
   */
  static String runnerImage() {
    return System.getProperty("runner.image", ofThisVersion(RUNNER_IMAGE_NAME));
  }

  /**
   * The image {@code name} tagged with the project's version, as the poms tag the images Jib builds: what a
   * user who built them has (never a tag only the tests know).
   */
  static String ofThisVersion(String name) {
    try (InputStream in = PodContainers.class.getResourceAsStream("image-tag.properties")) {
      Properties tag = new Properties();
      if (in != null) {
        tag.load(in);
      }
      String version = tag.getProperty("version", "");
      if (version.isEmpty() || version.startsWith("${")) {
        throw new IllegalStateException("image-tag.properties was not filtered by Maven: build bench-cluster's"
            + " test classes with Maven (mvn -pl bench-cluster test-compile) to know the images' tag");
      }
      return name + ":" + version;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** How the planner's runner image is built into the Docker engine. */
  String RUNNER_IMAGE_BUILD = "mvn -B -Prunner-image -pl capacity-planner -am package -DskipTests "
      + "-Djib.goal=dockerBuild";

  /** {@link #forThisMachine(String, String)} for the planner's runner image. */
  static PodContainers forThisMachine() {
    return forThisMachine(runnerImage(), RUNNER_IMAGE_BUILD);
  }

  /**
   * Docker when its engine answers and holds {@code image}; otherwise local processes, saying why once.
   * With {@code TSY_CONTAINER_TESTS=required} (CI with an engine) there is no fallback.
   *
   * @param build the command that builds the image into the Docker engine, for the message when it is missing
   */
  static PodContainers forThisMachine(String image, String build) {
    String missing = DockerPodContainers.whyNotAvailable(image, build);
    if (missing == null) {
      DockerPodContainers.explainOnce(image);
      return new DockerPodContainers();
    }
    if ("required".equals(System.getenv(REQUIRED_ENV))) {
      throw new IllegalStateException(REQUIRED_ENV + "=required, but " + missing);
    }
    LocalProcessPodContainers.explainOnce(missing);
    return new LocalProcessPodContainers();
  }

  /**
   * Starts the container of a one-container pod; the process returned ends when the container does,
   * with its exit code, its output (stdout and stderr) going to {@code log}.
   *
   * @param env the container's environment, secrets resolved
   * @param mounts mount path in the container to the local directory holding the volume
   * @param podDir a local directory of this pod
   */
  Process start(Pod pod, Map<String, String> env, Map<String, Path> mounts, Path podDir,
      Path log) throws IOException;

  /** Whether a pod of this image can start (a node would otherwise fail to pull it). */
  boolean hasImage(String image);

  /** Kills a pod's container at once (SIGKILL), as the OOM killer would. */
  void kill(Pod pod, Process process);

  /** Whether the pod's containers run in an engine (then files the pod reads must be readable by its user). */
  boolean isolated();

  /** Stops and removes every container still there. */
  @Override
  void close();
}
