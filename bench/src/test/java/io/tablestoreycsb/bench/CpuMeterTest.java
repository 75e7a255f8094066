package io.tablestoreycsb.bench;

import io.tablestoreycsb.kit.resources.ProcFs;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

class CpuMeterTest {
  @Test
  void compilerTimeIsSummedPerThreadAndAThreadStartedInTheWindowCountsFromZero() {
    Map<Long, Long> start = Map.of(11L, 100L, 12L, 40L);
    Map<Long, Long> end = Map.of(11L, 130L, 12L, 40L, 13L, 7L);

    assertThat(CpuMeter.compilerDelta(start, end)).isEqualTo(30 + 0 + 7);
  }

  @Test
  void thisJvmsCompilerThreadsAreFoundByName() throws Exception {
    long pid = ProcessHandle.current().pid();

    Map<Long, Long> c2 = ProcFs.threadCpuTicks(pid, "C2 CompilerThre");

    assertThat(c2).isNotEmpty();
    assertThat(ProcFs.threadCpuTicks(pid, "no such thread name")).isEmpty();
  }

  @Test
  void aWindowSeparatesJitTimeFromTheRest() throws Exception {
    CpuMeter meter = new CpuMeter(-1);
    CpuMeter.Reading start = meter.read();
    long spin = System.nanoTime() + 200_000_000L;
    long x = 0;
    while (System.nanoTime() < spin) {
      x += x * 31 + 7;
    }

    SideRun window = meter.since(start, 1000, 1000 + (x & 0), 0, null);

    assertThat(window.seconds()).isGreaterThanOrEqualTo(0.2);
    assertThat(window.clientCpuSeconds()).isGreaterThan(0.05); // the spinning thread, at least
    assertThat(window.clientJitSeconds()).isGreaterThanOrEqualTo(0);
    assertThat(window.serverCpuSeconds()).isNaN();
  }
}
