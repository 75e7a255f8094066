package io.tablestoreycsb.planner;

import io.tablestoreycsb.kit.cli.ToolVersion;
import io.tablestoreycsb.planner.matrix.ComparisonPlans;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.matrix.MatrixParser;
import io.tablestoreycsb.planner.report.ReportData;
import io.tablestoreycsb.planner.report.SaturationComparison;
import io.tablestoreycsb.planner.plan.CellFilter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code capacity-plan compare}: runs a matrix twice against the embedded mock with its per-partition
 * capacity, as a fixed sweep and as a steady-state saturation search, and prints both plans' saturation
 * rows/s per case and partition count and both wall times (issue 14's measured goal).
 */
@Command(name = "compare", mixinStandardHelpOptions = true, versionProvider = ToolVersion.class,
    description = {"Run a matrix against the embedded mock twice, as a fixed sweep (every thread point, fixed "
        + "duration) and as a search (threads = auto, stop = steady), and print both saturation rows/s and wall "
        + "times.", "The data is the matrix's quick scale ([quick] rows-per-partition); no SLO stops the search."})
final class CompareCommand implements Callable<Integer> {
  /** The mock's capacity when {@code --partition-capacity} is not given: the one the comparison's figures use. */
  static final double COMPARE_PARTITION_CAPACITY = 1000;

  @Option(names = "--matrix", paramLabel = "FILE", defaultValue = "workloads/matrix/high-performance",
      description = "Matrix file (default: ${DEFAULT-VALUE}).")
  String matrix;

  @Option(names = "--out", paramLabel = "DIR", defaultValue = "compare-out",
      description = "Output directory: fixed/ and search/ below it, each a plan with its report; emptied first "
          + "(only one an earlier compare wrote). Default: ${DEFAULT-VALUE}.")
  Path out;

  @CommandLine.Mixin
  MockRunOptions mock = new MockRunOptions();

  @Option(names = "--duration", paramLabel = "SECONDS", defaultValue = "30",
      description = "Every fixed cell's duration, and the search's cap (default: ${DEFAULT-VALUE}).")
  int durationSeconds;

  @Option(names = "--min-duration", paramLabel = "SECONDS", defaultValue = "10",
      description = "The least a search cell runs before it may stop as steady (default: ${DEFAULT-VALUE}).")
  int minDurationSeconds;

  @Option(names = "--steady-tolerance", paramLabel = "PERCENT", defaultValue = "5",
      description = "Steady when the recent rate's 95%% confidence and drift are within this (default: "
          + "${DEFAULT-VALUE}).")
  double tolerancePercent;

  @Option(names = "--saturation-gain", paramLabel = "PERCENT", defaultValue = "10",
      description = "The search stops when two thread steps add less than this (default: ${DEFAULT-VALUE}).")
  double gainPercent;

  @Option(names = "--only", paramLabel = "FILTER",
      description = "Compare only some series: case=NAME,partitions=N (as run --only; threads=N is refused).")
  String only;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    OutputDirectory.check(out);
    if (mock.partitionCapacity == null) {
      // compare sets two ways of sweeping side by side, not this machine's answers: one fixed model everywhere
      mock.partitionCapacity = COMPARE_PARTITION_CAPACITY;
    }
    if (mock.partitionCapacity <= 0) {
      throw new IllegalArgumentException("--partition-capacity must be above 0 rows per second: without a capacity"
          + " the mock never saturates");
    }
    if (durationSeconds < 2 || minDurationSeconds < 2 || minDurationSeconds > durationSeconds) {
      throw new IllegalArgumentException("--min-duration (" + minDurationSeconds + ") and --duration ("
          + durationSeconds + ") must be at least 2 seconds, the minimum no longer than the duration");
    }
    if (only != null && only.contains("threads=")) {
      throw new IllegalArgumentException("--only: threads=N cannot be compared (the search chooses its threads)");
    }
    Path matrixFile = MockRunOptions.matrixFile(matrix);
    Matrix m = MatrixParser.parse(matrixFile);
    Matrix fixed = ComparisonPlans.fixedSweep(m, Duration.ofSeconds(durationSeconds));
    Matrix search = ComparisonPlans.search(m, Duration.ofSeconds(durationSeconds),
        Duration.ofSeconds(minDurationSeconds), tolerancePercent / 100, gainPercent / 100);
    Path outDir = out.toAbsolutePath().normalize();
    OutputDirectory.startOver(outDir, "fixed", "compare");
    PrintWriter terminal = spec.commandLine().getOut();
    CellFilter filter = only == null ? CellFilter.ALL : CellFilter.parse(only);
    terminal.printf("compare: %s at its quick scale (%,d rows a partition) on the embedded mock at %,.0f rows/s a "
        + "partition; fixed cells %d s; search cells steady after at least %d s (cap %d s)%n", matrixFile,
        fixed.rowsPerPartition(), mock.partitionCapacity(fixed), durationSeconds, minDurationSeconds, durationSeconds);
    Planner planner = new Planner(terminal);
    int failed = 0;
    long[] wall = new long[2];
    Matrix[] matrices = {fixed, search};
    String[] names = {"fixed", "search"};
    for (int i = 0; i < 2; i++) {
      terminal.printf("%n== %s: %s%n", names[i], i == 0 ? "every thread point, every cell its whole duration"
          : "threads = auto, stop = steady");
      terminal.flush();
      Path dir = outDir.resolve(names[i]);
      PlanOptions plan = mock.plan("compare " + names[i], matrices[i], dir).only(filter).build();
      long started = System.nanoTime();
      failed += planner.run(plan);
      wall[i] = System.nanoTime() - started;
      try (PrintWriter report = new PrintWriter(Files.newBufferedWriter(dir.resolve("report.txt"),
          StandardCharsets.UTF_8))) {
        new Planner(report).report(plan);
      }
      terminal.printf("== %s took %.0f s; its report: %s%n", names[i], wall[i] / 1e9, dir.resolve("report.html"));
    }
    String text = SaturationComparison.text(SaturationComparison.of(ReportData.collect(List.of(outDir.resolve(
        "fixed"))).rows(), ReportData.collect(List.of(outDir.resolve("search"))).rows()), wall[0] / 1e9,
        wall[1] / 1e9);
    Files.writeString(outDir.resolve("comparison.txt"), text, StandardCharsets.UTF_8);
    terminal.println();
    terminal.print(text);
    terminal.printf(Locale.ROOT, "comparison: %s%n", outDir.resolve("comparison.txt"));
    terminal.flush();
    return failed > 0 ? 1 : 0;
  }
}
