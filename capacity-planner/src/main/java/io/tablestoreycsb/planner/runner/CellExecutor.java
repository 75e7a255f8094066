package io.tablestoreycsb.planner.runner;

import io.tablestoreycsb.kit.child.StartGate;
import java.io.IOException;
import java.util.List;

/**
 * Runs the runners of one cell (or of a load) to completion: the executor half of the runner contract.
 * The local implementation starts JVMs on this machine; others start them elsewhere. Either way each
 * runner's result set ends up in its {@link RunnerSpec#dir()} with a {@link RunnerRecord} beside it, and
 * the runners start together at one instant ({@link StartGate}).
 */
public interface CellExecutor {

  /**
   * @param key the cell
   * @param specs one per runner
   * @param expectedSeconds how long the runners should take once started (their maxexecutiontime)
   * @param listener told how the start and the run go
   */
  CellOutcome run(CellKey key, List<RunnerSpec> specs, long expectedSeconds, Listener listener)
      throws IOException, InterruptedException;

  /** What an executor tells while a cell starts and runs (for progress lines). */
  interface Listener {
    /** Runners are starting: {@code ready} of {@code total} are at their start gate. */
    void starting(int ready, int total);

    /**
     * As {@link #starting(int, int)}, with what the executor can tell of the runners that are not
     * ready (e.g. "pods: 1 Pending (ContainerCreating), 1 Running"); "" when nothing.
     */
    default void starting(int ready, int total, String detail) {
      starting(ready, total);
    }

    /** Runners are running: their summed current operations per second (about once a second). */
    void running(double opsPerSecond);

    /**
     * Asked about once a second while runners run: whether the cell may end now (its rate is steady).
     * An executor that can reach its runners then tells them to stop ({@link ResultFiles#STOP_FILE});
     * one that cannot lets them run their duration.
     */
    default boolean stopNow() {
      return false;
    }

    /**
     * Whether anything reads the runners' interval logs while the cell runs (a steady watch, a live view).
     * An executor whose runners write them elsewhere brings them to {@link RunnerSpec#dir()} only then:
     * each bringing costs a request per runner every few seconds.
     */
    default boolean readsIntervalLogs() {
      return false;
    }
  }
}
