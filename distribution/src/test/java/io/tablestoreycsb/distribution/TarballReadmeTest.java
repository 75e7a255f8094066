package io.tablestoreycsb.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The tarball's README is written for a runner machine: it points at conf/ and docs/, never at the
 * build. Its commands run in DocumentedCommandsTest.
 */
class TarballReadmeTest {
  private final Path dist = Path.of(System.getProperty("tsy.dist.dir", "target/missing"));

  @Test
  void theReadmeIsTheRunnerMachinesOwn() throws Exception {
    String readme = Files.readString(dist.resolve("README.md"));
    assertThat(readme).contains("conf/tablestore.properties").contains("docs/binding.md")
        .doesNotContain("mvn ").doesNotContain("distribution/src/conf");
  }
}
