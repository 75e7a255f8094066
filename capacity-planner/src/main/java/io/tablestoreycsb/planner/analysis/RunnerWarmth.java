package io.tablestoreycsb.planner.analysis;

import io.tablestoreycsb.planner.runner.WarmUp;

/**
 * One runner of a cell: its warm-up before the gate, and how much it was still compiling in the window.
 *
 * @param runnerIndex the runner's index in the cell
 * @param warmUp the warm-up it reported ({@link WarmUp#NONE}: none reported)
 * @param compileShare its JIT compile seconds per second over the window (from its readings around it, so the
 *     window give or take a second); NaN when it did not read them (an older runner, or too short a window)
 */
public record RunnerWarmth(int runnerIndex, WarmUp warmUp, double compileShare) {
  /**
   * At or above this compile share a runner was still compiling in the window: the {@link
   * io.tablestoreycsb.planner.runner.SettleRule} a warm-up ends at, so a cell is marked exactly when its runner
   * compiled as a warm-up would not have stopped at. A settled runner stays at 0 to 2% (single seconds of 7%),
   * a fresh one spends 6 to 68% of a processor compiling in each of its first 20 s.
   */
  public static final double COMPILING = io.tablestoreycsb.planner.runner.SettleRule.STANDARD.maxCompileShare();

  /** Whether the runner was still compiling in the window. */
  public boolean compiling() {
    return !Double.isNaN(compileShare) && compileShare >= COMPILING;
  }
}
