package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.kit.hdr.HdrLogs;
import io.tablestoreycsb.planner.matrix.StopRule;
import io.tablestoreycsb.planner.analysis.CellAnalyzer;
import io.tablestoreycsb.planner.analysis.CellStop;
import io.tablestoreycsb.planner.runner.ResultFiles;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Watches a running cell's HDR interval logs and says when its rate is steady ({@link SteadyState});
 * then tells why the cell ended ({@link CellStop}).
 *
 * <p>The window judged reaches back half the minimum duration, or {@link CellAnalyzer#MIN_WINDOW_LATENCIES}
 * mean latencies when that is longer: the report counts a window shorter than that as no evidence, so a
 * cell stopped on a shorter one was wasted (seen: probes at 40 and 50 threads per runner, mean latencies
 * of 3 to 5 s, stopped after 22 s with windows of 15 s).
 */
final class SteadyWatch {

  private final StopRule rule;
  private final List<Path> logs = new ArrayList<>();
  private final long binMs;
  private final long durationSeconds;
  private SteadyState.Verdict last;
  private SteadyState.Verdict steady;
  /** Set when the window the report needs would not fit in the cap: why, for people. */
  private String outOfReach;
  private long firstStartMs;
  private long decidedAtMs;
  private long lastCheck;

  SteadyWatch(StopRule rule, List<RunnerSpec> runners, long statusIntervalSeconds, long durationSeconds) {
    this.rule = rule;
    this.binMs = statusIntervalSeconds * 1000;
    this.durationSeconds = durationSeconds;
    for (RunnerSpec r : runners) {
      logs.add(r.dir().resolve(ResultFiles.hdrLog(r.shape().measure())));
    }
  }

  /**
   * Whether the cell may end now (judged once per status interval, when the runners may have logged another: a
   * cell stops within one interval of being steady or out of reach; judging every 2 s instead left the quick
   * matrix's 5 to 10 s batch cells running a second longer on average): never for a fixed rule; for a steady one, once its rate is steady, or once it has
   * run its minimum and the window the report needs would not fit in its cap ({@link #outOfReach}).
   */
  boolean mayEndNow() {
    if (!rule.steady() || steady != null || outOfReach != null
        || System.currentTimeMillis() - lastCheck < binMs) {
      return steady != null || outOfReach != null;
    }
    lastCheck = System.currentTimeMillis();
    List<List<org.HdrHistogram.Histogram>> runners = new ArrayList<>();
    for (Path log : logs) {
      if (!Files.isRegularFile(log)) {
        return false;
      }
      try {
        runners.add(HdrLogs.readIntervals(log));
      } catch (RuntimeException e) {
        return false; // a line being written: judge at the next check
      }
    }
    List<SteadyState.Interval> series = CellSeries.of(runners, binMs);
    if (!series.isEmpty() && firstStartMs == 0) {
      firstStartMs = series.get(0).startMs();
    }
    last = SteadyState.judge(series, new SteadyState.Rule(rule.minDuration().toSeconds(),
        windowSeconds(rule.minDuration().toSeconds() / 2.0, runners), rule.tolerance()));
    if (last.steady()) {
      steady = last;
      decidedAtMs = System.currentTimeMillis();
      return true;
    }
    double ranSeconds = series.isEmpty() ? 0 : (series.get(series.size() - 1).endMs() - firstStartMs) / 1000.0;
    double latency = latestLatencySeconds(runners);
    if (ranSeconds >= rule.minDuration().toSeconds() && outOfReach(latency, durationSeconds, binMs / 1000.0)) {
      decidedAtMs = System.currentTimeMillis();
      outOfReach = String.format(java.util.Locale.ROOT, "a window of %d mean latencies of %.1f s (%.0f s), which"
          + " the report takes as evidence, does not fit in it", CellAnalyzer.MIN_WINDOW_LATENCIES, latency,
          CellAnalyzer.MIN_WINDOW_LATENCIES * latency);
    }
    return outOfReach != null;
  }

  /**
   * Whether a window of {@link CellAnalyzer#MIN_WINDOW_LATENCIES} mean latencies cannot fit in a cell of {@code
   * capSeconds}, whose first status interval ({@code binSeconds}) is always warm-up: then running to the cap would
   * not make the cell evidence either.
   */
  static boolean outOfReach(double meanLatencySeconds, long capSeconds, double binSeconds) {
    return CellAnalyzer.MIN_WINDOW_LATENCIES * meanLatencySeconds > capSeconds - binSeconds;
  }

  /**
   * How far back the judged window reaches: {@code halfMinimum}, or enough mean latencies (over every
   * interval so far, of every runner) for the report to take the window as evidence.
   */
  static double windowSeconds(double halfMinimum, List<List<org.HdrHistogram.Histogram>> runners) {
    double meanSeconds = meanLatencySeconds(runners);
    // A little over the report's bound: the report's window starts at the judged window's first bin and
    // ends where the runners stopped together, which is about as long, not longer.
    return Math.max(halfMinimum, CellAnalyzer.MIN_WINDOW_LATENCIES * meanSeconds * 1.1);
  }

  /** The mean latency over every interval so far, of every runner (0 before the first request). */
  private static double meanLatencySeconds(List<List<org.HdrHistogram.Histogram>> runners) {
    double latencyUs = 0;
    long requests = 0;
    for (List<org.HdrHistogram.Histogram> intervals : runners) {
      for (org.HdrHistogram.Histogram h : intervals) {
        latencyUs += h.getMean() * h.getTotalCount();
        requests += h.getTotalCount();
      }
    }
    return requests == 0 ? 0 : latencyUs / requests / 1e6;
  }

  /**
   * The mean latency of each runner's latest interval, together: the requests queued at a saturated partition now,
   * which the report's window (after the warm-up) will see; the mean over every interval so far still holds the
   * first requests, answered before the queue formed (with it, the quick matrix's 1-partition 4-thread batch cell,
   * 1.95 s a request, ran to its 10 s cap without being found out of reach).
   */
  private static double latestLatencySeconds(List<List<org.HdrHistogram.Histogram>> runners) {
    List<List<org.HdrHistogram.Histogram>> latest = new ArrayList<>();
    for (List<org.HdrHistogram.Histogram> intervals : runners) {
      if (!intervals.isEmpty()) {
        latest.add(List.of(intervals.get(intervals.size() - 1)));
      }
    }
    return meanLatencySeconds(latest);
  }

  /** Why the cell ended, once it has. */
  CellStop outcome() {
    if (!rule.steady()) {
      return CellStop.ranDuration(rule.describe(), durationSeconds);
    }
    if (steady != null) {
      return CellStop.steady(rule.describe(), durationSeconds, (decidedAtMs - firstStartMs) / 1000.0, steady.reason(),
          steady.windowStartMs());
    }
    if (outOfReach != null) {
      return CellStop.outOfReach(rule.describe(), durationSeconds, (decidedAtMs - firstStartMs) / 1000.0, outOfReach);
    }
    if (last == null) {
      return CellStop.notJudged(rule.describe(), durationSeconds);
    }
    return CellStop.capUnsteady(rule.describe(), durationSeconds, last.reason());
  }
}
