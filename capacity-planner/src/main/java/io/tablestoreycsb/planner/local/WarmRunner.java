package io.tablestoreycsb.planner.local;

import io.tablestoreycsb.cluster.launch.ChildLauncher;
import io.tablestoreycsb.cluster.launch.ChildSpec;
import io.tablestoreycsb.cluster.launch.LaunchedChild;
import io.tablestoreycsb.planner.runner.RunnerMain;
import io.tablestoreycsb.planner.runner.CellRequest;
import io.tablestoreycsb.planner.runner.ResultFiles;
import io.tablestoreycsb.planner.ycsb.StatusLine;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * One warm runner JVM ({@code RunnerMain --serve}) kept by a {@link RunnerPool}: it is handed one cell at a
 * time ({@link #hand}) and passes the rate of its status lines to that cell.
 */
final class WarmRunner {
  /** A killed JVM is gone within milliseconds; this bounds the wait for its log to be copied. */
  private static final long END_WAIT_MS = 5_000;

  private final LaunchedChild jvm;
  private final List<String> jvmOptions;
  private volatile WarmCellRun cell;

  private WarmRunner(ChildLauncher children, String name, Path dir, List<String> jvmOptions) throws IOException {
    this.jvmOptions = List.copyOf(jvmOptions);
    this.jvm = children.start(new ChildSpec(name, dir, RunnerMain.class.getName(), jvmOptions,
        List.of(RunnerMain.SERVE_OPTION), dir.resolve(ResultFiles.STDOUT_FILE), dir.resolve(ResultFiles.STDERR_FILE),
        this::statusLine));
  }

  /**
   * Starts a runner JVM ({@code RunnerMain --serve}, its cells come on stdin) with {@code jvmOptions}, logging
   * what it prints between cells in {@code dir}.
   */
  static WarmRunner start(ChildLauncher children, String name, Path dir, List<String> jvmOptions)
      throws IOException {
    return new WarmRunner(children, name, dir, jvmOptions);
  }

  /** Hands the runner {@code cell}: from now on its status lines are that cell's. */
  void hand(WarmCellRun cell, CellRequest request) throws IOException {
    this.cell = cell;
    jvm.send(request.toLine());
  }

  /** The cell is over: status lines are no one's until the next. */
  void release(WarmCellRun finished) {
    if (cell == finished) {
      cell = null;
    }
  }

  private boolean statusLine(String line) {
    OptionalDouble ops = StatusLine.currentOpsPerSecond(line);
    WarmCellRun current = cell;
    if (ops.isPresent() && current != null) {
      current.noteOpsPerSecond(ops.getAsDouble());
    }
    return ops.isPresent();
  }

  boolean isAlive() {
    return jvm.isAlive();
  }

  boolean runsWith(List<String> options) {
    return jvmOptions.equals(options);
  }

  long pid() {
    return jvm.processId();
  }

  OptionalInt exitCode() {
    return jvm.exitCode();
  }

  /** The last lines it printed that were not status lines. */
  String stderrTail() {
    return jvm.stderrTail();
  }

  void kill() {
    jvm.kill();
  }

  /** Ends it between cells, and waits until what it printed is in its log. */
  void end() throws InterruptedException {
    jvm.kill();
    jvm.finish(END_WAIT_MS);
  }
}
