package io.tablestoreycsb.tunnelbench.report;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Rows synchronized per second, from the consumers' per-second lag intervals merged by the second
 * (each interval's count is the rows handed in that second). Like the paper's rate counter, which
 * printed a rate every few seconds: "steady" is the median of the whole seconds after the warm-up,
 * "peak" the best of them. Seconds cut by the start or the end of syncing are left out.
 *
 * @param steady median rows per whole second after the warm-up
 * @param peak highest rows in a whole second
 * @param average rows over the whole sync window (first row to last)
 * @param seconds whole seconds the steady and peak figures come from (0: too short a window, and
 *     both are the average)
 */
public record SyncRates(double steady, double peak, double average, int seconds) {

  /**
   * @param intervals every consumer's per-second histograms (start time stamps on whole seconds)
   * @param measureFromMs seconds starting before this (the writers' start plus the warm-up) are left out
   * @param firstMs when the first row was handed
   * @param lastMs when the last row was handed
   * @param rows rows synced in all
   */
  public static SyncRates of(Collection<Histogram> intervals, long measureFromMs, long firstMs, long lastMs, long rows) {
    double average = lastMs > firstMs ? rows * 1000.0 / (lastMs - firstMs) : Double.NaN;
    Map<Long, Long> perSecond = new TreeMap<>();
    for (Histogram h : intervals) {
      perSecond.merge(h.getStartTimeStamp() / 1000 * 1000, h.getTotalCount(), Long::sum);
    }
    List<Long> whole = new ArrayList<>();
    for (Map.Entry<Long, Long> e : perSecond.entrySet()) {
      long start = e.getKey();
      if (start >= measureFromMs && start > firstMs && start + 1000 <= lastMs) {
        whole.add(e.getValue());
      }
    }
    // A second inside the window with no row at all has no interval: it counts as 0.
    long firstWhole = Math.max(ceilSecond(measureFromMs), ceilSecond(firstMs + 1));
    for (long s = firstWhole; s + 1000 <= lastMs; s += 1000) {
      if (!perSecond.containsKey(s)) {
        whole.add(0L);
      }
    }
    if (whole.isEmpty()) {
      return new SyncRates(average, average, average, 0);
    }
    whole.sort(null);
    int n = whole.size();
    double median = n % 2 == 1 ? whole.get(n / 2) : (whole.get(n / 2 - 1) + whole.get(n / 2)) / 2.0;
    return new SyncRates(median, whole.get(n - 1), average, n);
  }

  private static long ceilSecond(long ms) {
    return (ms + 999) / 1000 * 1000;
  }

  /** The paper's "average latency": milliseconds to synchronize 1,000 rows at the steady rate. */
  public double msPer1000Rows() {
    return steady > 0 ? 1_000_000.0 / steady : Double.NaN;
  }
}
