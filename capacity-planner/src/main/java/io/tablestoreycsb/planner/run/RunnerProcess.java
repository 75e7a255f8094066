package io.tablestoreycsb.planner.run;

import io.tablestoreycsb.planner.runner.ResultFiles;
import io.tablestoreycsb.planner.runner.RunnerResources;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import io.tablestoreycsb.planner.runner.RunnerRecord;
import io.tablestoreycsb.planner.ycsb.StatusLine;
import io.tablestoreycsb.planner.ycsb.YcsbOutput;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;

/**
 * One local YCSB runner: its process ({@link io.tablestoreycsb.planner.runner.RunnerMain}) and a thread
 * copying stderr to a file while reading the {@code -s} status lines. The runner measures its own
 * resources ({@link RunnerResources}); this class turns them and the exit into its {@link RunnerRecord}.
 */
final class RunnerProcess {
  private static final int STDERR_TAIL_LINES = 15;

  private final RunnerSpec spec;
  private final Process process;
  private final Thread stderrPump;
  private final Deque<String> stderrTail = new ArrayDeque<>();
  private final long startEpochMs;
  /** NaN until the runner prints its first status line. */
  private volatile double currentOpsPerSecond = Double.NaN;
  private volatile String startFailure;

  private RunnerProcess(RunnerSpec spec, Process process, long startEpochMs) {
    this.spec = spec;
    this.process = process;
    this.startEpochMs = startEpochMs;
    this.stderrPump = new Thread(this::pumpStderr, "runner-" + spec.runnerIndex() + "-stderr");
    this.stderrPump.setDaemon(true);
    this.stderrPump.start();
  }

  static RunnerProcess start(RunnerSpec spec, List<String> command) throws IOException {
    Files.createDirectories(spec.dir());
    ProcessBuilder pb = new ProcessBuilder(command)
        .directory(spec.dir().toFile())
        // Never written nor closed while the runner runs: the runner exits when it closes, which the
        // kernel does when this JVM ends, kill -9 included (RunnerMain --exit-with-parent).
        .redirectInput(ProcessBuilder.Redirect.PIPE)
        .redirectOutput(spec.dir().resolve(ResultFiles.STDOUT_FILE).toFile());
    long start = System.currentTimeMillis();
    return new RunnerProcess(spec, pb.start(), start);
  }

  private void pumpStderr() {
    try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getErrorStream(),
        StandardCharsets.UTF_8));
         PrintWriter out = new PrintWriter(Files.newBufferedWriter(spec.dir().resolve(ResultFiles.STDERR_FILE)))) {
      String line;
      while ((line = in.readLine()) != null) {
        out.println(line);
        OptionalDouble ops = StatusLine.currentOpsPerSecond(line);
        if (ops.isPresent()) {
          currentOpsPerSecond = ops.getAsDouble();
          continue; // keep the tail for errors, not for the status ticks
        }
        synchronized (stderrTail) {
          stderrTail.addLast(line);
          if (stderrTail.size() > STDERR_TAIL_LINES) {
            stderrTail.removeFirst();
          }
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** True once the runner is waiting at its start gate. */
  boolean isReady() {
    return Files.isRegularFile(spec.dir().resolve(ResultFiles.READY_FILE));
  }

  /** Kills a runner that could not start in time, with the reason its record will carry. */
  void failStart(String reason) {
    startFailure = reason;
    kill();
  }

  boolean isAlive() {
    return process.isAlive();
  }

  double currentOpsPerSecond() {
    return process.isAlive() ? currentOpsPerSecond : 0;
  }

  void kill() {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }

  /** Waits for the exit, then judges the runner and writes its runner.json. */
  RunnerRecord finish(long timeoutMs) throws IOException, InterruptedException {
    boolean exited = process.waitFor(timeoutMs, TimeUnit.MILLISECONDS);
    String error = null;
    if (!exited) {
      kill();
      process.waitFor();
      error = "runner did not finish within " + timeoutMs / 1000 + " s of its expected end and was killed";
    }
    stderrPump.join(5000);
    int exit = process.exitValue();
    if (error == null) {
      error = judge(exit);
    }
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
        System.currentTimeMillis(), exit, r.cpuSeconds(), r.peakRssBytes(), r.ioReadBytes(), r.ioWriteBytes(),
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
    synchronized (stderrTail) {
      return String.join("\n", List.copyOf(stderrTail));
    }
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
