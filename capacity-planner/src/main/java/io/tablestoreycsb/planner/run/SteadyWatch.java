package io.tablestoreycsb.planner.run;

import io.tablestoreycsb.planner.hdr.HdrLogs;
import io.tablestoreycsb.planner.matrix.StopRule;
import io.tablestoreycsb.planner.report.CellStop;
import io.tablestoreycsb.planner.runner.ResultFiles;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Watches a running cell's HDR interval logs and says when its rate is steady ({@link SteadyState});
 * then tells why the cell ended ({@link CellStop}).
 */
final class SteadyWatch {
  private static final long CHECK_EVERY_MS = 2000;

  private final StopRule rule;
  private final List<Path> logs = new ArrayList<>();
  private final long binMs;
  private final long durationSeconds;
  private SteadyState.Verdict last;
  private SteadyState.Verdict steady;
  private long firstStartMs;
  private long steadyAtMs;
  private long lastCheck;

  SteadyWatch(StopRule rule, List<RunnerSpec> runners, long statusIntervalSeconds, long durationSeconds) {
    this.rule = rule;
    this.binMs = statusIntervalSeconds * 1000;
    this.durationSeconds = durationSeconds;
    for (RunnerSpec r : runners) {
      logs.add(r.dir().resolve(ResultFiles.hdrLog(r.measure())));
    }
  }

  /** Whether the cell may end now: never for a fixed rule; for a steady one, once its rate is steady. */
  boolean steadyNow() {
    if (!rule.steady() || steady != null || System.currentTimeMillis() - lastCheck < CHECK_EVERY_MS) {
      return steady != null;
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
        rule.minDuration().toSeconds() / 2.0, rule.tolerance()));
    if (last.steady()) {
      steady = last;
      steadyAtMs = System.currentTimeMillis();
    }
    return steady != null;
  }

  /** Why the cell ended, once it has. */
  CellStop outcome() {
    if (!rule.steady()) {
      return new CellStop(rule.describe(), false, "ran its " + Progress.clock(durationSeconds), 0);
    }
    if (steady != null) {
      double after = (steadyAtMs - firstStartMs) / 1000.0;
      return new CellStop(rule.describe(), true, "steady after " + Progress.clock(after) + ": " + steady.reason(),
          steady.windowStartMs());
    }
    if (last == null) {
      return new CellStop(rule.describe(), false, "ran its " + Progress.clock(durationSeconds) + " (its rate was not"
          + " judged: the cell was too short, or its executor cannot stop runners early)", 0);
    }
    return new CellStop(rule.describe(), false, "reached its cap of " + Progress.clock(durationSeconds)
        + " " + CellStop.NOT_STEADY_AT_CAP + " (" + last.reason() + ")", 0);
  }
}
