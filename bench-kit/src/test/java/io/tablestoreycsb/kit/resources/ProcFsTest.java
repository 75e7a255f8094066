package io.tablestoreycsb.kit.resources;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ProcFsTest {
  @Test
  void sumsUtimeAndStime() {
    String stat = "4242 (java) S 1 4242 4242 0 -1 4194560 1234 0 0 0 731 95 0 0 20 0 40 0 555 0 0";
    assertThat(ProcFs.cpuTicksOfStat(stat)).isEqualTo(731 + 95);
  }

  @Test
  void commandNameWithSpacesAndParenthesesDoesNotShiftFields() {
    String stat = "7 (a b) c)) R 1 7 7 0 -1 0 0 0 0 0 10 20 0 0 20 0 1 0 9 0 0";
    assertThat(ProcFs.cpuTicksOfStat(stat)).isEqualTo(30);
  }

  @Test
  void rejectsTruncatedStat() {
    assertThatThrownBy(() -> ProcFs.cpuTicksOfStat("1 (x) S 1 2"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("too few fields");
  }

  @Test
  void readsPeakRss() {
    String status = "Name:\tjava\nVmPeak:\t 5000000 kB\nVmHWM:\t  412345 kB\nVmRSS:\t  400000 kB\n";
    assertThat(ProcFs.peakRssKbOfStatus(status)).isEqualTo(412345);
  }

  @Test
  void missingPeakRssIsAnError() {
    assertThatThrownBy(() -> ProcFs.peakRssKbOfStatus("Name:\tjava\n"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("VmHWM");
  }

  @Test
  void ownProcessIsReadable() throws Exception {
    long pid = ProcessHandle.current().pid();
    assertThat(ProcFs.peakRssKb(pid)).isPositive();
  }

  @Test
  void ownCpuTicksGrowWithTheCpuThisProcessSpends() throws Exception {
    long pid = ProcessHandle.current().pid();
    long before = ProcFs.cpuTicks(pid);
    // Spin until the JVM's own account of this process's CPU time has grown by 200 ms (20 ticks):
    // the ticks read from /proc must have grown by about as much. A wrong field would not.
    java.time.Duration start = ProcessHandle.current().info().totalCpuDuration().orElseThrow();
    long sink = 0;
    while (ProcessHandle.current().info().totalCpuDuration().orElseThrow().minus(start).toMillis() < 200) {
      for (int i = 0; i < 100_000; i++) {
        sink += i * 31L ^ sink;
      }
    }
    long after = ProcFs.cpuTicks(pid);

    assertThat(sink).isNotZero();
    assertThat(after - before).isBetween(15L, 200L);
  }
}
