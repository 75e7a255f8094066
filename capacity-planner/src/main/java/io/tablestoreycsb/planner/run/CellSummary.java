package io.tablestoreycsb.planner.run;

import io.tablestoreycsb.planner.matrix.Slo;
import io.tablestoreycsb.planner.report.CellAnalyzer;
import io.tablestoreycsb.planner.report.CellStop;
import io.tablestoreycsb.planner.report.ReportRow;
import io.tablestoreycsb.planner.report.RunnerResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/** The one-line result of a finished cell that the plan prints. */
final class CellSummary {
  private CellSummary() {}

  /** The cell's report row, from its runner directories. */
  static ReportRow row(Path cellDir, Slo slo) throws IOException {
    List<RunnerResult> results = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(cellDir)) {
      for (Path d : dirs.filter(Files::isDirectory).sorted().toList()) {
        results.add(RunnerResult.read(d));
      }
    }
    return CellAnalyzer.analyze(results, slo, CellStop.readCell(cellDir).orElse(null));
  }

  /** Reads the cell's runner directories and says its rows/s, latency, window and what bound it. */
  static String of(Path cellDir, Slo slo) throws IOException {
    ReportRow r = row(cellDir, slo);
    String skew = Double.isNaN(r.startSkewMs()) ? "" : String.format(Locale.ROOT, ", start skew %.0f ms",
        r.startSkewMs()) + (Double.isNaN(r.clockSpreadMs()) ? "" : String.format(Locale.ROOT,
        " (clocks %.0f ± %.0f ms apart)", r.clockSpreadMs(), r.clockSpreadUncertaintyMs()));
    String window = r.limit().equals(CellAnalyzer.NO_COMMON_WINDOW) ? "no common window"
        : String.format(Locale.ROOT, "measured over %.1f s every runner covered", r.windowSeconds());
    String openLoop = !r.openLoop() || r.intended() == null ? "" : String.format(Locale.ROOT,
        " (target %,.0f rows/s; from the intended start: avg %.2f ms, p99 %.2f ms)", r.targetRowsPerSecond(),
        r.intended().avgMs(), r.intended().p99Ms());
    return String.format(Locale.ROOT, "%,.0f rows/s (%,.0f requests/s), avg %.2f ms, p99 %.2f ms%s, "
        + "measured/predicted %.0f%%, bound by %s; %s%s", r.qpsRows(), r.requestsPerSecond(), r.avgMs(), r.p99Ms(),
        openLoop,
        r.measuredOverPredicted() * 100, r.limit(), window, skew) + (slo == null ? "" : String.format(Locale.ROOT,
        "; %s %.2f ms: %s %s", slo.percentileName(), r.sloLatencyMs(), r.metSlo() ? "meets" : "misses", slo))
        + hottest(r);
  }

  /** "; hottest partition P2 (from 8000): 41% of rows, 1.64x the mean" when the table has several. */
  static String hottest(ReportRow r) {
    io.tablestoreycsb.planner.report.PartitionFigure hot = r.hottestPartition();
    if (hot == null || r.partitionFigures().size() < 2 || hot.rows() == 0) {
      return "";
    }
    return String.format(Locale.ROOT, "; hottest partition P%d%s: %.0f%% of rows, %.2fx the mean", hot.partition(),
        hot.start().isEmpty() ? "" : " (from " + hot.start() + ")", hot.share() * 100,
        hot.share() * r.partitionFigures().size());
  }
}
