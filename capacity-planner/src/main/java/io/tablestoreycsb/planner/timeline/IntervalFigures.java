package io.tablestoreycsb.planner.timeline;

import io.tablestoreycsb.planner.analysis.Latency;
import org.HdrHistogram.Histogram;

/**
 * One status interval of a cell over all its runners: the requests they completed in it and their latencies
 * merged into one histogram (added, never averaged).
 *
 * @param startEpochMs start of the interval
 * @param endEpochMs end of the interval
 * @param requests requests the runners completed in it (an interval of a runner that straddles two of these
 *     counts in each by its overlap)
 * @param latencyUs the latencies of the runners' intervals whose middle lies in it, microseconds
 */
public record IntervalFigures(long startEpochMs, long endEpochMs, double requests, Histogram latencyUs) {

  public double seconds() {
    return Math.max(0.001, (endEpochMs - startEpochMs) / 1000.0);
  }

  public double requestsPerSecond() {
    return requests / seconds();
  }

  /** The latency at a percentile, ms; NaN when the interval recorded none. */
  public double percentileMs(double percentile) {
    return latencyUs.getTotalCount() == 0 ? Double.NaN : Latency.percentileMs(latencyUs, percentile);
  }

  /** The middle of the interval, epoch ms. */
  public long middleEpochMs() {
    return startEpochMs + (endEpochMs - startEpochMs) / 2;
  }
}
