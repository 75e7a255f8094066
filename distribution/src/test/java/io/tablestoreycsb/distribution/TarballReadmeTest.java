package io.tablestoreycsb.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The tarball's README works as written: its "Try it against the local endpoint" commands, run
 * as they stand with bash from an unpacked copy of the distribution, start the mock, create the
 * table, load 10,000 rows, count them and read them back. Nothing of the build is needed.
 */
class TarballReadmeTest {
  private static final Pattern BASH_BLOCK = Pattern.compile("```bash\\n(.*?)```", Pattern.DOTALL);

  @TempDir
  Path unpacked;

  private final Path dist = Path.of(System.getProperty("tsy.dist.dir", "target/missing"));

  @Test
  void theReadmeIsTheRunnerMachinesOwn() throws Exception {
    String readme = Files.readString(dist.resolve("README.md"));
    assertThat(readme).contains("conf/tablestore.properties").contains("docs/binding.md")
        .doesNotContain("mvn ").doesNotContain("distribution/src/conf");
  }

  @Test
  void theLocalEndpointWalkThroughRunsAsWritten() throws Exception {
    String readme = Files.readString(dist.resolve("README.md"));
    String section = readme.substring(readme.indexOf("## 2."), readme.indexOf("## 3."));
    Matcher block = BASH_BLOCK.matcher(section);
    assertThat(block.find()).as("a bash block in section 2").isTrue();
    copyDistribution();

    File out = unpacked.resolve("out.txt").toFile();
    File err = unpacked.resolve("err.txt").toFile();
    ProcessBuilder pb = new ProcessBuilder("bash", "-e", "-c", block.group(1)).directory(unpacked.toFile())
        .redirectOutput(out).redirectError(err);
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    Process bash = pb.start();
    try {
      assertThat(bash.waitFor(300, TimeUnit.SECONDS)).as("the README's commands finished").isTrue();
    } finally {
      // A failed command leaves the background mock running: stop everything the block started.
      bash.descendants().forEach(ProcessHandle::destroy);
      bash.destroy();
    }
    String stdout = Files.readString(out.toPath());
    assertThat(bash.exitValue()).as("exit status; stderr:%n%s", Files.readString(err.toPath())).isZero();
    assertThat(stdout).contains("tablestore-mock listening on http://127.0.0.1:")
        .containsPattern("(?m)^10000$")
        .contains("[READ], Return=OK, 10000");
  }

  /** An unpacked tarball: bin, conf, workloads and docs copied, lib linked (it is read only). */
  private void copyDistribution() throws Exception {
    for (String dir : List.of("bin", "conf", "workloads", "docs")) {
      try (Stream<Path> files = Files.walk(dist.resolve(dir))) {
        for (Path source : files.toList()) {
          Path target = unpacked.resolve(dist.relativize(source).toString());
          if (Files.isDirectory(source)) {
            Files.createDirectories(target);
          } else {
            Files.copy(source, target, java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
          }
        }
      }
    }
    Files.copy(dist.resolve("README.md"), unpacked.resolve("README.md"));
    Files.createSymbolicLink(unpacked.resolve("lib"), dist.resolve("lib").toAbsolutePath());
  }
}
