package io.tablestoreycsb.planner;

import io.tablestoreycsb.planner.plan.WorkloadFiles;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * What {@code quickstart} and {@code compare} share: both run an installed matrix against a mock they start
 * in this JVM, with short-lived runners.
 */
final class MockRunOptions {
  /**
   * Five runner JVMs share a small machine with the mock: a small heap and the serial collector. The
   * JVM's normal compilers (C1 and C2): runners stay warm across the plan's cells, so their first
   * cell's warm-up, not every cell's 5 s window, pays for compiling (with a JVM per cell, C2's compiler
   * threads were measured in the window and the runners ran C1 only).
   */
  static final String QUICK_RUNNER_JVM_OPTS = "-Xmx256m -XX:+UseSerialGC";

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
