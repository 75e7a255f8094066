package io.tablestoreycsb.planner.runner;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;

/**
 * One reading of the whole host's CPU counters, as a runner appends them to
 * {@link ResultFiles#HOST_CPU_FILE} about once a second (one JSON object per line). Counters only grow:
 * the analysis divides the differences of two readings around a cell's window.
 *
 * @param epochMs when it was read, the runner's clock
 * @param cpus processors /proc/stat lists (the node's, also in a container)
 * @param totalTicks all CPU time of every process since boot, steal included (USER_HZ ticks, all processors)
 * @param idleTicks idle and I/O-wait time
 * @param stealTicks time the hypervisor gave the processors to someone else
 * @param runnerCpuSeconds this runner process's own CPU time so far
 * @param cgroupPeriods the runner's cgroup's CPU-quota periods so far (cpu.stat nr_periods), -1 without a quota
 * @param cgroupThrottledPeriods the periods in which it was throttled (nr_throttled), -1 without a quota
 * @param cgroupThrottledMicros the time it was throttled, microseconds, -1 without a quota
 * @param runnerCompileSeconds this runner's JIT compile time so far ({@link CompileClock}); null when not read (an
 *     older runner, or a JVM that reports none)
 */
public record HostCpuSample(long epochMs, int cpus, long totalTicks, long idleTicks, long stealTicks,
    double runnerCpuSeconds, long cgroupPeriods, long cgroupThrottledPeriods, long cgroupThrottledMicros,
    Double runnerCompileSeconds) {

  /** A reading without the runner's compile time. */
  public HostCpuSample(long epochMs, int cpus, long totalTicks, long idleTicks, long stealTicks,
      double runnerCpuSeconds, long cgroupPeriods, long cgroupThrottledPeriods, long cgroupThrottledMicros) {
    this(epochMs, cpus, totalTicks, idleTicks, stealTicks, runnerCpuSeconds, cgroupPeriods, cgroupThrottledPeriods,
        cgroupThrottledMicros, null);
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  /** Whether the runner ran under a CPU quota (a pod's limit). */
  public boolean hasQuota() {
    return cgroupPeriods >= 0;
  }

  /** Appends this reading as one line of {@code file}. */
  public void append(Path file) throws IOException {
    Files.writeString(file, JSON.writeValueAsString(this) + "\n", StandardCharsets.UTF_8,
        StandardOpenOption.CREATE, StandardOpenOption.APPEND);
  }

  /** The readings in {@code file}, in order; empty when there is none (see {@link JsonLines}). */
  public static List<HostCpuSample> readAll(Path file) throws IOException {
    return JsonLines.read(file, line -> JSON.readValue(line, HostCpuSample.class));
  }
}
