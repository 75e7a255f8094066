package io.tablestoreycsb.tunnelbench.report;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Rows synchronized per second, from the consumers' per-second lag intervals merged by the second
 * (each interval's count is the rows handed in that second). Like the white paper's rate counter,
 * which printed the rate of every 5 s: the whole windows of {@code windowSeconds} after the warm-up
 * give "steady" (their median) and "peak" (the best of them). A window cut by the start or the end of
 * syncing is left out. Windows rather than single seconds, because a consumer that has caught up
 * reads in bursts: the SDK backs off (up to 2 s) while the service answers may_more_record=false.
 *
 * @param steady median rows per second of the whole windows after the warm-up
 * @param peak rows per second of the best whole window
 * @param average rows over the whole sync window (first row to last)
 * @param windows whole windows the steady and peak figures come from (0: too short a sync, and both
 *     are the average)
 */
public record SyncRates(double steady, double peak, double average, int windows) {
  /** The paper's rate counter's interval (CAL_INTERVAL_MILLIS = 5000). */
  public static final int PAPER_WINDOW_SECONDS = 5;

  /**
   * @param intervals every consumer's per-second histograms (start time stamps on whole seconds)
   * @param measureFromMs windows starting before this (the writers' start plus the warm-up) are left out
   * @param firstMs when the first row was handed
   * @param lastMs when the last row was handed
   * @param rows rows synced in all
   * @param windowSeconds the length of a window
   */
  public static SyncRates of(Collection<Histogram> intervals, long measureFromMs, long firstMs, long lastMs, long rows,
      int windowSeconds) {
    double average = lastMs > firstMs ? rows * 1000.0 / (lastMs - firstMs) : Double.NaN;
    Map<Long, Long> perSecond = new TreeMap<>();
    for (Histogram h : intervals) {
      perSecond.merge(h.getStartTimeStamp() / 1000 * 1000, h.getTotalCount(), Long::sum);
    }
    long windowMs = windowSeconds * 1000L;
    List<Double> rates = new ArrayList<>();
    // Whole seconds only: the first starts after the first row (and the warm-up), the last ends before the last row.
    for (long s = Math.max(ceilSecond(measureFromMs), ceilSecond(firstMs + 1)); s + windowMs <= lastMs; s += windowMs) {
      long n = 0;
      for (long t = s; t < s + windowMs; t += 1000) {
        n += perSecond.getOrDefault(t, 0L); // a second with no row has no interval: 0
      }
      rates.add(n * 1000.0 / windowMs);
    }
    if (rates.isEmpty()) {
      return new SyncRates(average, average, average, 0);
    }
    rates.sort(null);
    int n = rates.size();
    double median = n % 2 == 1 ? rates.get(n / 2) : (rates.get(n / 2 - 1) + rates.get(n / 2)) / 2.0;
    return new SyncRates(median, rates.get(n - 1), average, n);
  }

  private static long ceilSecond(long ms) {
    return (ms + 999) / 1000 * 1000;
  }

  /** The paper's "average latency": milliseconds to synchronize 1,000 rows at the steady rate. */
  public double msPer1000Rows() {
    return steady > 0 ? 1_000_000.0 / steady : Double.NaN;
  }
}
