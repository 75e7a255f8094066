package io.tablestoreycsb.planner.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.TestCells;
import io.tablestoreycsb.planner.matrix.Slo;
import io.tablestoreycsb.planner.threshold.Threshold;
import io.tablestoreycsb.planner.threshold.ThresholdParser;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Thresholds judged against constructed cells: which breach, why, and the exit status they call for. */
class GateTest {
  private static final Slo P99_10MS = Slo.parse("p99 < 10ms");

  /** random-read on 1 and 16 partitions; the answers are 900 and 4,000 rows/s (the 8-thread cells break 10 ms). */
  private static final List<CellResult> ROWS = List.of(
      cell("random-read", 1, 1, 900, 4), cell("random-read", 1, 8, 1000, 40),
      cell("random-read", 16, 1, 4000, 2), cell("random-read", 16, 8, 15000, 30),
      cell("random-write", 1, 1, 500, 8));

  @Test
  void anSloThresholdIsBreachedByEveryAnswerBelowItsRate() {
    ThresholdCheck j = judge("slo < 1000");

    assertThat(j.breached()).isTrue();
    assertThat(j.judged()).isEqualTo("3 SLO answer(s)");
    assertThat(j.breaches()).containsExactly(
        "mock random-read p=1: 900 rows/s within p99 < 10ms, below 1,000",
        "mock random-write p=1: 500 rows/s within p99 < 10ms, below 1,000");
    assertThat(judge("slo < 500").breached()).isFalse();
  }

  @Test
  void aScopedThresholdJudgesOnlyItsCaseAndPartitionCount() {
    assertThat(judge("random-read p=16 slo < 4000").breached()).isFalse();
    assertThat(judge("random-read p=16 slo < 4001").breaches())
        .containsExactly("mock random-read p=16: 4,000 rows/s within p99 < 10ms, below 4,001");
    assertThat(judge("random-read slo < 1000").breaches()).hasSize(1);
  }

  @Test
  void aLatencyThresholdIsBreachedByEachCellAboveItsBound() {
    ThresholdCheck j = judge("p99 > 35ms");

    assertThat(j.judged()).isEqualTo("5 cell(s)");
    assertThat(j.breaches()).containsExactly("mock random-read p=1 threads=8: p99 40.0 ms, above 35.0 ms");
    assertThat(judge("threads=1 p99 > 5ms").breaches()).hasSize(1);
  }

  @Test
  void withoutAnObjectiveAnSloThresholdCannotPass() {
    List<CellResult> noSlo = List.of(TestCells.cell().build());

    ThresholdCheck j = Gate.judge(List.of(ThresholdParser.parse("slo < 1")), noSlo).get(0);

    assertThat(j.breaches()).singleElement().asString().startsWith("no SLO answer to judge");
  }

  @Test
  void aScopeThatMatchesNoCellIsAMistakeNamingTheCaseMeant() {
    assertThatThrownBy(() -> judge("random-raed slo < 1")).hasMessage(
        "--fail-if: 'random-raed slo < 1': no case 'random-raed'; did you mean 'random-read'?");
    assertThatThrownBy(() -> judge("random-write p=16 p99 > 1ms"))
        .hasMessageContaining("matches no cell (partition counts: [1, 16])");
    assertThatThrownBy(() -> judge("slo regression > 10%"))
        .hasMessageContaining("compares two plans: use it with 'capacity-plan diff BASE NEW'");
  }

  @Test
  void printingSaysWhichThresholdBrokeAndReturnsItsExitStatus() {
    StringWriter text = new StringWriter();
    List<ThresholdCheck> checks = Gate.judge(List.of(ThresholdParser.parse("slo < 1"),
        ThresholdParser.parse("p99 > 35ms")), ROWS);

    int status = Gate.print(checks, new PrintWriter(text));

    assertThat(status).isEqualTo(Threshold.EXIT_BREACHED).isNotIn(0, 1, 2);
    assertThat(text.toString()).contains("threshold 'slo < 1': held (judged: 3 SLO answer(s))",
        "threshold 'p99 > 35ms': BREACHED by 1 of 5 cell(s)", "  mock random-read p=1 threads=8: p99 40.0 ms",
        "1 of 2 threshold(s) breached: exit status 3");
    assertThat(Gate.print(Gate.judge(List.of(ThresholdParser.parse("slo < 1")), ROWS),
        new PrintWriter(new StringWriter()))).isZero();
  }

  private static ThresholdCheck judge(String threshold) {
    return Gate.judge(List.of(ThresholdParser.parse(threshold)), ROWS).get(0);
  }

  private static CellResult cell(String caseName, int partitions, int threads, double qps, double p99) {
    return TestCells.cell().caseName(caseName).partitions(partitions).threads(threads).qps(qps)
        .latencyMs(p99 / 2, p99, p99, p99, p99).requests(1000).slo(P99_10MS).build();
  }
}
