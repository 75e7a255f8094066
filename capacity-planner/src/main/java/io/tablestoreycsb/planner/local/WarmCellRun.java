package io.tablestoreycsb.planner.local;

import io.tablestoreycsb.kit.child.ChildJvm;
import io.tablestoreycsb.kit.child.StartGate;
import io.tablestoreycsb.planner.runner.CellDone;
import io.tablestoreycsb.planner.runner.CellRequest;
import io.tablestoreycsb.planner.runner.ResultFiles;
import io.tablestoreycsb.planner.runner.RunnerRecord;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import io.tablestoreycsb.planner.ycsb.StatusLine;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/**
 * One cell on a warm runner: the planner's side of the exchange in the runner's result directory. The
 * cell is handed over as a {@link CellRequest} line; the runner writes the start gate's ready file, reads
 * the release and stop files the executor writes, and answers with {@link CellDone} once its result set
 * is complete. A runner that dies first fails the cell, as a runner JVM of its own does.
 */
final class WarmCellRun implements CellRun {
  private static final int STDERR_TAIL_LINES = 15;
  private static final long POLL_MS = 20;

  private final RunnerSpec spec;
  private final WarmRunner runner;
  private final long startEpochMs = System.currentTimeMillis();
  /** NaN until the runner prints its first status line of this cell. */
  private volatile double currentOpsPerSecond = Double.NaN;
  private volatile String failure;

  private WarmCellRun(RunnerSpec spec, WarmRunner runner) {
    this.spec = spec;
    this.runner = runner;
  }

  /** Hands {@code spec}'s cell to {@code runner}; a runner that has gone fails it (see {@link #finish}). */
  static WarmCellRun start(RunnerSpec spec, WarmRunner runner, long gateTimeoutSeconds) throws IOException {
    Files.createDirectories(spec.dir());
    for (String f : List.of(StartGate.READY_FILE, StartGate.HOLDING_FILE, StartGate.RELEASE_FILE, ChildJvm.STOP_FILE,
        CellDone.FILE_NAME)) {
      Files.deleteIfExists(spec.dir().resolve(f));
    }
    WarmCellRun run = new WarmCellRun(spec, runner);
    try {
      runner.hand(run, CellRequest.of(spec, gateTimeoutSeconds));
    } catch (IOException e) {
      run.failure = "runner process " + runner.pid() + " could not be handed the cell (it has exited): " + e.getMessage();
    }
    return run;
  }

  void noteOpsPerSecond(double ops) {
    currentOpsPerSecond = ops;
  }

  @Override
  public RunnerSpec spec() {
    return spec;
  }

  @Override
  public boolean isReady() {
    return Files.isRegularFile(spec.dir().resolve(StartGate.READY_FILE));
  }

  @Override
  public boolean holdsUntilRelease() {
    return Files.isRegularFile(spec.dir().resolve(StartGate.HOLDING_FILE));
  }

  @Override
  public void release(long epochMs) throws IOException {
    StartGate.writeInstant(spec.dir().resolve(StartGate.RELEASE_FILE), epochMs);
  }

  @Override
  public void stop() throws IOException {
    Files.writeString(spec.dir().resolve(ChildJvm.STOP_FILE), Long.toString(System.currentTimeMillis()));
  }

  /** The runner waits at a gate that will not open: it is ended, and the next cell gets a fresh one. */
  @Override
  public void failStart(String reason) {
    failure = reason;
    runner.kill();
  }

  @Override
  public boolean isRunning() {
    return failure == null && runner.isAlive() && !Files.isRegularFile(spec.dir().resolve(CellDone.FILE_NAME));
  }

  @Override
  public double currentOpsPerSecond() {
    return isRunning() ? currentOpsPerSecond : 0;
  }

  @Override
  public void kill() {
    runner.kill();
  }

  @Override
  public RunnerRecord finish(long timeoutMs) throws IOException, InterruptedException {
    long deadline = System.nanoTime() + timeoutMs * 1_000_000;
    while (isRunning() && System.nanoTime() < deadline) {
      Thread.sleep(POLL_MS);
    }
    boolean late = isRunning();
    if (late) {
      runner.kill();
    }
    runner.release(this);
    Optional<CellDone> done = CellDone.read(spec.dir());
    int exitCode;
    String error;
    if (failure != null) {
      exitCode = done.map(CellDone::exitCode).orElse(1);
      error = failure + "\n" + stderrTail();
    } else if (late) {
      exitCode = 1;
      error = "runner did not finish within " + timeoutMs / 1000 + " s of its expected end and was killed";
    } else if (done.isEmpty()) {
      exitCode = exitCodeOfDeadRunner();
      error = "runner process " + runner.pid() + " exited with code " + exitCode + " during the cell\n" + stderrTail();
    } else if (done.get().error() != null) {
      exitCode = done.get().exitCode();
      error = done.get().error() + "\n" + stderrTail();
    } else {
      exitCode = done.get().exitCode();
      error = RunnerVerdict.judge(spec, exitCode, this::stderrTail);
    }
    return RunnerVerdict.record(spec, startEpochMs, exitCode, error);
  }

  private int exitCodeOfDeadRunner() throws InterruptedException {
    for (int i = 0; i < 50 && runner.exitCode().isEmpty(); i++) {
      Thread.sleep(POLL_MS);
    }
    return runner.exitCode().orElse(-1);
  }

  /** The last lines of this cell's stderr that were not status lines; the runner's own when it wrote none. */
  private String stderrTail() {
    Path file = spec.dir().resolve(ResultFiles.STDERR_FILE);
    if (!Files.isRegularFile(file)) {
      return runner.stderrTail();
    }
    try {
      Deque<String> tail = new ArrayDeque<>();
      for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
        if (StatusLine.currentOpsPerSecond(line).isPresent()) {
          continue;
        }
        tail.addLast(line);
        if (tail.size() > STDERR_TAIL_LINES) {
          tail.removeFirst();
        }
      }
      return tail.isEmpty() ? runner.stderrTail() : String.join("\n", tail);
    } catch (IOException e) {
      return runner.stderrTail();
    }
  }
}
