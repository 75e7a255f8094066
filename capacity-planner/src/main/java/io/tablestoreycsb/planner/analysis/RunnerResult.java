package io.tablestoreycsb.planner.analysis;

import io.tablestoreycsb.kit.hdr.HdrLogs;
import io.tablestoreycsb.kit.resources.ClockReading;
import io.tablestoreycsb.planner.runner.HostCpuSample;
import io.tablestoreycsb.planner.runner.ResultFiles;
import io.tablestoreycsb.planner.runner.RunnerRecord;
import io.tablestoreycsb.planner.ycsb.YcsbOutput;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;

/**
 * One runner's result set read back from its directory.
 *
 * <p>Its steady span: YCSB's HDR interval log gets one interval per {@code -s} status tick, each with
 * its start and end instants (epoch milliseconds). The first interval holds the start-up (SDK clients
 * created, connections opened, the table's first requests) and the last one the threads stopping and
 * the final flush, so when the log has at least {@value #MIN_INTERVALS_FOR_STEADY} intervals both are
 * left out; with fewer, the span is the whole log. A cell is measured over the part of time every
 * runner's steady span covers ({@link MeasuredWindow}).
 *
 * @param dir the runner directory
 * @param record its runner.json
 * @param output its YCSB summary
 * @param intervals the interval histograms of the case's request measurement (microseconds), in order
 * @param stats the binding's stats file, when written
 * @param clock the runner's clock against the endpoint's, when measured
 * @param intendedIntervals the interval histograms of the latency from each operation's intended start
 *     (YCSB's {@code Intended-<MEASURE>}, written by an open-loop runner), or empty
 * @param hostCpu the whole host's CPU readings, about one a second, or empty (an older runner)
 * @param endpointLoad the mock endpoint's load readings, about one a second, or empty (not a mock)
 */
public record RunnerResult(Path dir, RunnerRecord record, YcsbOutput output, List<Histogram> intervals,
    Optional<BindingStats> stats, Optional<ClockReading> clock, List<Histogram> intendedIntervals,
    List<HostCpuSample> hostCpu, List<EndpointLoadSample> endpointLoad) {

  /** A result without host or endpoint readings. */
  public RunnerResult(Path dir, RunnerRecord record, YcsbOutput output, List<Histogram> intervals,
      Optional<BindingStats> stats, Optional<ClockReading> clock, List<Histogram> intendedIntervals) {
    this(dir, record, output, intervals, stats, clock, intendedIntervals, List.of(), List.of());
  }

  /** YCSB's prefix of a measurement timed from each operation's intended start. */
  public static final String INTENDED_PREFIX = "Intended-";

  static final int MIN_INTERVALS_FOR_STEADY = 4;

  public static RunnerResult read(Path dir) throws IOException {
    RunnerRecord record = RunnerRecord.read(dir.resolve(RunnerRecord.FILE_NAME));
    YcsbOutput output = YcsbOutput.read(dir.resolve(ResultFiles.STDOUT_FILE));
    Path hdr = dir.resolve(ResultFiles.hdrLog(record.shape().measure()));
    if (!Files.isRegularFile(hdr)) {
      throw new IOException(dir + ": no " + hdr.getFileName() + " (was the runner started with"
          + " measurementtype=hdrhistogram and hdrhistogram.fileoutput=true?)");
    }
    List<Histogram> intervals = HdrLogs.readIntervals(hdr);
    Optional<BindingStats> stats = BindingStats.read(dir.resolve(ResultFiles.STATS_FILE));
    Optional<ClockReading> clock = ClockReading.read(dir.resolve(ResultFiles.CLOCK_FILE));
    Path intended = dir.resolve(ResultFiles.hdrLog(INTENDED_PREFIX + record.shape().measure()));
    List<Histogram> intendedIntervals = Files.isRegularFile(intended) ? HdrLogs.readIntervals(intended) : List.of();
    return new RunnerResult(dir, record, output, List.copyOf(intervals), stats, clock, List.copyOf(intendedIntervals),
        HostCpuSample.readAll(dir.resolve(ResultFiles.HOST_CPU_FILE)),
        EndpointLoadSample.readAll(dir.resolve(ResultFiles.ENDPOINT_LOAD_FILE)));
  }

  /** The intervals of the steady span: all but the first and last when there are enough. */
  List<Histogram> steadyIntervals() {
    return intervals.size() >= MIN_INTERVALS_FOR_STEADY ? intervals.subList(1, intervals.size() - 1) : intervals;
  }

  /** Start of the steady span (epoch ms), or Long.MAX_VALUE when the runner measured nothing. */
  long steadyStartEpochMs() {
    List<Histogram> steady = steadyIntervals();
    return steady.isEmpty() ? Long.MAX_VALUE : steady.get(0).getStartTimeStamp();
  }

  /** End of the steady span (epoch ms), or Long.MIN_VALUE when the runner measured nothing. */
  long steadyEndEpochMs() {
    List<Histogram> steady = steadyIntervals();
    return steady.isEmpty() ? Long.MIN_VALUE : steady.get(steady.size() - 1).getEndTimeStamp();
  }

  /** Requests measured over the whole run (to scale whole-run counters to a window). */
  long allRequests() {
    return intervals.stream().mapToLong(Histogram::getTotalCount).sum();
  }

  /** Rows per request: the binding's figure when it reported rows, else the case's. */
  double rowsPerRequest() {
    long all = allRequests();
    if (stats.isPresent() && all > 0) {
      long r = isRead() ? stats.get().rowsRead() : stats.get().rowsWritten();
      if (r > 0) {
        return r / (double) all;
      }
    }
    return record.shape().rowsPerRequest();
  }

  boolean isRead() {
    String m = record.shape().measure();
    return m.equals("READ") || m.equals("SCAN");
  }

  public double processSeconds() {
    return Math.max(0.001, (record.times().endEpochMs() - record.times().startEpochMs()) / 1000.0);
  }
}
