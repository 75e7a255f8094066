package io.tablestoreycsb.planner.runner;

import io.tablestoreycsb.kit.child.ChildJvm;
import io.tablestoreycsb.kit.child.StartGate;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Everything needed to start one YCSB runner: the input half of the runner contract (the output half is
 * its result set, {@link ResultFiles}). Executors turn it into a process here or a pod elsewhere.
 *
 * @param key the cell it belongs to
 * @param shape how the cell's runners run it
 * @param plan plan name
 * @param runnerIndex index in the cell
 * @param ycsb what it asks of YCSB
 * @param rowBytes approximate bytes per row
 * @param slice its slice of the key space
 * @param dir output directory of this runner
 * @param jvmOptions extra JVM options
 */
public record RunnerSpec(CellKey key, CellShape shape, String plan, int runnerIndex, YcsbCall ycsb, int rowBytes,
    KeySlice slice, Path dir, List<String> jvmOptions) {

  /**
   * The arguments of {@code site.ycsb.Client} for this runner, writing its result set to
   * {@code resultDir} (its own directory here; a pod's local directory on another machine).
   */
  public List<String> ycsbArguments(Path resultDir) {
    List<String> args = new ArrayList<>();
    args.add("-db");
    args.add(ycsb.db());
    args.add("-P");
    args.add(ycsb.workload().toString());
    if (ycsb.endpointProperties() != null) {
      args.add("-P");
      args.add(ycsb.endpointProperties().toString());
    }
    ycsb.properties().forEach((k, v) -> {
      args.add("-p");
      args.add(k + "=" + v);
    });
    args.add("-p");
    args.add("insertstart=" + slice.insertStart());
    args.add("-p");
    args.add("insertcount=" + slice.insertCount());
    args.add("-p");
    args.add("measurementtype=hdrhistogram");
    args.add("-p");
    args.add("hdrhistogram.fileoutput=true");
    args.add("-p");
    // YCSB uses this as a plain prefix: files become <dir>/READ.hdr, <dir>/BATCH_WRITE.hdr ...
    args.add("hdrhistogram.output.path=" + resultDir.toAbsolutePath() + "/");
    args.add("-p");
    args.add("hdrhistogram.percentiles=50,95,99,99.9");
    args.add("-p");
    args.add("tablestore.statsfile=" + resultDir.toAbsolutePath().resolve(ResultFiles.STATS_FILE));
    args.add("-threads");
    args.add(Integer.toString(ycsb.threads()));
    args.add("-s");
    args.add(ycsb.phaseFlag());
    return args;
  }

  /**
   * The command line of this runner as a local process: {@link RunnerMain} with its start gate, then
   * YCSB's arguments; the runner ends with the planner ({@link ChildJvm#command}).
   */
  public List<String> localCommand(String javaExecutable, String classpath, StartGate gate) {
    return ChildJvm.command(javaExecutable, jvmOptions, classpath, RunnerMain.class.getName(), localArguments(gate));
  }

  /** {@link RunnerMain}'s arguments in {@link #localCommand}: its start gate, then YCSB's arguments. */
  public List<String> localArguments(StartGate gate) {
    List<String> cmd = new ArrayList<>();
    cmd.add("--result-dir");
    cmd.add(dir.toAbsolutePath().toString());
    if (gate.startAtEpochMs() > 0) {
      cmd.add("--start-at");
      cmd.add(Long.toString(gate.startAtEpochMs()));
    }
    if (gate.readyFile() != null) {
      cmd.add("--ready-file");
      cmd.add(gate.readyFile().toAbsolutePath().toString());
    }
    if (gate.releaseFile() != null) {
      cmd.add("--release-file");
      cmd.add(gate.releaseFile().toAbsolutePath().toString());
      cmd.add("--gate-timeout");
      cmd.add(Long.toString(Math.max(1, gate.timeout().toSeconds())));
    }
    cmd.add("--");
    cmd.addAll(ycsbArguments(dir));
    return cmd;
  }

}
