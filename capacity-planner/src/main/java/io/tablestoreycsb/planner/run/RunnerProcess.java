package io.tablestoreycsb.planner.run;

import io.tablestoreycsb.kit.child.ChildJvm;
import io.tablestoreycsb.planner.runner.ResultFiles;
import io.tablestoreycsb.planner.runner.RunnerResources;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import io.tablestoreycsb.planner.runner.RunnerRecord;
import io.tablestoreycsb.planner.ycsb.StatusLine;
import io.tablestoreycsb.planner.ycsb.YcsbOutput;
import java.io.IOException;
import java.net.InetAddress;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One local YCSB runner: its JVM ({@link io.tablestoreycsb.planner.runner.RunnerMain}, a {@link ChildJvm})
 * and the {@code -s} status lines of its stderr. The runner measures its own resources
 * ({@link RunnerResources}); this class turns them and the exit into its {@link RunnerRecord}.
 */
final class RunnerProcess implements CellRun {
  private final RunnerSpec spec;
  private final ChildJvm jvm;
  private final long startEpochMs;
  /** NaN until the runner prints its first status line. */
  private volatile double currentOpsPerSecond = Double.NaN;
  private volatile String startFailure;

  private RunnerProcess(RunnerSpec spec, long startEpochMs, List<String> command) throws IOException {
    this.spec = spec;
    this.startEpochMs = startEpochMs;
    this.jvm = ChildJvm.start("runner-" + spec.runnerIndex(), spec.dir(), command,
        spec.dir().resolve(ResultFiles.STDOUT_FILE), spec.dir().resolve(ResultFiles.STDERR_FILE), this::statusLine);
  }

  static RunnerProcess start(RunnerSpec spec, List<String> command) throws IOException {
    return new RunnerProcess(spec, System.currentTimeMillis(), command);
  }

  /** Notes the rate of a status line; status ticks are kept out of the stderr tail, which is for errors. */
  private boolean statusLine(String line) {
    OptionalDouble ops = StatusLine.currentOpsPerSecond(line);
    ops.ifPresent(v -> currentOpsPerSecond = v);
    return ops.isPresent();
  }

  @Override
  public boolean isReady() {
    return jvm.isReady();
  }

  @Override
  public void release(long epochMs) throws IOException {
    jvm.release(epochMs);
  }

  @Override
  public void stop() throws IOException {
    jvm.stop();
  }

  @Override
  public void failStart(String reason) {
    startFailure = reason;
    kill();
  }

  @Override
  public boolean isRunning() {
    return jvm.isAlive();
  }

  @Override
  public double currentOpsPerSecond() {
    return jvm.isAlive() ? currentOpsPerSecond : 0;
  }

  @Override
  public void kill() {
    jvm.kill();
  }

  /** Waits for the exit, then judges the runner and writes its runner.json. */
  @Override
  public RunnerRecord finish(long timeoutMs) throws IOException, InterruptedException {
    ChildJvm.Exit exit = jvm.finish(timeoutMs);
    String error = exit.killed()
        ? "runner did not finish within " + timeoutMs / 1000 + " s of its expected end and was killed"
        : judge(exit.code());
    if (startFailure != null) {
      error = startFailure + "\n" + stderrTail();
    }
    return RunnerVerdict.record(spec, startEpochMs, exit.code(), error);
  }

  private String judge(int exit) throws IOException {
    return RunnerVerdict.judge(spec, exit, this::stderrTail);
  }

  String stderrTail() {
    return jvm.stderrTail();
  }

  @Override
  public RunnerSpec spec() {
    return spec;
  }
}
