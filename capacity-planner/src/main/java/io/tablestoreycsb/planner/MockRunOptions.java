package io.tablestoreycsb.planner;

import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.plan.WorkloadFiles;
import io.tablestoreycsb.planner.report.MachineSizing;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * What {@code quickstart} and {@code compare} share: both run an installed matrix against a mock they start
 * in this JVM, with short-lived runners.
 */
final class MockRunOptions {
  /**
   * Runner JVMs share a small machine with the mock: a small heap and the serial collector. The JVM's normal
   * compilers (C1 and C2): C2 costs a runner more CPU in its first 20 s (12 s against 7 s with C1 only, at 1,000
   * requests/s), but the quickstart's last cells, 16 partitions at 6,400 single-row requests/s, need its code: with
   * C1 only two runners there used 70% of 2 processors for 5,200 rows/s and were judged host-bound, with C2 they
   * were judged service-bound at 5,264 (bin/quickstart, 2026-11-28).
   */
  static final String QUICK_RUNNER_JVM_OPTS = "-Xmx256m -XX:+UseSerialGC";

  @Option(names = "--partition-capacity", paramLabel = "ROWS_PER_SECOND",
      description = {"Rows per second each partition of the mock serves, 0 = unlimited. Default: quickstart sizes"
          + " it, and the runners, to this machine so that the matrix's largest table stays within what its"
          + " processors drive (the report's header says how); compare uses 1000."})
  Double partitionCapacity;

  @Option(names = "--runner-jvm-opts", paramLabel = "OPTS", defaultValue = QUICK_RUNNER_JVM_OPTS,
      description = {"JVM options for each runner; default:", "${DEFAULT-VALUE}"})
  String runnerJvmOpts;

  /**
   * A plan of {@code matrix} on the embedded mock: of the capacity given with the matrix's runners, or both sized
   * to this machine ({@link MachineSizing}).
   */
  PlanOptions.Builder plan(String command, Matrix matrix, Path out) {
    MachineSizing sizing = sizing(matrix);
    PlanOptions.Builder plan = sizing == null
        ? PlanOptions.builder(command, matrix, out).embeddedMock(partitionCapacity)
        : PlanOptions.builder(command, matrix.withRunners(sizing.runners()), out)
            .embeddedMock(PlanOptions.EmbeddedMock.sized(sizing));
    return plan.runnerJvmOptions(PlanOptions.runnerJvmOptions(runnerJvmOpts));
  }

  /** The rows/s each partition of the mock serves in a plan of {@code matrix}. */
  double partitionCapacity(Matrix matrix) {
    MachineSizing sizing = sizing(matrix);
    return sizing == null ? partitionCapacity : sizing.partitionCapacity();
  }

  /** This machine's sizing for {@code matrix}, or null when the capacity was given. */
  private MachineSizing sizing(Matrix matrix) {
    if (partitionCapacity != null) {
      if (partitionCapacity < 0) {
        throw new IllegalArgumentException("--partition-capacity must be 0 (unlimited) or more rows per second");
      }
      return null;
    }
    return MachineSizing.forThisMachine(Runtime.getRuntime().availableProcessors(), matrix.largestPartitionCount(),
        matrix.runners());
  }

  /** The installation directory (bin/ sets tsy.home; the working directory otherwise). */
  static Path home() {
    return Path.of(System.getProperty("tsy.home", "."));
  }

  /** A {@code --matrix} value: a file, or the name of one in the installation's workloads/matrix/. */
  static Path matrixFile(String option) {
    return new WorkloadFiles(home().resolve("workloads/matrix/quick")).resolve(option, 0);
  }
}
