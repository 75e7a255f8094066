package io.tablestoreycsb.planner.analysis;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.planner.report.VerdictText;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CellAnalyzerTest {

  @Test
  void theClientIsTheLimitWhenTheIdentityFailsOrTheHostIsOutOfCpu() {
    assertThat(text(CellAnalyzer.limit(0.97, Map.of("h", 1.0), Map.of("h", 8)))).isEqualTo("service");
    assertThat(text(CellAnalyzer.limit(0.80, Map.of("h", 1.0), Map.of("h", 8)))).isEqualTo("client (80% of identity)");
    assertThat(text(CellAnalyzer.limit(0.99, Map.of("h", 7.0), Map.of("h", 8)))).isEqualTo("client CPU (7.0 of 8 cores on host h)");
  }

  @Test
  void aCellMeasuringWellAboveTheIdentityIsUnsteadyNotServiceBound() {
    assertThat(text(CellAnalyzer.limit(1.08, Map.of("h", 1.0), Map.of("h", 8)))).isEqualTo("service");
    assertThat(text(CellAnalyzer.limit(2.01, Map.of("h", 1.0), Map.of("h", 8)))).startsWith("unsteady");
  }

  @Test
  void anOpenLoopCellIsJudgedByItsTargetNotByTheIdentity() {
    Map<String, Double> cpu = Map.of("h", 1.0);
    Map<String, Integer> cpus = Map.of("h", 8);
    // Threads wait by design when the service keeps up: 30% of the identity is no client limit here.
    assertThat(text(CellAnalyzer.openLoopLimit(0.99, 0.30, cpu, cpus))).isEqualTo("target met");
    assertThat(text(CellAnalyzer.openLoopLimit(0.60, 0.98, cpu, cpus)))
        .isEqualTo("target not reached (60% of it): every thread was waiting on the service");
    assertThat(text(CellAnalyzer.openLoopLimit(0.60, 0.50, cpu, cpus)))
        .isEqualTo("target not reached (60% of it): client (50% of identity)");
    assertThat(text(CellAnalyzer.openLoopLimit(0.99, 0.30, Map.of("h", 7.5), cpus))).startsWith("client CPU");
  }

  @Test
  void aThreadPointAddingUnderTenPercentIsOnThePlateau() {
    List<CellResult> rows = List.of(row(4, 1, 1000), row(4, 2, 1900), row(4, 5, 2000), row(16, 1, 1000),
        row(16, 2, 2500));
    assertThat(Plateaus.mark(rows)).extracting(CellResult::plateau)
        .containsExactly(false, false, true, false, false);
  }

  private static CellResult row(int partitions, int threads, double qps) {
    return TestCells.cell().instanceType("i").partitions(partitions).threads(threads).qps(qps).build();
  }

  private static String text(Verdict verdict) {
    return VerdictText.of(verdict);
  }
}
