package io.tablestoreycsb.planner.local;

import io.tablestoreycsb.cluster.launch.ChildLauncher;
import io.tablestoreycsb.cluster.launch.LocalChildLauncher;
import io.tablestoreycsb.kit.child.StartGate;
import io.tablestoreycsb.planner.runner.CellKey;
import io.tablestoreycsb.planner.runner.CellOutcome;
import io.tablestoreycsb.planner.runner.CellExecutor;
import io.tablestoreycsb.planner.runner.RunnerRecord;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs a cell's runners as JVMs its {@link ChildLauncher} starts (on this machine): starts them all, waits until every one is ready at its
 * start gate, releases them together at one instant, samples their status lines while they run and
 * collects their records.
 *
 * <p>Runner JVMs are either started for each cell and end with it, or kept warm
 * ({@link #keepingRunnersWarm}): started once and handed cell after cell ({@link RunnerPool}), so that a
 * plan pays JVM start-up and JIT warm-up once, not in every cell.
 */
public final class LocalCellExecutor implements CellExecutor, AutoCloseable {
  /** How often the running cell's rates are told to the listener (and a steady stop is considered). */
  private static final long SAMPLE_PERIOD_MS = 1000;
  /**
   * How often the executor looks whether its runners are done: a cell ends when the last runner
   * does, and every millisecond between that and the next cell's hand-over is plan time measuring
   * nothing (a 250 ms look cost quickstart 3 s over its 27 cells and loads).
   */
  private static final long DONE_POLL_MS = 10;
  /**
   * Between the release and the start instant: every runner sees the release file before it (a
   * runner at its gate looks every {@value StartGate#POLL_MS} ms; the rest covers a busy machine's
   * scheduling delay).
   */
  private static final long RELEASE_MARGIN_MS = 50;
  /** A runner JVM that is not ready after this long (class loading on a loaded machine) fails the cell. */
  static final Duration READY_TIMEOUT = Duration.ofSeconds(120);
  /** How long a runner at its gate waits for the release before giving up on its own. */
  private static final Duration GATE_TIMEOUT = READY_TIMEOUT.plusSeconds(60);

  private final ChildLauncher children;
  private final Duration startSkew;
  /** Null: every cell starts runner JVMs of its own. */
  private final Path warmLogDir;
  private final RunnerPool pool;

  /**
   * @param startSkew runner i starts i x this after the first one: zero in real use; tests use it to
   *     check that skewed runners are measured over their common window
   */
  public LocalCellExecutor(ChildLauncher children, Duration startSkew) {
    this(children, startSkew, null);
  }

  private LocalCellExecutor(ChildLauncher children, Duration startSkew, Path warmLogDir) {
    this.children = children;
    this.startSkew = startSkew;
    this.warmLogDir = warmLogDir;
    this.pool = warmLogDir == null ? null : new RunnerPool(warmLogDir, children);
  }

  /**
   * The same executor keeping its runner JVMs between cells: runner i of every cell is the same process
   * (replaced when it dies), which starts and warms up once and then serves cell after cell; what each
   * runner prints between cells goes to {@code logDir}. Runners end with {@link #close} or this JVM.
   */
  public LocalCellExecutor keepingRunnersWarm(Path logDir) {
    return new LocalCellExecutor(children, startSkew, logDir);
  }

  /** Process ids of the warm runners kept (empty when runners are not kept), in runner order. */
  public List<Long> warmRunnerPids() {
    return pool == null ? List.of() : pool.pids();
  }

  /** How many warm runner JVMs this executor has started (0 when runners are not kept). */
  public int warmRunnersStarted() {
    return pool == null ? 0 : pool.started();
  }

  /**
   * Ends the warm runners and waits until their logs are written (they also end with this JVM, but a
   * plan's runners should not outlive its last cell).
   */
  @Override
  public void close() throws InterruptedException {
    if (pool != null) {
      pool.close();
    }
  }

  /** The java and class path of this JVM: runners load exactly what the planner loaded. */
  public static LocalCellExecutor ofThisJvm() {
    return ofThisJvm(Duration.ZERO);
  }

  public static LocalCellExecutor ofThisJvm(Duration startSkew) {
    return new LocalCellExecutor(LocalChildLauncher.ofThisJvm(), startSkew);
  }

  @Override
  public CellOutcome run(CellKey key, List<RunnerSpec> specs, long expectedSeconds, Listener listener)
      throws IOException, InterruptedException {
    return runStartingAt(0, key, specs, expectedSeconds, listener);
  }

  /**
   * {@link #run} releasing the runners at {@code epochMs} (when they are ready before it; at once when it
   * is 0): a pod that serves a plan's cells gets each cell's instant with the cell, so its runner starts
   * with the other pods' runners of that cell.
   */
  public CellOutcome runStartingAt(long epochMs, CellKey key, List<RunnerSpec> specs, long expectedSeconds,
      Listener listener) throws IOException, InterruptedException {
    long started = System.nanoTime();
    List<CellRun> running = new ArrayList<>();
    // Ctrl-C on the planner must not leave runners loading the endpoint; the cell stays unfinished
    // (no completion marker) and the next run starts it again.
    Thread killRunners = new Thread(() -> running.forEach(CellRun::kill), "kill-runners");
    Runtime.getRuntime().addShutdownHook(killRunners);
    try {
      if (pool != null) {
        List<WarmRunner> runners = pool.runnersFor(specs);
        for (int i = 0; i < specs.size(); i++) {
          running.add(WarmCellRun.start(specs.get(i), runners.get(i), GATE_TIMEOUT.toSeconds()));
        }
      } else {
        for (RunnerSpec spec : specs) {
          StartGate gate = StartGate.inDirectory(spec.dir(), GATE_TIMEOUT);
          running.add(RunnerProcess.start(spec, children, gate));
        }
      }
      if (awaitReady(running, listener)) {
        long instant = release(running, epochMs);
        long runStarted = System.nanoTime() + Math.max(0, instant - System.currentTimeMillis()) * 1_000_000;
        long nextSample = System.nanoTime() + SAMPLE_PERIOD_MS * 1_000_000;
        boolean stopped = false;
        while (running.stream().anyMatch(CellRun::isRunning)) {
          if (System.nanoTime() >= nextSample) {
            nextSample += SAMPLE_PERIOD_MS * 1_000_000;
            listener.running(summedOps(running));
            if (!stopped && listener.stopNow()) {
              stopped = true;
              stop(running);
            }
          }
          double elapsed = (System.nanoTime() - runStarted) / 1e9;
          if (elapsed > expectedSeconds + graceSeconds(expectedSeconds)) {
            break; // finish() below kills and reports the late runners
          }
          Thread.sleep(DONE_POLL_MS);
        }
      }
      List<RunnerRecord> records = new ArrayList<>();
      for (CellRun p : running) {
        records.add(p.finish(1000));
      }
      return new CellOutcome(key, records, (System.nanoTime() - started) / 1e9);
    } finally {
      running.forEach(p -> {
        if (p.isRunning()) {
          p.kill();
        }
      });
      try {
        Runtime.getRuntime().removeShutdownHook(killRunners);
      } catch (IllegalStateException shuttingDown) {
        // the hook is running already
      }
    }
  }

  /** Waits until every runner is at its gate; false when one exited first or the time-out passed. */
  private static boolean awaitReady(List<CellRun> running, Listener listener) throws InterruptedException {
    long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
    long lastTold = -1;
    while (true) {
      int ready = (int) running.stream().filter(CellRun::isReady).count();
      if (ready == running.size()) {
        return true;
      }
      CellRun exited = running.stream().filter(p -> !p.isRunning() && !p.isReady()).findFirst().orElse(null);
      if (exited != null) {
        // One cannot start: the cell fails, and the others must not run without it.
        running.stream().filter(p -> p != exited).forEach(p -> p.failStart("stopped before the start: runner "
            + exited.spec().runnerIndex() + " exited before it was ready"));
        return false;
      }
      if (System.nanoTime() > deadline) {
        running.forEach(p -> p.failStart("not ready at its start gate within " + READY_TIMEOUT.toSeconds() + " s"));
        return false;
      }
      long now = System.nanoTime() / 1_000_000_000L;
      if (now != lastTold) {
        listener.starting(ready, running.size());
        lastTold = now;
      }
      Thread.sleep(20);
    }
  }

  /** Tells every runner to end its run now (StoppableWorkload watches for the file). */
  private static void stop(List<CellRun> running) throws IOException {
    for (CellRun p : running) {
      p.stop();
    }
  }

  /** The runners' current ops/s summed; NaN while none has printed a status line yet. */
  private static double summedOps(List<CellRun> running) {
    double sum = 0;
    boolean any = false;
    for (CellRun p : running) {
      double ops = p.currentOpsPerSecond();
      if (!Double.isNaN(ops)) {
        sum += ops;
        any = true;
      }
    }
    return any ? sum : Double.NaN;
  }

  private long release(List<CellRun> running, long startAt) throws IOException {
    long margin = running.stream().anyMatch(CellRun::holdsUntilRelease) ? StartGate.HOLD_MARGIN_MS : RELEASE_MARGIN_MS;
    long instant = Math.max(System.currentTimeMillis() + margin, startAt);
    for (int i = 0; i < running.size(); i++) {
      running.get(i).release(instant + i * startSkew.toMillis());
    }
    return instant;
  }

  /** Table warm-up and the final flush get this much time beyond the cell's duration. */
  static long graceSeconds(long expectedSeconds) {
    return 120 + expectedSeconds / 10;
  }
}
