package io.tablestoreycsb.planner.analysis;

/** How a cell ended ({@link CellStop}). */
public enum StopKind {
  /** A fixed-duration cell ran its duration. */
  RAN_DURATION,
  /** A steady-stopping cell ended early: its rate was steady. */
  STEADY,
  /**
   * A steady-stopping cell ran to its cap while its rate was judged not steady (noisy or drifting): its
   * rows/s are one reading of a moving figure, no evidence of where the rate levels off.
   */
  CAP_UNSTEADY,
  /**
   * A steady-stopping cell ended at its minimum duration because the window the report takes as evidence (five
   * mean latencies, {@link CellAnalyzer#MIN_WINDOW_LATENCIES}) would not fit before its cap: running on would not
   * have made its figures evidence. (A 200-row batch writer at 4 threads against one 1,000 rows/s partition
   * waits about 2 s a request: a 10 s window wanted, which a 10 s cap minus its warm-up cannot hold.)
   */
  OUT_OF_REACH,
  /** A steady-stopping cell ran its duration without its rate being judged (too short, or its executor cannot stop runners early). */
  NOT_JUDGED,
  /** Nothing was recorded of how the cell ended. */
  NOT_RECORDED
}
