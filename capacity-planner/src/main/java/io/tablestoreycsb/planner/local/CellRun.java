package io.tablestoreycsb.planner.local;

import io.tablestoreycsb.planner.runner.RunnerRecord;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import java.io.IOException;

/**
 * One runner's part of a cell as the local executor drives it: a JVM started for the cell
 * ({@link RunnerProcess}) or a warm runner handed the cell ({@link WarmCellRun}).
 */
interface CellRun {
  RunnerSpec spec();

  /** True once the runner is waiting at the cell's start gate. */
  boolean isReady();

  /** True when the ready runner goes on warming up until the release and stops then ({@code StartGate.HOLDING_FILE}). */
  boolean holdsUntilRelease();

  /** Lets the runner start at {@code epochMs}. */
  void release(long epochMs) throws IOException;

  /** Tells the runner to end its run now (StoppableWorkload watches for the file). */
  void stop() throws IOException;

  /** Ends a runner that could not start in time, with the reason its record will carry. */
  void failStart(String reason);

  /** True while the cell runs on this runner. */
  boolean isRunning();

  /** The runner's current ops/s; NaN until its first status line, 0 once it has finished. */
  double currentOpsPerSecond();

  /** Ends the runner's process now. */
  void kill();

  /** Waits up to {@code timeoutMs} for the cell to end on this runner, then judges it and writes its runner.json. */
  RunnerRecord finish(long timeoutMs) throws IOException, InterruptedException;
}
