package io.tablestoreycsb.planner.live;

import io.tablestoreycsb.planner.analysis.Latency;
import org.HdrHistogram.Histogram;

/**
 * Rows/s and latency percentiles of one stretch of a running cell (a runner's last interval, or all runners'
 * merged), as the live page and /metrics give them; NaN where nothing was measured.
 */
public record LiveFigures(double rowsPerSecond, double p50Ms, double p99Ms, double p999Ms) {
  static final LiveFigures NONE = new LiveFigures(Double.NaN, Double.NaN, Double.NaN, Double.NaN);

  /** The figures of {@code requests} over {@code seconds} with their latencies in {@code latencyUs}. */
  static LiveFigures of(double requests, double seconds, double rowsPerRequest, Histogram latencyUs) {
    double rate = seconds > 0 ? requests / seconds * rowsPerRequest : Double.NaN;
    if (latencyUs.getTotalCount() == 0) {
      return new LiveFigures(rate, Double.NaN, Double.NaN, Double.NaN);
    }
    return new LiveFigures(rate, Latency.percentileMs(latencyUs, 50), Latency.percentileMs(latencyUs, 99),
        Latency.percentileMs(latencyUs, 99.9));
  }
}
