package io.tablestoreycsb.planner.local;

import io.tablestoreycsb.planner.runner.RunnerTimes;
import io.tablestoreycsb.planner.runner.RunnerHost;
import io.tablestoreycsb.planner.runner.ProcessUse;
import io.tablestoreycsb.planner.runner.ResultFiles;
import io.tablestoreycsb.planner.runner.RunnerRecord;
import io.tablestoreycsb.planner.runner.RunnerResources;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import io.tablestoreycsb.planner.runner.WarmUp;
import io.tablestoreycsb.planner.ycsb.YcsbOutput;
import java.io.IOException;
import java.net.InetAddress;
import java.util.Optional;
import java.util.function.Supplier;

/** How a runner's part of a cell is judged and recorded, whether its JVM ran one cell or many. */
final class RunnerVerdict {
  private RunnerVerdict() {}

  /**
   * YCSB exits 0 even when its DB failed to initialise (it prints the stack trace and exports zero
   * operations), so success needs the exit code, the exported summary and some measured requests.
   *
   * @return the error, or null when the runner succeeded
   */
  static String judge(RunnerSpec spec, int exit, Supplier<String> stderrTail) throws IOException {
    if (exit != 0) {
      return "exit code " + exit + "\n" + stderrTail.get();
    }
    YcsbOutput out = YcsbOutput.read(spec.dir().resolve(ResultFiles.STDOUT_FILE));
    if (!out.finished()) {
      return "YCSB printed no [OVERALL] summary\n" + stderrTail.get();
    }
    if (out.operations(spec.shape().measure()) == 0) {
      return "no " + spec.shape().measure() + " request completed (see " + spec.dir().resolve(ResultFiles.STDERR_FILE)
          + ")\n" + stderrTail.get();
    }
    return null;
  }

  /** Writes the runner's runner.json from its spec, its own resources.json and how it ended. */
  static RunnerRecord record(RunnerSpec spec, long startEpochMs, int exitCode, String error) throws IOException {
    Optional<RunnerResources> self = RunnerResources.read(spec.dir().resolve(ResultFiles.RESOURCES_FILE));
    RunnerResources r = self.orElse(new RunnerResources(hostName(), Runtime.getRuntime().availableProcessors(),
        0, 0, 0, 0, 0, 0, 0, 0, 0, WarmUp.NONE));
    RunnerRecord record = RunnerRecord.of(spec, new RunnerHost(r.host(), r.hostCpus()), new RunnerTimes(startEpochMs,
        r.readyEpochMs(), r.startAtEpochMs(), r.releasedEpochMs(), System.currentTimeMillis()),
        new ProcessUse(r.cpuSeconds(), r.peakRssBytes(), r.ioReadBytes(), r.ioWriteBytes()), exitCode, error,
        r.warmUp());
    record.write(spec.dir());
    return record;
  }

  static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "unknown";
    }
  }
}
