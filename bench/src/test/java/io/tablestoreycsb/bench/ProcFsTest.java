package io.tablestoreycsb.bench;

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
    assertThat(ProcFs.cpuTicks(pid)).isGreaterThanOrEqualTo(0);
  }
}
