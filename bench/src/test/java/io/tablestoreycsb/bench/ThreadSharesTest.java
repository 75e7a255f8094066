package io.tablestoreycsb.bench;

import io.tablestoreycsb.kit.resources.ProcFs;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.bench.ThreadShares.Kind;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ThreadSharesTest {
  private static ProcFs.ThreadTicks thread(String name, long ticks) {
    return new ProcFs.ThreadTicks(name, ticks);
  }

  @Test
  void threadsAreSortedIntoKindsByTheirNames() {
    assertThat(Kind.of("ycsb-3")).isEqualTo(Kind.YCSB);
    assertThat(Kind.of("I/O dispatcher ")).isEqualTo(Kind.SDK_IO);
    assertThat(Kind.of("tablestore-call")).isEqualTo(Kind.SDK_CALLBACK);
    assertThat(Kind.of("GC Thread#1")).isEqualTo(Kind.GC);
    assertThat(Kind.of("G1 Refine#0")).isEqualTo(Kind.GC);
    assertThat(Kind.of("C2 CompilerThre")).isEqualTo(Kind.JIT);
    assertThat(Kind.of("main")).isEqualTo(Kind.OTHER);
  }

  @Test
  void cpuPerOperationOfAKindSumsItsThreadsOverTheWindowsAfterTheWarmUp() {
    ThreadShares shares = new ThreadShares();
    // warm-up window: left out below
    shares.add(100, Map.of(1L, thread("ycsb-0", 0)), Map.of(1L, thread("ycsb-0", 500)));
    // 1,000 ops: two YCSB threads 10 + 20 ticks, an I/O thread started inside the window 5 ticks
    shares.add(1000, Map.of(1L, thread("ycsb-0", 500), 2L, thread("ycsb-1", 100)),
        Map.of(1L, thread("ycsb-0", 510), 2L, thread("ycsb-1", 120), 3L, thread("I/O dispatcher ", 5)));
    // 1,000 ops: the YCSB threads 30 ticks in all
    shares.add(1000, Map.of(1L, thread("ycsb-0", 510), 2L, thread("ycsb-1", 120)),
        Map.of(1L, thread("ycsb-0", 530), 2L, thread("ycsb-1", 130)));

    // 60 ticks of 10 ms over 2,000 ops: 300 us an op; 5 ticks: 25 us
    assertThat(shares.microsPerOp(Kind.YCSB, 1)).isEqualTo(300.0);
    assertThat(shares.microsPerOp(Kind.SDK_IO, 1)).isEqualTo(25.0);
    assertThat(shares.microsPerOp(Kind.GC, 1)).isEqualTo(0.0);
    assertThat(shares.microsPerOp(Kind.YCSB, 0)).isEqualTo((500 + 60) * 1e4 / 2100);
    assertThat(shares.microsPerOp(Kind.YCSB, 3)).isNaN();
  }
}
