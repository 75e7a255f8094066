package io.tablestoreycsb.kit.report;

import java.time.Duration;

/**
 * The timing behind a run's progress lines: at most one line per period, the run's elapsed time, and
 * the mean overhead of the steps done so far (a cell's JVM start-up and flush, a scenario's set-up and
 * drain beyond its nominal time), which an ETA adds per step still to come. Before the first step has
 * finished the overhead is unknown and the ETA is a lower bound ({@link #etaQualifier}). Not
 * thread-safe: the progress printer that owns it synchronises.
 */
public final class ProgressPace {
  private final long periodMs;
  private final long startNanos = System.nanoTime();
  private long lastLineNanos;
  private int stepsDone;
  private double overheadSeconds;

  public ProgressPace(Duration period) {
    this.periodMs = period.toMillis();
  }

  /** True when a line is due: the first time, then once the period has passed since the last. */
  public boolean due() {
    long now = System.nanoTime();
    if (lastLineNanos != 0 && (now - lastLineNanos) / 1_000_000 < periodMs) {
      return false;
    }
    lastLineNanos = now;
    return true;
  }

  /** Seconds since the run started. */
  public double elapsedSeconds() {
    return (System.nanoTime() - startNanos) / 1e9;
  }

  /** Learns how much longer than its nominal time a step took. */
  public void stepFinished(double wallSeconds, double nominalSeconds) {
    double overhead = Math.max(0, wallSeconds - nominalSeconds);
    overheadSeconds = (overheadSeconds * stepsDone + overhead) / (stepsDone + 1);
    stepsDone++;
  }

  /** The mean overhead of a step, seconds (0 before the first has finished). */
  public double overheadSeconds() {
    return overheadSeconds;
  }

  /** ">= " while no step has finished (the ETA is a lower bound), "" after. */
  public String etaQualifier() {
    return stepsDone == 0 ? ">= " : "";
  }
}
