package io.tablestoreycsb.planner;

import io.tablestoreycsb.planner.run.WorkloadFiles;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * What {@code quickstart} and {@code compare} share: both run an installed matrix against a mock they start
 * in this JVM, with short-lived runners.
 */
final class MockRunOptions {
  /**
   * Runner JVMs live a few seconds: favour start-up time and a small heap. C1 only, because with C2 the
   * compiler threads of 5 runner JVMs take a 2-core machine's cores inside a 5 s window: the cells then
   * measure the runners' JIT (random-read at 4 partitions and 2 threads: 267 rows/s bound by client CPU,
   * against 882 bound by the service with C1; docs/performance.md). Minute-long cells (run) use the JVM's
   * defaults.
   */
  static final String QUICK_RUNNER_JVM_OPTS = "-Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1";

  @Option(names = "--partition-capacity", paramLabel = "ROWS_PER_SECOND", defaultValue = "1000",
      description = "Rows per second each partition of the mock serves (default: ${DEFAULT-VALUE}).")
  double partitionCapacity;

  @Option(names = "--runner-jvm-opts", paramLabel = "OPTS", defaultValue = QUICK_RUNNER_JVM_OPTS,
      description = {"JVM options for each runner; default:", "${DEFAULT-VALUE}"})
  String runnerJvmOpts;

  /** The installation directory (bin/ sets tsy.home; the working directory otherwise). */
  static Path home() {
    return Path.of(System.getProperty("tsy.home", "."));
  }

  /** A {@code --matrix} value: a file, or the name of one in the installation's workloads/matrix/. */
  static Path matrixFile(String option) {
    return new WorkloadFiles(home().resolve("workloads/matrix/quick")).resolve(option, 0);
  }
}
