package io.tablestoreycsb.planner.runner;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Reads the whole host's CPU counters, where {@link ResourceSampler} reads only the runner's own
 * process: {@code /proc/stat}'s first line (every process, the endpoint and the hypervisor's steal
 * included; in a container it is the node's view) and, when the runner runs under a CPU quota (a pod's
 * limit), its cgroup's {@code cpu.stat} throttling counters (cgroup v2, or v1's cpu controller). On a
 * system without /proc it reads nothing.
 */
public final class HostCpuSampler {
  private final Path proc;
  private final Path cgroupRoot;

  HostCpuSampler(Path proc, Path cgroupRoot) {
    this.proc = proc;
    this.cgroupRoot = cgroupRoot;
  }

  /** The host this process runs on. */
  public static HostCpuSampler ofThisHost() {
    return new HostCpuSampler(Path.of("/proc"), Path.of("/sys/fs/cgroup"));
  }

  /** A reading now, with the runner's own CPU seconds so far; empty when /proc/stat cannot be read. */
  public Optional<HostCpuSample> sample(long epochMs, double runnerCpuSeconds) {
    return sample(epochMs, runnerCpuSeconds, Double.NaN);
  }

  /** A reading now, with the runner's own CPU and compile seconds so far (NaN: not known). */
  public Optional<HostCpuSample> sample(long epochMs, double runnerCpuSeconds, double runnerCompileSeconds) {
    List<String> stat;
    try {
      stat = Files.readAllLines(proc.resolve("stat"));
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
    if (stat.isEmpty() || !stat.get(0).startsWith("cpu ")) {
      return Optional.empty();
    }
    // cpu user nice system idle iowait irq softirq steal guest guest_nice: guest time is already in user
    // and nice, so the total is the first eight.
    String[] f = stat.get(0).substring(4).strip().split("\\s+");
    long[] v = new long[8];
    for (int i = 0; i < v.length && i < f.length; i++) {
      v[i] = Long.parseLong(f[i]);
    }
    long total = 0;
    for (long x : v) {
      total += x;
    }
    int cpus = (int) stat.stream().filter(l -> l.matches("cpu\\d+ .*")).count();
    long[] quota = throttling();
    return Optional.of(new HostCpuSample(epochMs, cpus, total, v[3] + v[4], v[7], runnerCpuSeconds, quota[0],
        quota[1], quota[2], Double.isNaN(runnerCompileSeconds) ? null : runnerCompileSeconds));
  }

  /** nr_periods, nr_throttled and throttled microseconds of this process's cgroup; -1s without a quota. */
  private long[] throttling() {
    long[] none = {-1, -1, -1};
    Optional<Path> stat = cpuStat();
    if (stat.isEmpty()) {
      return none;
    }
    long periods = -1;
    long throttled = -1;
    long micros = -1;
    try {
      for (String line : Files.readAllLines(stat.get())) {
        String[] kv = line.strip().split("\\s+");
        if (kv.length != 2) {
          continue;
        }
        switch (kv[0]) {
          case "nr_periods" -> periods = Long.parseLong(kv[1]);
          case "nr_throttled" -> throttled = Long.parseLong(kv[1]);
          case "throttled_usec" -> micros = Long.parseLong(kv[1]);
          case "throttled_time" -> micros = Long.parseLong(kv[1]) / 1000; // v1: nanoseconds
          default -> { }
        }
      }
    } catch (IOException | RuntimeException e) {
      return none;
    }
    // Without a quota (cpu.max "max") the kernel counts no periods: nothing was throttled, nothing can be.
    return periods <= 0 ? none : new long[] {periods, Math.max(0, throttled), Math.max(0, micros)};
  }

  /**
   * This process's cgroup cpu.stat: the path /proc/self/cgroup names under the cgroup mount, or the
   * mount's root file in a container whose cgroup namespace makes its own cgroup the root.
   */
  private Optional<Path> cpuStat() {
    try {
      for (String line : Files.readAllLines(proc.resolve("self/cgroup"))) {
        String[] parts = line.split(":", 3);
        if (parts.length != 3) {
          continue;
        }
        String relative = parts[2].startsWith("/") ? parts[2].substring(1) : parts[2];
        if (parts[0].equals("0") && parts[1].isEmpty()) {
          return firstFile(cgroupRoot.resolve(relative).resolve("cpu.stat"), cgroupRoot.resolve("cpu.stat"));
        }
        if (List.of(parts[1].split(",")).contains("cpu")) {
          Path mount = Files.isDirectory(cgroupRoot.resolve("cpu,cpuacct")) ? cgroupRoot.resolve("cpu,cpuacct")
              : cgroupRoot.resolve("cpu");
          return firstFile(mount.resolve(relative).resolve("cpu.stat"), mount.resolve("cpu.stat"));
        }
      }
    } catch (IOException | RuntimeException e) {
      // no cgroup information: no throttling figures
    }
    return Optional.empty();
  }

  private static Optional<Path> firstFile(Path... candidates) {
    for (Path p : candidates) {
      if (Files.isRegularFile(p)) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }
}
