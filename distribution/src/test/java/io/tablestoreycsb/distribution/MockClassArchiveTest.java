package io.tablestoreycsb.distribution;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bin/tablestore-mock starts from a class-data archive of its own: the first start writes it as the JVM exits,
 * the next moves it into place and maps it, and nothing of it reaches the mock's output.
 */
class MockClassArchiveTest {
  private static final long LIMIT_SECONDS = 120;
  private static final String READY = "tablestore-mock listening on ";

  @TempDir
  Path cache;

  @Test
  void theFirstStartWritesTheArchiveAndTheNextStartsFromIt() throws Exception {
    Path archives = cache.resolve("tablestore-ycsb/class-archives");

    Started first = start(Map.of());
    assertThat(first.mapsAnArchive()).as("no archive yet").isFalse();
    assertThat(first.stop()).isZero();
    assertThat(files(archives)).singleElement().satisfies(f -> {
      assertThat(f.getFileName().toString()).endsWith(".jsa-writing");
      assertThat(Files.size(f)).isPositive();
    });

    Started second = start(Map.of());
    assertThat(second.mapsAnArchive()).as("the JVM maps the archive the first start wrote").isTrue();
    assertThat(files(archives)).singleElement().satisfies(f ->
        assertThat(f.getFileName().toString()).startsWith("tablestore-mock-").endsWith(".jsa"));
    assertThat(second.stop()).isZero();
    assertThat(second.output()).as("only the ready line: no class-sharing messages").hasSize(1);
  }

  @Test
  void turnedOffNoArchiveIsWrittenOrUsed() throws Exception {
    Started off = start(Map.of("TSY_CLASS_ARCHIVE", "off"));
    assertThat(off.mapsAnArchive()).isFalse();
    assertThat(off.stop()).isZero();
    assertThat(files(cache.resolve("tablestore-ycsb/class-archives"))).isEmpty();
  }

  private static List<Path> files(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    try (Stream<Path> s = Files.list(dir)) {
      return s.toList();
    }
  }

  private Started start(Map<String, String> environment) throws Exception {
    Path dist = Path.of(System.getProperty("tsy.dist.dir", "target/missing"));
    assertThat(dist.resolve("lib")).as("distribution directory built by 'mvn package'").isDirectory();
    ProcessBuilder pb = new ProcessBuilder(dist.resolve("bin/tablestore-mock").toString(), "--port", "0")
        .directory(dist.toFile()).redirectErrorStream(true);
    pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
    pb.environment().put("XDG_CACHE_HOME", cache.toString());
    pb.environment().remove("TSY_JAVA_OPTS");
    pb.environment().putAll(environment);
    Process p = pb.start();
    BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    List<String> lines = new java.util.concurrent.CopyOnWriteArrayList<>();
    CompletableFuture<Boolean> ready = new CompletableFuture<>();
    CompletableFuture.runAsync(() -> {
      try {
        for (String line; (line = out.readLine()) != null; ) {
          lines.add(line);
          if (line.startsWith(READY)) {
            ready.complete(true);
          }
        }
      } catch (IOException ignored) {
        // the mock stopped
      }
      ready.complete(false);
    });
    assertThat(ready.get(LIMIT_SECONDS, TimeUnit.SECONDS)).as("ready line; output: %s", lines).isTrue();
    return new Started(p, lines);
  }

  /** A running mock: the launcher execs the JVM, so the process is the JVM. */
  private record Started(Process process, List<String> output) {
    boolean mapsAnArchive() throws IOException {
      return Files.readAllLines(Path.of("/proc", Long.toString(process.pid()), "maps")).stream()
          .anyMatch(l -> l.contains("tablestore-mock-") && l.contains(".jsa"));
    }

    int stop() throws InterruptedException {
      process.destroy(); // SIGTERM: the mock stops cleanly, and a first start writes its archive on the way out
      assertThat(process.waitFor(LIMIT_SECONDS, TimeUnit.SECONDS)).isTrue();
      return process.exitValue();
    }
  }
}
