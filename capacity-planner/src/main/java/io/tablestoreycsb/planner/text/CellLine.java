package io.tablestoreycsb.planner.text;

import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.Latency;
import io.tablestoreycsb.planner.analysis.PartitionFigure;
import io.tablestoreycsb.planner.analysis.Verdict;
import java.util.Locale;

/** The one-line result of a finished cell that the plan prints. */
public final class CellLine {
  private CellLine() {}

  /** The cell's rows/s, latency, window, what bound it, its objective and its hottest partition. */
  public static String of(CellResult r) {
    String skew = Double.isNaN(r.window().startSkewMs()) ? "" : String.format(Locale.ROOT, ", start skew %.0f ms",
        r.window().startSkewMs()) + (r.clockSpread() == null ? "" : String.format(Locale.ROOT,
        " (clocks %.0f ± %.0f ms apart)", r.clockSpread().ms(), r.clockSpread().uncertaintyMs()));
    String window = r.verdict() instanceof Verdict.NoCommonWindow ? "no common window"
        : String.format(Locale.ROOT, "measured over %.1f s every runner covered", r.window().seconds());
    Latency intended = r.intended();
    String openLoop = !r.isOpenLoop() || intended == null ? "" : String.format(Locale.ROOT,
        " (target %,.0f rows/s; from the intended start: avg %.2f ms, p99 %.2f ms)", r.targetRowsPerSecond(),
        intended.avgMs(), intended.p99Ms());
    Latency latency = r.latency();
    return String.format(Locale.ROOT, "%,.0f rows/s (%,.0f requests/s), avg %.2f ms, p99 %.2f ms%s, "
        + "measured/predicted %.0f%%, bound by %s; %s%s", r.rates().qpsRows(), r.rates().requestsPerSecond(),
        latency.avgMs(), latency.p99Ms(), openLoop, r.prediction().measuredOverPredicted() * 100,
        VerdictText.of(r.verdict()), window, skew) + (r.slo() == null ? "" : String.format(Locale.ROOT,
        "; %s %.2f ms: %s %s", r.slo().percentileName(), r.sloLatencyMs(), r.metSlo() ? "meets" : "misses", r.slo()))
        + hottest(r) + surroundings(r);
  }

  /** "; runner host CPU 70% of 2 (...), busy with other work; mock: P0 99% busy, waited 7.9 ms" when read. */
  public static String surroundings(CellResult r) {
    // A runner-host verdict already says it in full.
    String host = r.hostCpu().isEmpty() || r.runnerHostBound() ? "" : "; runner host CPU " + CellText.hostCpu(r)
        + (r.hostBusyWithOtherWork() ? ", busy with other work" : "");
    String endpoint = CellText.endpointView(r);
    return host + (endpoint.equals("-") ? "" : (r.endpoint() != null ? "; mock: " : "; service: ") + endpoint);
  }

  /** "; hottest partition P2 (from 8000): 41% of rows, 1.64x the mean" when the table has several. */
  public static String hottest(CellResult r) {
    PartitionFigure hot = r.hottestPartition();
    if (hot == null || r.partitionFigures().size() < 2 || hot.rows() == 0) {
      return "";
    }
    return String.format(Locale.ROOT, "; hottest partition P%d%s: %.0f%% of rows, %.2fx the mean", hot.partition(),
        hot.start().isEmpty() ? "" : " (from " + hot.start() + ")", hot.share() * 100,
        hot.share() * r.partitionFigures().size());
  }
}
