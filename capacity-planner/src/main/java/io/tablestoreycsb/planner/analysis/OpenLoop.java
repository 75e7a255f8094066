package io.tablestoreycsb.planner.analysis;

import org.HdrHistogram.Histogram;

/**
 * What an open-loop cell (one run at a target rate) has beyond a closed loop's figures.
 *
 * @param targetRowsPerSecond its target, rows/s over all runners
 * @param intended the latency from each operation's intended start (coordinated omission corrected),
 *     merged over the runners, microseconds; empty when the runners did not record it
 */
public record OpenLoop(double targetRowsPerSecond, Histogram intended) {

  /** The intended latency's figures, or null when none was recorded. */
  public Latency intendedLatency() {
    return Latency.ofRecorded(intended);
  }
}
