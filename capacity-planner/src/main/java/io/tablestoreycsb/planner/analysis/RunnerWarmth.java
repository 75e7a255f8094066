package io.tablestoreycsb.planner.analysis;

import io.tablestoreycsb.planner.runner.WarmUp;

/**
 * One runner of a cell: its warm-up before the gate, and how much it was still compiling in the window.
 *
 * @param runnerIndex the runner's index in the cell
 * @param warmUp the warm-up it reported ({@link WarmUp#NONE}: none reported)
 * @param compileShare its JIT compile seconds per second over the window (from its readings around it, so the
 *     window give or take a second); NaN when it did not read them (an older runner, or too short a window)
 * @param hostSaturated whether its host was saturated over the window
 */
public record RunnerWarmth(int runnerIndex, WarmUp warmUp, double compileShare, boolean hostSaturated) {
  /**
   * At or above this compile share a runner was still compiling in the window: the {@link
   * io.tablestoreycsb.planner.runner.SettleRule} a warm-up ends at, so a cell is marked exactly when its runner
   * compiled as a warm-up would not have stopped at. A settled runner stays at 0 to 2% (single seconds of 7%),
   * a fresh one spends 6 to 68% of a processor compiling in each of its first 20 s.
   */
  public static final double COMPILING = io.tablestoreycsb.planner.runner.SettleRule.STANDARD.maxCompileShare();

  /**
   * Whether the runner was still compiling in the window on a saturated host ({@link HostCpu#SATURATED}):
   * there the compiler's threads took processor time its requests queued for, so the window measured the
   * JIT too. On a host with processors to spare the compilation ran beside the requests: a runner at a
   * few hundred requests a second goes on compiling at 5 to 20% of a processor for minutes (tiered
   * compilation reaches its C2 thresholds that late), while its cells at a partition's capacity measured
   * exactly the capacity (calm quickstart, 2026-11-28), so such a cell is judged and its compile share
   * only shown.
   */
  public boolean compiling() {
    return hostSaturated && compiledInWindow();
  }

  /** Whether the runner compiled at {@link #COMPILING} or more in the window, whatever its host had spare. */
  public boolean compiledInWindow() {
    return !Double.isNaN(compileShare) && compileShare >= COMPILING;
  }
}
