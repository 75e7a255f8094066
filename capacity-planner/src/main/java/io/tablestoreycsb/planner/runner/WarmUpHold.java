package io.tablestoreycsb.planner.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * The warm-up's own YCSB run, still sending after this runner's compilation settled, until the cell's start gate
 * opens. The runners of a cell share the endpoint: one that went quiet as soon as it settled would hand the others
 * its share, and at twice the rate they call more methods often enough for the optimising compiler and settle
 * later (a quickstart's 1-partition GetRow cell: side by side both runners settled after about 8 s; where one
 * stopped at 8 s, the other went on alone until 15 s). Holding keeps every runner at the rate it warmed up at
 * until the slowest is ready.
 */
final class WarmUpHold {
  /** Nothing held: the warm-up's run has ended (or there was none). */
  static final WarmUpHold NONE = new WarmUpHold(null, null, 0, 0);

  private final Thread run;
  private final Path stopFile;
  private final long settledNanos;
  private final long operationsAtSettle;
  private boolean ended;

  private WarmUpHold(Thread run, Path stopFile, long settledNanos, long operationsAtSettle) {
    this.run = run;
    this.stopFile = stopFile;
    this.settledNanos = settledNanos;
    this.operationsAtSettle = operationsAtSettle;
  }

  /** Holds {@code run}, which stops when {@code stopFile} appears; it settled now. */
  static WarmUpHold of(Thread run, Path stopFile) {
    return new WarmUpHold(run, stopFile, System.nanoTime(), StoppableWorkload.operationsSoFar());
  }

  boolean holding() {
    return run != null;
  }

  /**
   * Stops the held run at its threads' next operation and waits until it has ended (its measurements exported,
   * its clients closed), so that the cell's own run starts in a JVM the warm-up has left. Called at the gate's
   * release, which every runner of a cell gets at once, not at the runner's own instant: with a start skew the
   * later runners' instants come seconds after the first's, whose window a held warm-up would load. Once: later
   * calls return.
   */
  void end() throws InterruptedException {
    if (run == null || ended) {
      return;
    }
    ended = true;
    long ending = System.nanoTime();
    stop(stopFile);
    run.join();
    long operations = StoppableWorkload.operationsSoFar() - operationsAtSettle;
    System.err.printf(Locale.ROOT, "runner: the warm-up's run went on for %.1f s after it settled, until the start"
        + " gate opened (%d operations more, at the rate it warmed up at); it ended %d ms after the gate opened%n",
        (ending - settledNanos) / 1e9, operations, (System.nanoTime() - ending) / 1_000_000);
  }

  /** Stops the warm-up's run that watches {@code stopFile}: at once, and by the file for a run not yet watching. */
  static void stop(Path stopFile) {
    try {
      Files.writeString(stopFile, "warm-up over");
    } catch (IOException e) {
      // the run's maxexecutiontime ends it at the cap
    }
    StoppableWorkload.stopRunWatching(stopFile);
  }
}
