package io.tablestoreycsb.planner.run;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.planner.runner.CellKey;
import io.tablestoreycsb.planner.runner.CellOutcome;
import io.tablestoreycsb.planner.runner.CellExecutor;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runners' class-data sharing archive, with real JVMs: the first runner lists its classes, the
 * archive is built between cells, and the next cell's runners load YCSB's classes from it and run as
 * before. The planner's classes are packed into a jar first, as in the distribution: the JVM archives
 * only class paths made of jars.
 */
class RunnerClassArchiveTest {
  private static final Path WORKLOAD = Path.of("src/test/resources/basicdb-workload").toAbsolutePath();
  private static final String JAVA = Path.of(System.getProperty("java.home"), "bin", "java").toString();

  @Test
  void theFirstRunnerListsItsClassesAndTheNextCellsRunnersStartFromTheArchive(@TempDir Path dir) throws Exception {
    String classpath = jarOnlyClassPath(dir);
    Path cache = dir.resolve("cache");
    LocalCellExecutor executor = new LocalCellExecutor(JAVA, classpath, java.time.Duration.ZERO).sharingClassesIn(cache);
    List<String> told = new ArrayList<>();

    CellOutcome first = executor.run(key(1), specs(dir.resolve("cell-1"), 1), 2, listener(told));
    assertThat(first.succeeded()).as(first.errors()).isTrue();
    assertThat(archives(cache)).as("no archive before the next cell starts").isEmpty();

    CellOutcome second = executor.run(key(2), specs(dir.resolve("cell-2"), 2), 2, listener(told));

    assertThat(told).contains("building the runners' class archive (once)");
    assertThat(archives(cache)).hasSize(1);
    assertThat(second.succeeded()).as(second.errors()).isTrue();
    assertThat(second.records()).allSatisfy(r -> assertThat(r.exitCode()).isZero());
    for (int runner = 0; runner < 2; runner++) {
      Path runnerDir = dir.resolve("cell-2").resolve("runner-" + runner);
      assertThat(Files.readString(runnerDir.resolve("classes.log")))
          .as("runner %d loads YCSB's client from the archive", runner)
          .contains("site.ycsb.Client source: shared objects file");
      assertThat(Files.readString(runnerDir.resolve("ycsb.out"))).contains("[READ], Operations");
    }
    assertThat(Files.readString(dir.resolve("cell-1").resolve("runner-0").resolve("classes.log")))
        .as("the first cell ran without an archive")
        .contains("site.ycsb.Client source: file:")
        .doesNotContain("site.ycsb.Client source: shared objects file");
  }

  @Test
  void onlyTheFirstRunnerWithoutAnArchiveListsItsClasses(@TempDir Path dir) throws Exception {
    RunnerClassArchive archive = RunnerClassArchive.of(JAVA, jarOnlyClassPath(dir), dir.resolve("cache")).orElseThrow();

    assertThat(archive.optionsFor(List.of("-Xmx64m"))).singleElement().asString()
        .startsWith("-XX:DumpLoadedClassList=");
    assertThat(archive.optionsFor(List.of("-Xmx64m"))).isEmpty();
    assertThat(archive.listed()).isTrue();
  }

  @Test
  void aRunnerThatChoosesItsOwnClassSharingGetsNoArchiveOptions(@TempDir Path dir) throws Exception {
    RunnerClassArchive archive = RunnerClassArchive.of(JAVA, jarOnlyClassPath(dir), dir.resolve("cache")).orElseThrow();

    assertThat(archive.optionsFor(List.of("-Xshare:off"))).isEmpty();
    assertThat(archive.optionsFor(List.of("-XX:SharedArchiveFile=/elsewhere.jsa"))).isEmpty();
    assertThat(archive.listed()).as("no runner was asked to list its classes").isFalse();
  }

  @Test
  void aClassPathWithADirectoryIsNotArchived(@TempDir Path dir) throws Exception {
    String jars = jarOnlyClassPath(dir);

    assertThat(RunnerClassArchive.of(JAVA, jars + File.pathSeparator + dir, dir.resolve("cache"))).isEmpty();
    assertThat(RunnerClassArchive.of(JAVA, jars, dir.resolve("cache"))).isPresent();
  }

  @Test
  void aRebuiltJarGetsANewArchiveName(@TempDir Path dir) throws Exception {
    Path jar = dir.resolve("a.jar");
    Files.write(jar, new byte[] {1});
    String before = RunnerClassArchive.key(JAVA, List.of(jar));

    Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() + 1000));

    assertThat(RunnerClassArchive.key(JAVA, List.of(jar))).isNotEqualTo(before);
    assertThat(RunnerClassArchive.key(JAVA, List.of(jar))).isEqualTo(RunnerClassArchive.key(JAVA, List.of(jar)));
  }

  /** This test JVM's class path with its class directories packed into one jar. */
  private static String jarOnlyClassPath(Path dir) throws IOException {
    List<String> entries = new ArrayList<>();
    Path classesJar = dir.resolve("classes.jar");
    try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(classesJar))) {
      for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
        Path p = Path.of(entry);
        if (Files.isDirectory(p)) {
          pack(p, jar);
        } else if (entry.endsWith(".jar")) {
          entries.add(entry);
        }
      }
    }
    entries.add(0, classesJar.toString());
    return String.join(File.pathSeparator, entries);
  }

  private static void pack(Path root, JarOutputStream jar) throws IOException {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(root)) {
      files = walk.filter(Files::isRegularFile).sorted().toList();
    }
    for (Path f : files) {
      String name = root.relativize(f).toString().replace(File.separatorChar, '/');
      try {
        jar.putNextEntry(new JarEntry(name));
      } catch (java.util.zip.ZipException duplicate) {
        continue; // the same resource in classes and test-classes: the first one wins, as on the class path
      }
      Files.copy(f, jar);
      jar.closeEntry();
    }
  }

  private static List<Path> archives(Path cache) throws IOException {
    if (!Files.isDirectory(cache)) {
      return List.of();
    }
    try (Stream<Path> files = Files.list(cache)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".jsa")).toList();
    }
  }

  private static CellKey key(int cell) {
    return new CellKey("basicdb", "random-read", cell, 2, "");
  }

  private static List<RunnerSpec> specs(Path cellDir, int cell) {
    List<RunnerSpec> specs = new ArrayList<>();
    for (int index = 0; index < 2; index++) {
      Path runnerDir = cellDir.resolve("runner-" + index);
      specs.add(new RunnerSpec(key(cell), "test", index, 2, "site.ycsb.BasicDB", WORKLOAD, null,
          Map.of("recordcount", "100", "operationcount", "100000000", "maxexecutiontime", "2", "status.interval", "1"),
          1, "-t", "READ", 1, 40, index * 50L, 50, runnerDir,
          Arrays.asList("-Xmx64m", "-Xlog:class+load=info:file=" + runnerDir.resolve("classes.log"))));
    }
    return specs;
  }

  private static CellExecutor.Listener listener(List<String> told) {
    return new CellExecutor.Listener() {
      @Override
      public void starting(int ready, int total) {}

      @Override
      public void starting(int ready, int total, String detail) {
        if (!detail.isEmpty()) {
          told.add(detail);
        }
      }

      @Override
      public void running(double opsPerSecond) {}
    };
  }
}
