package io.tablestoreycsb.planner.analysis;

import io.tablestoreycsb.kit.hdr.HdrLogs;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * The stretch of time a cell is measured over: the part every runner's steady span covers.
 *
 * <p>Why one common window: runners start apart (JVMs come up at different times, pods on other
 * machines even more so), and a runner that runs alone for a while has the service to itself. Summing
 * each runner's rate over its own window then counts that solo stretch as if it had happened while the
 * others ran too, and a cell can report more than the service can serve. Rows counted inside one
 * window that all runners covered, divided by that window, cannot.
 *
 * <p>A runner's intervals do not start on the window's edges (each runner ticks on its own clock), so
 * an interval that straddles an edge counts in proportion to its overlap: requests complete evenly
 * within one status interval to a good approximation once the runner is past its start-up. Latency
 * histograms cannot be split, so the percentiles come from the intervals that lie at least half inside
 * the window.
 *
 * @param startEpochMs start of the window
 * @param endEpochMs end of the window
 * @param common false when the runners' steady spans overlapped for less than two status intervals (or
 *     not at all); the window is then the span from the earliest to the latest runner, and the cell's
 *     figures are not evidence of anything: over a shorter overlap, the requests that straddle its edges
 *     and runners that were just starting or stopping decide the figure
 * @param warmupSeconds from the first runner's start (its release, or its first interval) to the
 *     window's start: what the figures leave out at the beginning
 * @param startSkewMs from the first to the last runner's start instant, or NaN when not recorded
 */
public record MeasuredWindow(long startEpochMs, long endEpochMs, boolean common, double warmupSeconds,
    double startSkewMs) {

  /** The shortest common window that is evidence, in status intervals. */
  static final int MIN_WINDOW_INTERVALS = 2;

  public static MeasuredWindow of(List<RunnerResult> runners) {
    return of(runners, 0);
  }

  /**
   * The window, starting no earlier than {@code notBeforeEpochMs} (where a steady-stopped cell's rate
   * became steady: the warm-up before it is left out) as long as two status intervals remain after it.
   */
  public static MeasuredWindow of(List<RunnerResult> runners, long notBeforeEpochMs) {
    long start = Long.MIN_VALUE;
    long end = Long.MAX_VALUE;
    long earliest = Long.MAX_VALUE;
    long latest = Long.MIN_VALUE;
    long firstStart = Long.MAX_VALUE;
    long firstReleased = Long.MAX_VALUE;
    long lastReleased = Long.MIN_VALUE;
    for (RunnerResult r : runners) {
      start = Math.max(start, r.steadyStartEpochMs());
      end = Math.min(end, r.steadyEndEpochMs());
      earliest = Math.min(earliest, r.steadyStartEpochMs());
      latest = Math.max(latest, r.steadyEndEpochMs());
      if (!r.intervals().isEmpty()) {
        firstStart = Math.min(firstStart, r.intervals().get(0).getStartTimeStamp());
      }
      long released = r.record().times().releasedEpochMs();
      if (released > 0) {
        firstReleased = Math.min(firstReleased, released);
        lastReleased = Math.max(lastReleased, released);
      }
    }
    boolean recorded = !runners.isEmpty() && runners.stream().allMatch(r -> r.record().times().releasedEpochMs() > 0);
    double skew = recorded ? lastReleased - firstReleased : Double.NaN;
    boolean common = end - start >= MIN_WINDOW_INTERVALS * typicalIntervalMs(runners);
    if (common && notBeforeEpochMs > start && end - notBeforeEpochMs >= MIN_WINDOW_INTERVALS * typicalIntervalMs(runners)) {
      start = notBeforeEpochMs;
    }
    if (!common) {
      start = earliest;
      end = Math.max(latest, earliest + 1);
    }
    long began = recorded ? firstReleased : firstStart;
    double warmup = began == Long.MAX_VALUE ? 0 : Math.max(0, start - began) / 1000.0;
    return new MeasuredWindow(start, end, common, warmup, skew);
  }

  /** The runners' median interval length (their status interval), at least 1 ms. */
  static long typicalIntervalMs(List<RunnerResult> runners) {
    long[] lengths = runners.stream().flatMap(r -> r.intervals().stream())
        .mapToLong(h -> h.getEndTimeStamp() - h.getStartTimeStamp()).sorted().toArray();
    return lengths.length == 0 ? 1 : Math.max(1, lengths[lengths.length / 2]);
  }

  public double seconds() {
    return (endEpochMs - startEpochMs) / 1000.0;
  }

  /** Requests the runner completed inside the window, straddling intervals counted by their overlap. */
  public double requestsIn(RunnerResult runner) {
    double requests = 0;
    for (Histogram h : runner.intervals()) {
      requests += h.getTotalCount() * overlap(h);
    }
    return requests;
  }

  /** The runner's latencies over the intervals that lie at least half inside the window. */
  public Histogram latencyIn(RunnerResult runner) {
    return latencyIn(runner.intervals());
  }

  /** The latencies of those of {@code intervals} that lie at least half inside the window. */
  public Histogram latencyIn(List<Histogram> intervals) {
    List<Histogram> inside = new ArrayList<>();
    for (Histogram h : intervals) {
      if (overlap(h) >= 0.5) {
        inside.add(h);
      }
    }
    return HdrLogs.merge(inside);
  }

  /** The share of an interval's time that lies inside the window (0 to 1). */
  double overlap(Histogram interval) {
    long s = interval.getStartTimeStamp();
    long e = interval.getEndTimeStamp();
    if (e <= s) {
      return s >= startEpochMs && s < endEpochMs ? 1 : 0;
    }
    long inside = Math.min(e, endEpochMs) - Math.max(s, startEpochMs);
    return inside <= 0 ? 0 : inside / (double) (e - s);
  }
}
