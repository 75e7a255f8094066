package io.tablestoreycsb.planner.timeline;

import io.tablestoreycsb.kit.hdr.HdrLogs;
import io.tablestoreycsb.planner.analysis.MeasuredWindow;
import io.tablestoreycsb.planner.analysis.RunnerResult;
import io.tablestoreycsb.planner.runner.CellKey;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * A cell's figures interval by interval, over all its runners: what the over-time chart draws and what a diff's
 * intervals for a difference come from.
 *
 * <p>Runners tick on their own clocks, so their intervals do not line up. The cell's time is cut into slots
 * of the runners' typical interval from the first runner's first interval; a runner interval's requests count
 * in each slot by the share of it that lies there (requests complete evenly within a tick, as the measured
 * window assumes), and its histogram goes whole into the slot holding its middle (a histogram cannot be split).
 * Each slot's latencies are then the runners' histograms added together: percentiles of the merge, never an
 * average of percentiles.
 *
 * @param key which cell
 * @param intervals the slots, in time order
 */
public record CellTimeline(CellKey key, List<IntervalFigures> intervals) {

  public CellTimeline {
    intervals = List.copyOf(intervals);
  }

  /** The timeline of the runners of one cell; empty when they measured nothing. */
  public static CellTimeline of(CellKey key, List<RunnerResult> runners) {
    return ofIntervals(key, runners.stream().map(RunnerResult::intervals).toList());
  }

  /** The timeline of each runner's interval histograms (read while the cell still runs, say). */
  public static CellTimeline ofIntervals(CellKey key, List<List<Histogram>> runners) {
    List<Histogram> all = runners.stream().flatMap(List::stream).toList();
    if (all.isEmpty()) {
      return new CellTimeline(key, List.of());
    }
    long first = all.stream().mapToLong(Histogram::getStartTimeStamp).min().orElseThrow();
    long last = all.stream().mapToLong(Histogram::getEndTimeStamp).max().orElseThrow();
    long slot = typicalLengthMs(all);
    int slots = (int) Math.max(1, (last - first + slot - 1) / slot);
    double[] requests = new double[slots];
    List<List<Histogram>> latencies = new ArrayList<>();
    for (int i = 0; i < slots; i++) {
      latencies.add(new ArrayList<>());
    }
    for (Histogram h : all) {
      long s = h.getStartTimeStamp();
      long e = Math.max(s + 1, h.getEndTimeStamp());
      for (int i = (int) ((s - first) / slot); i < slots && first + i * slot < e; i++) {
        long overlap = Math.min(e, first + (i + 1) * slot) - Math.max(s, first + i * slot);
        if (overlap > 0) {
          requests[i] += h.getTotalCount() * overlap / (double) (e - s);
        }
      }
      int middle = (int) Math.min(slots - 1, (s + (e - s) / 2 - first) / slot);
      latencies.get(middle).add(h);
    }
    List<IntervalFigures> figures = new ArrayList<>();
    for (int i = 0; i < slots; i++) {
      figures.add(new IntervalFigures(first + i * slot, Math.min(last, first + (i + 1) * slot), requests[i],
          HdrLogs.merge(latencies.get(i))));
    }
    return new CellTimeline(key, figures);
  }

  /** The runners' median interval length, at least 1 ms. */
  static long typicalLengthMs(List<Histogram> intervals) {
    long[] lengths = intervals.stream().mapToLong(h -> h.getEndTimeStamp() - h.getStartTimeStamp()).sorted()
        .toArray();
    return Math.max(1, lengths[lengths.length / 2]);
  }

  /** The slots lying at least half inside the measured window (the ones its figures come from). */
  public List<IntervalFigures> within(MeasuredWindow window) {
    List<IntervalFigures> inside = new ArrayList<>();
    for (IntervalFigures f : intervals) {
      long overlap = Math.min(f.endEpochMs(), window.endEpochMs()) - Math.max(f.startEpochMs(), window.startEpochMs());
      if (overlap * 2 >= f.endEpochMs() - f.startEpochMs()) {
        inside.add(f);
      }
    }
    return inside;
  }
}
