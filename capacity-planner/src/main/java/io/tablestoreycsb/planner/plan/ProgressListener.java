package io.tablestoreycsb.planner.plan;

/**
 * Hears what {@link Progress} hears, at every event rather than once a printing period: the live view of
 * {@code run --live}. Cells are named by their label ({@code CellKey#label}), loads by "load TABLE" with total 0.
 */
public interface ProgressListener {
  ProgressListener NONE = new ProgressListener() {};

  /** A cell's (or load's) runners are starting; {@code ready} of {@code runners} are. */
  default void starting(int index, int total, String label, int ready, int runners) {}

  /**
   * A cell runs.
   *
   * @param opsPerSecond the runners' summed rate from their status lines, NaN before the first
   * @param etaSeconds the plan's ETA as the progress line gives it; NaN for a load
   */
  default void running(int index, int total, String label, double elapsedSeconds, double opsPerSecond,
      double etaSeconds) {}
}
