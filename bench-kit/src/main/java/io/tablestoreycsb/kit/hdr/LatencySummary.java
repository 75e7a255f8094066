package io.tablestoreycsb.kit.hdr;

import org.HdrHistogram.Histogram;

/**
 * Latency figures of one histogram, in microseconds.
 *
 * @param count requests recorded
 * @param meanUs mean latency
 * @param p50Us median
 * @param p95Us 95th percentile
 * @param p99Us 99th percentile
 * @param p999Us 99.9th percentile
 * @param maxUs maximum
 */
public record LatencySummary(long count, double meanUs, long p50Us, long p95Us, long p99Us, long p999Us,
    long maxUs) {

  public static LatencySummary of(Histogram h) {
    if (h.getTotalCount() == 0) {
      return new LatencySummary(0, 0, 0, 0, 0, 0, 0);
    }
    // getMaxValue is the top of the max's bucket, the same figure YCSB prints as MaxLatency(us).
    return new LatencySummary(h.getTotalCount(), h.getMean(), h.getValueAtPercentile(50),
        h.getValueAtPercentile(95), h.getValueAtPercentile(99), h.getValueAtPercentile(99.9),
        h.getMaxValue());
  }
}
