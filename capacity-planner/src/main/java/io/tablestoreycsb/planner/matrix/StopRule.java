package io.tablestoreycsb.planner.matrix;

import java.time.Duration;

/**
 * When a cell ends: after its {@code duration} ({@code stop = fixed}), or as soon as its rate is steady
 * after at least {@code min-duration} ({@code stop = steady}; {@code duration} stays the cap).
 *
 * @param steady whether the cell may end once its rate is steady
 * @param minDuration the least a steady-stopping cell runs
 * @param tolerance how far its rate may be uncertain or drift over the recent window, e.g. 0.05
 */
public record StopRule(boolean steady, Duration minDuration, double tolerance) {
  /** The default minimum duration of a steady-stopping cell (or its whole duration when shorter). */
  public static final Duration DEFAULT_MIN_DURATION = Duration.ofMinutes(5);
  public static final double DEFAULT_TOLERANCE = 0.05;
  public static final StopRule FIXED = new StopRule(false, Duration.ZERO, DEFAULT_TOLERANCE);

  /** The rule with its minimum no longer than {@code cap}. */
  public StopRule cappedAt(Duration cap) {
    return minDuration.compareTo(cap) > 0 ? new StopRule(steady, cap, tolerance) : this;
  }

  /** How the report names the rule: "fixed", "steady (at least 5m, within 5%)". */
  public String describe() {
    return steady ? String.format(java.util.Locale.ROOT, "steady (at least %ds, within %.0f%%)",
        minDuration.toSeconds(), tolerance * 100) : "fixed";
  }
}
