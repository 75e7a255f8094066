package io.tablestoreycsb.planner.plan;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * A cell's requests per status interval over all its runners, from their HDR interval logs: each
 * runner ticks on its own clock, so its intervals are spread over common bins (one status interval
 * long, from the latest runner's first interval on) in proportion to their overlap, as the report's
 * measured window counts them. Bins after the earliest runner's last interval are left out: they are
 * not complete yet.
 */
final class CellSeries {
  private CellSeries() {}

  static List<SteadyState.Interval> of(List<List<Histogram>> runners, long binMs) {
    long start = Long.MIN_VALUE;
    long end = Long.MAX_VALUE;
    for (List<Histogram> intervals : runners) {
      if (intervals.isEmpty()) {
        return List.of();
      }
      start = Math.max(start, intervals.get(0).getStartTimeStamp());
      end = Math.min(end, intervals.get(intervals.size() - 1).getEndTimeStamp());
    }
    List<SteadyState.Interval> bins = new ArrayList<>();
    for (long s = start; s + binMs <= end; s += binMs) {
      double count = 0;
      for (List<Histogram> intervals : runners) {
        for (Histogram h : intervals) {
          count += h.getTotalCount() * overlap(h, s, s + binMs);
        }
      }
      bins.add(new SteadyState.Interval(s, s + binMs, count));
    }
    return bins;
  }

  private static double overlap(Histogram h, long from, long to) {
    long s = h.getStartTimeStamp();
    long e = h.getEndTimeStamp();
    if (e <= s) {
      return s >= from && s < to ? 1 : 0;
    }
    long inside = Math.min(e, to) - Math.max(s, from);
    return inside <= 0 ? 0 : inside / (double) (e - s);
  }
}
