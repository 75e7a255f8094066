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
  /** A steady-stopping cell ran its duration without its rate being judged (too short, or its executor cannot stop runners early). */
  NOT_JUDGED,
  /** Nothing was recorded of how the cell ended. */
  NOT_RECORDED
}
