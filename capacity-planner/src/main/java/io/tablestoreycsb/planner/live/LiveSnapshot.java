package io.tablestoreycsb.planner.live;

import java.util.List;

/**
 * What the live page shows at one moment, as /state.json sends it (and /metrics reads).
 *
 * @param plan the matrix's name
 * @param state "running", or "done" once the plan has ended
 * @param cellsTotal cells of the plan
 * @param cellsDone cells finished (this run's and those kept from an earlier one)
 * @param etaSeconds the plan's ETA from its estimate and the cells so far; NaN before the first cell runs
 * @param elapsedSeconds since the plan started
 * @param current the cell running now, or null
 * @param finished the finished cells' figures, in plan order
 */
public record LiveSnapshot(String plan, String state, int cellsTotal, int cellsDone, double etaSeconds,
    double elapsedSeconds, Current current, List<Finished> finished) {

  /**
   * The running cell.
   *
   * @param label "random-read p=4 threads=8"
   * @param index its place in the plan, from 1
   * @param phase "starting" while its runners start, "running" after
   * @param elapsedSeconds since its runners were released
   * @param statusOpsPerSecond the runners' summed rate from their status lines (what the progress line says)
   * @param merged the last complete interval of all runners merged
   * @param runners each runner's last interval
   * @param series per interval since the cell started: seconds, rows/s, p50, p99, p99.9 (ms)
   */
  public record Current(String label, int index, String phase, double elapsedSeconds, double statusOpsPerSecond,
      LiveFigures merged, List<RunnerFigures> runners, List<double[]> series) {}

  /** One runner's last interval. */
  public record RunnerFigures(int runner, LiveFigures latest) {}

  /**
   * A finished cell as the report will give it (the same analysis of the same files).
   *
   * @param label its label
   * @param rowsPerSecond QPS(row) in its measured window
   * @param p50Ms p50 over the window
   * @param p99Ms p99 over the window
   * @param verdict what bound it, briefly
   */
  public record Finished(String label, double rowsPerSecond, double p50Ms, double p99Ms, String verdict) {}
}
