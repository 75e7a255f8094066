package io.tablestoreycsb.tunnelbench.report;

import io.tablestoreycsb.kit.hdr.HdrLogs;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * A scenario's sync second by second: the rows handed to the consumers in each wall-clock second and
 * their end-to-end lag (write acknowledged to row handed), the histograms of every consumer for that
 * second merged, never averaged.
 *
 * @param warmupEndSeconds when the scenario's warm-up ended, seconds after the writers started
 * @param seconds the seconds that handed rows, in order
 */
public record LagTimeline(double warmupEndSeconds, List<Second> seconds) {
  /** A scenario without per-second figures (one read from an older report.json). */
  public static final LagTimeline NONE = new LagTimeline(0, List.of());

  public LagTimeline {
    seconds = List.copyOf(seconds);
  }

  /**
   * One second of the sync.
   *
   * @param atSeconds when it began, seconds after the writers started
   * @param rows rows handed in it, all consumers together
   * @param p50Ms lag percentiles of those rows, ms
   */
  public record Second(double atSeconds, long rows, double p50Ms, double p99Ms, double p999Ms) {}

  /**
   * The timeline of the consumers' per-second lag histograms ({@link io.tablestoreycsb.tunnelbench.child.LagIntervals},
   * each starting at its second), the writers having started at {@code writeStartMs}.
   */
  static LagTimeline of(List<Histogram> intervals, long writeStartMs, long warmupEndMs) {
    Map<Long, List<Histogram>> bySecond = new TreeMap<>();
    for (Histogram h : intervals) {
      bySecond.computeIfAbsent(h.getStartTimeStamp(), s -> new ArrayList<>()).add(h);
    }
    List<Second> seconds = new ArrayList<>(bySecond.size());
    bySecond.forEach((startMs, consumers) -> {
      Histogram merged = HdrLogs.merge(consumers);
      seconds.add(new Second((startMs - writeStartMs) / 1000.0, merged.getTotalCount(),
          merged.getValueAtPercentile(50) / 1000.0, merged.getValueAtPercentile(99) / 1000.0,
          merged.getValueAtPercentile(99.9) / 1000.0));
    });
    return new LagTimeline((warmupEndMs - writeStartMs) / 1000.0, seconds);
  }
}
