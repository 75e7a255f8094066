package io.tablestoreycsb.cluster.kubernetes;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/**
 * The images the project's pods run, as the tests name them: the names and tags the poms give Jib
 * ({@code -Prunner-image}), and how CI asks that the image tests run rather than skip.
 */
public final class RunnerImages {
  private RunnerImages() {
  }

  /** The environment variable that makes a missing engine or runner image fail the tests instead. */
  public static final String REQUIRED_ENV = "TSY_CONTAINER_TESTS";

  /** The name (without tag) of the planner's runner image. */
  public static final String RUNNER_IMAGE_NAME = "tablestore-ycsb-runner";

  /**
   * The runner image the tests' pods use: the one Jib builds ({@code -Prunner-image}), as capacity-planner's
   * pom passes it ({@code runner.image}), else (a test started outside Maven) as Jib tags it by default.
   */
  public static String runnerImage() {
    return System.getProperty("runner.image", ofThisVersion(RUNNER_IMAGE_NAME));
  }

  /**
   * The image {@code name} tagged with the project's version, as the poms tag the images Jib builds: what a
   * user who built them has (never a tag only the tests know).
   */
  public static String ofThisVersion(String name) {
    try (InputStream in = RunnerImages.class.getResourceAsStream("image-tag.properties")) {
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
  public static final String RUNNER_IMAGE_BUILD = "mvn -B -Prunner-image -pl capacity-planner -am package -DskipTests "
      + "-Djib.goal=dockerBuild";
}
