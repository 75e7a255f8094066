package io.tablestoreycsb.planner.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The host's counters read from a /proc and a cgroup mount laid out as Linux lays them out. */
class HostCpuSamplerTest {
  private static final String STAT = String.join("\n",
      "cpu  1000 50 400 8000 100 10 40 300 70 0",
      "cpu0 500 25 200 4000 50 5 20 150 35 0",
      "cpu1 500 25 200 4000 50 5 20 150 35 0",
      "intr 12345", "");

  @Test
  void readsEveryProcessStealIncludedAndTheThrottlingOfACgroupV2Quota(@TempDir Path dir) throws Exception {
    Path proc = proc(dir, "0::/kubepods/pod1/runner\n");
    Path cgroup = dir.resolve("cgroup");
    Files.createDirectories(cgroup.resolve("kubepods/pod1/runner"));
    Files.writeString(cgroup.resolve("kubepods/pod1/runner/cpu.stat"), String.join("\n", "usage_usec 900000",
        "nr_periods 200", "nr_throttled 50", "throttled_usec 1200000", ""));

    HostCpuSample s = new HostCpuSampler(proc, cgroup).sample(42, 1.5).orElseThrow();

    // user..steal: guest time is inside user already.
    assertThat(s.totalTicks()).isEqualTo(1000 + 50 + 400 + 8000 + 100 + 10 + 40 + 300);
    assertThat(s.idleTicks()).isEqualTo(8100);
    assertThat(s.stealTicks()).isEqualTo(300);
    assertThat(s.cpus()).isEqualTo(2);
    assertThat(s.runnerCpuSeconds()).isEqualTo(1.5);
    assertThat(s.hasQuota()).isTrue();
    assertThat(List.of(s.cgroupPeriods(), s.cgroupThrottledPeriods(), s.cgroupThrottledMicros()))
        .containsExactly(200L, 50L, 1_200_000L);
  }

  @Test
  void aCgroupV1QuotaInAContainerIsReadFromTheMountsRootAndNoQuotaIsNoThrottling(@TempDir Path dir)
      throws Exception {
    // The host's path of the container's cgroup, which the container's own mount does not have.
    Path proc = proc(dir, "4:cpu,cpuacct:/docker/abc\n3:memory:/docker/abc\n");
    Path cgroup = dir.resolve("cgroup");
    Files.createDirectories(cgroup.resolve("cpu,cpuacct"));
    Files.writeString(cgroup.resolve("cpu,cpuacct/cpu.stat"), "nr_periods 10\nnr_throttled 4\nthrottled_time 3000000\n");
    HostCpuSample v1 = new HostCpuSampler(proc, cgroup).sample(1, 0).orElseThrow();
    assertThat(List.of(v1.cgroupPeriods(), v1.cgroupThrottledPeriods(), v1.cgroupThrottledMicros()))
        .containsExactly(10L, 4L, 3000L);

    // A v2 cgroup without a quota counts no periods.
    Files.writeString(proc.resolve("self/cgroup"), "0::/user.slice\n");
    Files.createDirectories(cgroup.resolve("user.slice"));
    Files.writeString(cgroup.resolve("user.slice/cpu.stat"), "usage_usec 5\nuser_usec 3\nsystem_usec 2\n");
    assertThat(new HostCpuSampler(proc, cgroup).sample(1, 0).orElseThrow().hasQuota()).isFalse();
  }

  /** A /proc with {@link #STAT} and this process's cgroup lines. */
  private static Path proc(Path dir, String cgroupLines) throws Exception {
    Path proc = dir.resolve("proc");
    Files.createDirectories(proc.resolve("self"));
    Files.writeString(proc.resolve("stat"), STAT);
    Files.writeString(proc.resolve("self/cgroup"), cgroupLines);
    return proc;
  }

  @Test
  void withoutProcNothingIsReadAndACutLineIsLeftOut(@TempDir Path dir) throws Exception {
    assertThat(new HostCpuSampler(dir.resolve("none"), dir).sample(1, 0)).isEmpty();
    Path file = dir.resolve(ResultFiles.HOST_CPU_FILE);
    new HostCpuSample(1, 2, 100, 50, 0, 0.1, -1, -1, -1).append(file);
    new HostCpuSample(2, 2, 300, 80, 5, 0.4, -1, -1, -1).append(file);
    Files.writeString(file, Files.readString(file) + "{\"epochMs\":3,\"cpus\":");
    assertThat(HostCpuSample.readAll(file)).extracting(HostCpuSample::epochMs).containsExactly(1L, 2L);
  }
}
