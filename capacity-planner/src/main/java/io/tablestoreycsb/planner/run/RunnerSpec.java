package io.tablestoreycsb.planner.run;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Everything needed to start one YCSB runner process.
 *
 * @param key the cell it belongs to
 * @param plan plan name
 * @param runnerIndex index in the cell
 * @param runners runners in the cell
 * @param db YCSB DB class
 * @param workload workload file
 * @param endpointProperties the endpoint / credentials properties file (passed with -P, never as -p,
 *     so secrets never appear on a command line)
 * @param properties -p overrides, in order
 * @param threads -threads
 * @param phaseFlag -load or -t
 * @param measure measurement holding the request latency
 * @param rowsPerRequest rows per request
 * @param rowBytes approximate bytes per row
 * @param insertStart first key number of this runner's slice
 * @param insertCount keys in the slice
 * @param dir output directory of this runner
 * @param jvmOptions extra JVM options
 */
public record RunnerSpec(
    CellKey key,
    String plan,
    int runnerIndex,
    int runners,
    String db,
    Path workload,
    Path endpointProperties,
    Map<String, String> properties,
    int threads,
    String phaseFlag,
    String measure,
    int rowsPerRequest,
    int rowBytes,
    long insertStart,
    long insertCount,
    Path dir,
    List<String> jvmOptions) {

  /** The runner's command line: java -cp CLASSPATH site.ycsb.Client -db ... -threads N -s -load|-t. */
  public List<String> command(String javaExecutable, String classpath) {
    List<String> cmd = new ArrayList<>();
    cmd.add(javaExecutable);
    cmd.addAll(jvmOptions);
    cmd.add("-cp");
    cmd.add(classpath);
    cmd.add("site.ycsb.Client");
    cmd.add("-db");
    cmd.add(db);
    cmd.add("-P");
    cmd.add(workload.toString());
    if (endpointProperties != null) {
      cmd.add("-P");
      cmd.add(endpointProperties.toString());
    }
    properties.forEach((k, v) -> {
      cmd.add("-p");
      cmd.add(k + "=" + v);
    });
    cmd.add("-p");
    cmd.add("insertstart=" + insertStart);
    cmd.add("-p");
    cmd.add("insertcount=" + insertCount);
    cmd.add("-p");
    cmd.add("measurementtype=hdrhistogram");
    cmd.add("-p");
    cmd.add("hdrhistogram.fileoutput=true");
    cmd.add("-p");
    // YCSB uses this as a plain prefix: files become <dir>/READ.hdr, <dir>/BATCH_WRITE.hdr ...
    cmd.add("hdrhistogram.output.path=" + dir.toAbsolutePath() + "/");
    cmd.add("-p");
    cmd.add("hdrhistogram.percentiles=50,95,99,99.9");
    cmd.add("-p");
    cmd.add("tablestore.statsfile=" + dir.toAbsolutePath().resolve(STATS_FILE));
    cmd.add("-threads");
    cmd.add(Integer.toString(threads));
    cmd.add("-s");
    cmd.add(phaseFlag);
    return cmd;
  }

  public static final String STATS_FILE = "tablestore-stats.json";
  public static final String STDOUT_FILE = "ycsb.out";
  public static final String STDERR_FILE = "ycsb.err";
}
