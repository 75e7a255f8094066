package io.tablestoreycsb.planner.analysis;

import org.HdrHistogram.Histogram;

/**
 * Latency figures of one histogram, milliseconds: what the report shows of a latency. Derived from a
 * histogram whenever asked for, never averaged across histograms.
 *
 * @param avgMs mean
 * @param p50Ms median
 * @param p95Ms 95th percentile
 * @param p99Ms 99th percentile
 * @param p999Ms 99.9th percentile
 * @param maxMs maximum (the top of the maximum's bucket, the figure YCSB prints as MaxLatency(us))
 */
public record Latency(double avgMs, double p50Ms, double p95Ms, double p99Ms, double p999Ms, double maxMs) {

  /** The figures of a histogram of microseconds; zeros when it recorded nothing. */
  public static Latency of(Histogram us) {
    if (us.getTotalCount() == 0) {
      return new Latency(0, 0, 0, 0, 0, 0);
    }
    return new Latency(us.getMean() / 1000.0, percentileMs(us, 50), percentileMs(us, 95), percentileMs(us, 99),
        percentileMs(us, 99.9), us.getMaxValue() / 1000.0);
  }

  /** The figures of a histogram, or null when it recorded nothing. */
  public static Latency ofRecorded(Histogram us) {
    return us == null || us.getTotalCount() == 0 ? null : of(us);
  }

  /** A percentile of a histogram of microseconds, in milliseconds. */
  public static double percentileMs(Histogram us, double percentile) {
    return us.getValueAtPercentile(percentile) / 1000.0;
  }
}
