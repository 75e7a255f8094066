package io.tablestoreycsb.planner.report;

import io.tablestoreycsb.planner.hdr.HdrLogs;
import io.tablestoreycsb.planner.run.RunnerRecord;
import io.tablestoreycsb.planner.run.RunnerSpec;
import io.tablestoreycsb.planner.ycsb.YcsbOutput;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * One runner's outputs read back from its directory, over its measurement window.
 *
 * <p>The window: YCSB's run time starts before its threads initialise their DB (creating SDK clients,
 * checking the table) and ends after the slowest thread stops, which matters for short cells. When the
 * HDR interval log has at least {@value #MIN_INTERVALS_FOR_STEADY} intervals (one per {@code -s} tick),
 * the first interval (start-up) and the last one (threads stopping, final flush) are left out and the
 * window is the kept intervals' span; otherwise it is the span of all intervals (the log starts when the
 * first request completes, after the DB initialisation) plus one mean latency (when those first requests
 * started), at most YCSB's RunTime.
 *
 * @param dir the runner directory
 * @param record its runner.json
 * @param output its YCSB summary
 * @param latency histogram of the case's request measurement over the window (microseconds)
 * @param windowSeconds length of the window
 * @param allRequests requests over the whole run (to scale whole-run counters to the window)
 * @param steady whether the window left out the first and last intervals
 * @param stats the binding's stats file, when written
 */
public record RunnerResult(Path dir, RunnerRecord record, YcsbOutput output, Histogram latency,
    double windowSeconds, long allRequests, boolean steady, Optional<BindingStats> stats) {

  static final int MIN_INTERVALS_FOR_STEADY = 4;

  public static RunnerResult read(Path dir) throws IOException {
    RunnerRecord record = RunnerRecord.read(dir.resolve(RunnerRecord.FILE_NAME));
    YcsbOutput output = YcsbOutput.read(dir.resolve(RunnerSpec.STDOUT_FILE));
    Path hdr = dir.resolve(record.measure() + ".hdr");
    if (!Files.isRegularFile(hdr)) {
      throw new IOException(dir + ": no " + hdr.getFileName() + " (was the runner started with"
          + " measurementtype=hdrhistogram and hdrhistogram.fileoutput=true?)");
    }
    List<Histogram> intervals = HdrLogs.readIntervals(hdr);
    long all = HdrLogs.merge(intervals).getTotalCount();
    Optional<BindingStats> stats = BindingStats.read(dir.resolve(RunnerSpec.STATS_FILE));
    if (intervals.size() >= MIN_INTERVALS_FOR_STEADY) {
      List<Histogram> kept = intervals.subList(1, intervals.size() - 1);
      double seconds = (kept.get(kept.size() - 1).getEndTimeStamp() - kept.get(0).getStartTimeStamp()) / 1000.0;
      Histogram window = HdrLogs.merge(kept);
      if (seconds > 0 && window.getTotalCount() > 0) {
        return new RunnerResult(dir, record, output, window, seconds, all, true, stats);
      }
    }
    // Too few intervals to leave any out. YCSB creates a measurement's log when its first request
    // completes, so the log's span leaves out the DB initialisation YCSB's RunTime includes; the first
    // requests started about one mean latency before the log did, so that is added back.
    Histogram whole = HdrLogs.merge(intervals);
    double span = intervals.isEmpty() ? 0
        : (intervals.get(intervals.size() - 1).getEndTimeStamp() - intervals.get(0).getStartTimeStamp()) / 1000.0;
    double seconds = span > 0 ? Math.min(span + whole.getMean() / 1e6, output.runtimeMs() / 1000.0)
        : output.runtimeMs() / 1000.0;
    return new RunnerResult(dir, record, output, whole, seconds, all, false, stats);
  }

  /** Share of the run's requests inside the window (scales whole-run counters such as CU). */
  double windowShare() {
    return allRequests == 0 ? 0 : latency.getTotalCount() / (double) allRequests;
  }

  /** Rows moved in the window: the binding's rows per request when it reported them, else the case's. */
  public double rows() {
    double perRequest = record.rowsPerRequest();
    if (stats.isPresent() && allRequests > 0) {
      long r = isRead() ? stats.get().rowsRead() : stats.get().rowsWritten();
      if (r > 0) {
        perRequest = r / (double) allRequests;
      }
    }
    return latency.getTotalCount() * perRequest;
  }

  boolean isRead() {
    String m = record.measure();
    return m.equals("READ") || m.equals("SCAN");
  }

  public double processSeconds() {
    return Math.max(0.001, (record.endEpochMs() - record.startEpochMs()) / 1000.0);
  }
}
