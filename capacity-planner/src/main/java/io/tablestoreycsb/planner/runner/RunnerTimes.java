package io.tablestoreycsb.planner.runner;

/**
 * When a runner started, was ready, was released and ended (epoch milliseconds; 0 when unknown).
 *
 * @param startEpochMs when the runner's process was started
 * @param readyEpochMs when it was ready at its start gate
 * @param startAtEpochMs the instant its cell started at
 * @param releasedEpochMs when it started YCSB (0 when it never did)
 * @param endEpochMs when it ended
 */
public record RunnerTimes(long startEpochMs, long readyEpochMs, long startAtEpochMs, long releasedEpochMs,
    long endEpochMs) {
  /** A runner of which nothing is known (it never ran, or left nothing). */
  public static final RunnerTimes NONE = new RunnerTimes(0, 0, 0, 0, 0);
}
