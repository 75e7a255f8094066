package io.tablestoreycsb.planner.runner;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Path;

/**
 * The self-describing {@code runner.json} the executor writes next to each runner's result set once it ended, so that {@code report}
 * can merge directories produced anywhere (several machines, several runs) without the matrix file.
 *
 * @param instanceType instance type label
 * @param plan plan name
 * @param caseName case name
 * @param partitions partition count
 * @param runners runners in the cell
 * @param threads threads of this runner
 * @param runnerIndex index of this runner in the cell (0-based)
 * @param sweep sweep setting "property=value" or ""
 * @param measure YCSB measurement holding the request latency
 * @param rowsPerRequest rows per request of the case
 * @param rowBytes approximate bytes of one row (key + fieldcount x fieldlength)
 * @param host host the runner ran on
 * @param hostCpus processors available on that host (to judge whether the runners saturated it)
 * @param insertStart first key number of the runner's slice
 * @param insertCount keys in the slice
 * @param startEpochMs when the runner's process was started
 * @param readyEpochMs when it was ready at its start gate (0 when unknown)
 * @param startAtEpochMs the instant its cell started at (0 when unknown)
 * @param releasedEpochMs when it started YCSB (0 when it never did)
 * @param endEpochMs end time
 * @param exitCode process exit code
 * @param cpuSeconds CPU time (user + system) of the runner process
 * @param peakRssBytes peak resident set size (VmHWM)
 * @param ioReadBytes bytes the process read through read-type system calls (sockets and files; /proc/PID/io rchar)
 * @param ioWriteBytes bytes the process wrote through write-type system calls (/proc/PID/io wchar)
 * @param error the runner's failure, or null
 */
public record RunnerRecord(
    String instanceType,
    String plan,
    String caseName,
    int partitions,
    int runners,
    int threads,
    int runnerIndex,
    String sweep,
    String measure,
    int rowsPerRequest,
    int rowBytes,
    String host,
    int hostCpus,
    long insertStart,
    long insertCount,
    long startEpochMs,
    long readyEpochMs,
    long startAtEpochMs,
    long releasedEpochMs,
    long endEpochMs,
    int exitCode,
    double cpuSeconds,
    long peakRssBytes,
    long ioReadBytes,
    long ioWriteBytes,
    String error) {

  public static final String FILE_NAME = "runner.json";
  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  public CellKey cellKey() {
    return new CellKey(instanceType, caseName, partitions, threads, sweep == null ? "" : sweep);
  }

  public void write(Path dir) throws IOException {
    JSON.writeValue(dir.resolve(FILE_NAME).toFile(), this);
  }

  public static RunnerRecord read(Path file) throws IOException {
    return JSON.readValue(file.toFile(), RunnerRecord.class);
  }
}
