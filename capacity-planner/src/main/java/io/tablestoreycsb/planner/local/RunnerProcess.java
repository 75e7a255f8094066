package io.tablestoreycsb.planner.local;

import io.tablestoreycsb.cluster.launch.ChildLauncher;
import io.tablestoreycsb.cluster.launch.ChildSpec;
import io.tablestoreycsb.cluster.launch.LaunchedChild;
import io.tablestoreycsb.kit.child.ChildJvm;
import io.tablestoreycsb.kit.child.StartGate;
import io.tablestoreycsb.planner.runner.RunnerMain;
import io.tablestoreycsb.planner.runner.ResultFiles;
import io.tablestoreycsb.planner.runner.RunnerResources;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import io.tablestoreycsb.planner.runner.RunnerRecord;
import io.tablestoreycsb.planner.ycsb.StatusLine;
import io.tablestoreycsb.planner.ycsb.YcsbOutput;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One YCSB runner started for its cell: its JVM ({@link RunnerMain}, a child of the executor's
 * {@link ChildLauncher})
 * and the {@code -s} status lines of its stderr. The runner measures its own resources
 * ({@link RunnerResources}); this class turns them and the exit into its {@link RunnerRecord}.
 */
final class RunnerProcess implements CellRun {
  private final RunnerSpec spec;
  private final LaunchedChild jvm;
  private final long startEpochMs;
  /** NaN until the runner prints its first status line. */
  private volatile double currentOpsPerSecond = Double.NaN;
  private volatile String startFailure;

  private RunnerProcess(RunnerSpec spec, long startEpochMs, ChildLauncher children, StartGate gate)
      throws IOException {
    this.spec = spec;
    this.startEpochMs = startEpochMs;
    this.jvm = children.start(new ChildSpec("runner-" + spec.runnerIndex(), spec.dir(), RunnerMain.class.getName(),
        spec.jvmOptions(), spec.localArguments(gate), spec.dir().resolve(ResultFiles.STDOUT_FILE),
        spec.dir().resolve(ResultFiles.STDERR_FILE), this::statusLine));
  }

  /** Starts {@code spec}'s runner through {@code children}, waiting at {@code gate}. */
  static RunnerProcess start(RunnerSpec spec, ChildLauncher children, StartGate gate) throws IOException {
    return new RunnerProcess(spec, System.currentTimeMillis(), children, gate);
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
  public boolean holdsUntilRelease() {
    return Files.isRegularFile(jvm.dir().resolve(StartGate.HOLDING_FILE));
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
