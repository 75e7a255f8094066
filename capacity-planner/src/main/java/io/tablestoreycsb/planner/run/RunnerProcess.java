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
final class RunnerProcess {
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

  /** True once the runner is waiting at its start gate. */
  boolean isReady() {
    return jvm.isReady();
  }

  /** Lets the runner start at {@code epochMs}. */
  void release(long epochMs) throws IOException {
    jvm.release(epochMs);
  }

  /** Tells the runner to end its run now (StoppableWorkload watches for the file). */
  void stop() throws IOException {
    jvm.stop();
  }

  /** Kills a runner that could not start in time, with the reason its record will carry. */
  void failStart(String reason) {
    startFailure = reason;
    kill();
  }

  boolean isAlive() {
    return jvm.isAlive();
  }

  double currentOpsPerSecond() {
    return jvm.isAlive() ? currentOpsPerSecond : 0;
  }

  void kill() {
    jvm.kill();
  }

  /** Waits for the exit, then judges the runner and writes its runner.json. */
  RunnerRecord finish(long timeoutMs) throws IOException, InterruptedException {
    ChildJvm.Exit exit = jvm.finish(timeoutMs);
    String error = exit.killed()
        ? "runner did not finish within " + timeoutMs / 1000 + " s of its expected end and was killed"
        : judge(exit.code());
    if (startFailure != null) {
      error = startFailure + "\n" + stderrTail();
    }
    Optional<RunnerResources> self = RunnerResources.read(spec.dir().resolve(ResultFiles.RESOURCES_FILE));
    RunnerResources r = self.orElse(new RunnerResources(hostName(), Runtime.getRuntime().availableProcessors(),
        0, 0, 0, 0, 0, 0, 0, 0, 0));
    RunnerRecord record = new RunnerRecord(spec.key().instanceType(), spec.plan(), spec.key().caseName(),
        spec.key().partitions(), spec.runners(), spec.threads(), spec.runnerIndex(), spec.key().sweep(),
        spec.measure(), spec.rowsPerRequest(), spec.rowBytes(), r.host(), r.hostCpus(), spec.insertStart(),
        spec.insertCount(), startEpochMs, r.readyEpochMs(), r.startAtEpochMs(), r.releasedEpochMs(),
        System.currentTimeMillis(), exit.code(), r.cpuSeconds(), r.peakRssBytes(), r.ioReadBytes(), r.ioWriteBytes(),
        error);
    record.write(spec.dir());
    return record;
  }

  /**
   * YCSB exits 0 even when its DB failed to initialise (it prints the stack trace and exports zero
   * operations), so success needs the exit code, the exported summary and some measured requests.
   */
  private String judge(int exit) throws IOException {
    if (exit != 0) {
      return "exit code " + exit + "\n" + stderrTail();
    }
    YcsbOutput out = YcsbOutput.read(spec.dir().resolve(ResultFiles.STDOUT_FILE));
    if (!out.finished()) {
      return "YCSB printed no [OVERALL] summary\n" + stderrTail();
    }
    if (out.operations(spec.measure()) == 0) {
      return "no " + spec.measure() + " request completed (see " + spec.dir().resolve(ResultFiles.STDERR_FILE)
          + ")\n" + stderrTail();
    }
    return null;
  }

  String stderrTail() {
    return jvm.stderrTail();
  }

  RunnerSpec spec() {
    return spec;
  }

  static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "unknown";
    }
  }
}
