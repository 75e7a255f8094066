package io.tablestoreycsb.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.testcontainers.images.builder.ImageFromDockerfile;

/**
 * The mock's container image as the docs build it: tablestore-mock/Dockerfile over the unpacked distribution
 * ({@code tsy.dist.dir}), labelled with this test run so that .ci/with-docker removes whatever a test leaves.
 */
final class MockImage {
  static final String RUN_LABEL = "io.tablestoreycsb.test-run";
  static final String RUN = System.getenv().getOrDefault("TSY_TEST_RUN", "pid-" + ProcessHandle.current().pid());

  private MockImage() {}

  /** The image, named {@code name:<run>}; built when first asked for, not deleted on exit (the test removes it). */
  static ImageFromDockerfile fromDistribution(String name) {
    Path dist = Path.of(System.getProperty("tsy.dist.dir", "target/missing"));
    assertThat(dist.resolve("lib")).as("distribution directory built by 'mvn package'").isDirectory();
    Path dockerfile = Path.of("..", "tablestore-mock", "Dockerfile");
    assertThat(dockerfile).isRegularFile();
    return new ImageFromDockerfile(name + ":" + RUN.toLowerCase(Locale.ROOT), false)
        .withFileFromPath(".", dist)
        .withFileFromPath("Dockerfile", dockerfile)
        .withBuildImageCmdModifier(build -> build.withLabels(Map.of(RUN_LABEL, RUN)));
  }
}
