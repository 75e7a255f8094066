package io.tablestoreycsb.planner;

import io.tablestoreycsb.kit.cli.ToolVersion;
import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.matrix.MatrixParser;
import io.tablestoreycsb.planner.report.PlanInfo;
import io.tablestoreycsb.planner.run.BindingTableAdmin;
import io.tablestoreycsb.planner.run.CellFilter;
import io.tablestoreycsb.planner.run.CellOrder;
import io.tablestoreycsb.planner.run.EstimateAssumptions;
import io.tablestoreycsb.planner.run.PlanEstimate;
import io.tablestoreycsb.planner.run.WorkloadFiles;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bin/quickstart}: starts the embedded mock in this JVM with a per-partition capacity (so that
 * saturation and partition scaling show), runs the quick matrix with local runner processes, and prints
 * the paper's table and the path of report.html.
 */
@Command(name = "quickstart", mixinStandardHelpOptions = true, versionProvider = ToolVersion.class,
    description = "Run the quick matrix (1/4/16 partitions, four cases, 5 local runners) against the embedded "
        + "mock and print the table.")
final class QuickstartCommand implements Callable<Integer> {
  /**
   * Five runner JVMs share a small machine with the mock: a small heap and the serial collector. The
   * JVM's normal compilers (C1 and C2): runners stay warm across the plan's cells, so their first
   * cell's warm-up, not every cell's 5 s window, pays for compiling (with a JVM per cell, C2's compiler
   * threads were measured in the window and the runners ran C1 only).
   */
  static final String QUICK_RUNNER_JVM_OPTS = "-Xmx256m -XX:+UseSerialGC";

  @Option(names = "--out", paramLabel = "DIR",
      description = "Output directory, emptied first (default: quickstart-out in the installation directory).")
  Path out;

  @Option(names = "--matrix", paramLabel = "FILE", defaultValue = "workloads/matrix/quick",
      description = "Matrix file (default: ${DEFAULT-VALUE}).")
  String matrix;

  @Option(names = "--partition-capacity", paramLabel = "ROWS_PER_SECOND", defaultValue = "1000",
      description = "Rows per second each partition of the mock serves (default: ${DEFAULT-VALUE}).")
  double partitionCapacity;

  @Option(names = "--runner-jvm-opts", paramLabel = "OPTS", defaultValue = QUICK_RUNNER_JVM_OPTS,
      description = {"JVM options for each runner; default:", "${DEFAULT-VALUE}"})
  String runnerJvmOpts;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    OutputDirectory.check(out);
    if (partitionCapacity < 0) {
      throw new IllegalArgumentException("--partition-capacity must be 0 (unlimited) or more rows per second");
    }
    Path home = Path.of(System.getProperty("tsy.home", "."));
    Path matrixFile = new WorkloadFiles(home.resolve("workloads/matrix/quick")).resolve(matrix, 0);
    Matrix m = MatrixParser.parse(matrixFile);
    Path outDir = (out == null ? home.resolve("quickstart-out") : out).toAbsolutePath().normalize();
    // The mock keeps its tables in memory: results of an earlier quickstart cannot be resumed. Only a
    // directory an earlier quickstart wrote (it holds mock.properties) is emptied.
    if (Files.isDirectory(outDir)) {
      boolean empty;
      try (var entries = Files.list(outDir)) {
        empty = entries.findAny().isEmpty();
      }
      if (!empty && !Files.isRegularFile(outDir.resolve("mock.properties"))) {
        throw new IllegalArgumentException("--out " + outDir + " is not empty and not an earlier quickstart's "
            + "output; choose another directory");
      }
      io.tablestoreycsb.planner.run.ResumeMarkers.startOver(outDir);
    }
    Files.createDirectories(outDir);
    PrintWriter terminal = spec.commandLine().getOut();
    long started = System.nanoTime();
    try (MockTablestore mock = MockTablestore.builder().partitionCapacity(partitionCapacity).start()) {
      Path props = outDir.resolve("mock.properties");
      mock.writeProperties(props);
      PlanInfo.embeddedMock("quickstart", m, mock).append(outDir);
      terminal.printf("mock Tablestore on %s, %,.0f rows/s per partition%n", mock.endpoint(), partitionCapacity);
      terminal.print(PlanEstimate.of(m, CellOrder.of(m, CellFilter.ALL, null), new EstimateAssumptions(
          EstimateAssumptions.DEFAULT_LATENCY_MS, partitionCapacity, Double.NaN, Double.NaN)).text());
      int failed = RunCommand.execute(m, props, outDir, CellFilter.ALL, null,
          RunCommand.jvmOptions(runnerJvmOpts), new BindingTableAdmin(props),
          io.tablestoreycsb.planner.run.LocalCellExecutor.ofThisJvmSharingClasses(), Duration.ofSeconds(10), terminal);
      terminal.printf("quickstart ran its plan in %.0f s%n", (System.nanoTime() - started) / 1e9);
      // The report's path is the last line, as the README says.
      int reportExit = ReportCommand.write(List.of(outDir), outDir, terminal, null);
      return failed > 0 ? 1 : reportExit;
    }
  }
}
