package io.tablestoreycsb.planner.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.TestCells;
import io.tablestoreycsb.planner.analysis.Verdict;
import io.tablestoreycsb.planner.gate.Gate;
import io.tablestoreycsb.planner.gate.ThresholdCheck;
import io.tablestoreycsb.planner.matrix.Slo;
import io.tablestoreycsb.planner.report.ReportData;
import io.tablestoreycsb.planner.report.TestReports;
import io.tablestoreycsb.planner.threshold.ThresholdParser;
import io.tablestoreycsb.planner.timeline.PlanTimelines;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Two plans' cells matched: SLO answers before and after, cells in one plan only, verdicts that changed. */
class PlanDiffTest {
  private static final Slo P99_10MS = Slo.parse("p99 < 10ms");

  @Test
  void twoInstanceTypesCompareCellByCellAndAnswerByAnswer() {
    ReportData hp = data(cell("high-performance", 4, 1, 2000, 5, new Verdict.Service()),
        cell("high-performance", 4, 8, 6000, 9, new Verdict.Service()),
        cell("high-performance", 16, 1, 9000, 3, new Verdict.Service()));
    ReportData capacity = data(cell("capacity", 4, 1, 1500, 8, new Verdict.Service()),
        cell("capacity", 4, 8, 2500, 40, new Verdict.Client(0.5)),
        cell("capacity", 4, 32, 2600, 80, new Verdict.Service()));

    PlanDiff diff = PlanDiff.of("hp", hp, PlanTimelines.none(), "capacity", capacity, PlanTimelines.none());

    assertThat(diff.cells()).extracting(PlanDiff.CellChange::label)
        .containsExactly("random-read p=4 threads=1", "random-read p=4 threads=8");
    assertThat(diff.onlyInBase()).containsExactly("random-read p=16 threads=1");
    assertThat(diff.onlyInNew()).containsExactly("random-read p=4 threads=32");
    assertThat(diff.cells().get(0).verdictChanged()).isFalse();
    assertThat(diff.cells().get(1).verdictChanged()).isTrue();
    assertThat(diff.cells().get(1).rowsChange()).isCloseTo((2500 - 6000) / 6000.0, within(1e-9));
    // Without interval logs there is no interval, and nothing is called a difference.
    assertThat(diff.cells().get(0).rowsPerSecond().difference()).isNaN();
    assertThat(diff.cells().get(0).rowsPerSecond().withinNoise()).isTrue();

    PlanDiff.AnswerChange p4 = diff.answers().get(0);
    assertThat(p4.label()).isEqualTo("random-read p=4");
    assertThat(p4.baseFigure().rowsPerSecond()).isEqualTo(6000);
    assertThat(p4.newFigure().rowsPerSecond()).isEqualTo(1500);
    assertThat(p4.change()).isCloseTo(-0.75, within(1e-9));
    assertThat(diff.answers().get(1).newFigure().text()).isEqualTo("not run");
  }

  @Test
  void aRegressionThresholdJudgesTheAnswersOfBothPlans() {
    ReportData base = data(cell("mock", 4, 1, 2000, 5, new Verdict.Service()));
    ReportData slower = data(cell("mock", 4, 1, 1850, 5, new Verdict.Service()));
    PlanDiff diff = PlanDiff.of("a", base, PlanTimelines.none(), "b", slower, PlanTimelines.none());

    List<ThresholdCheck> j = Gate.judge(List.of(ThresholdParser.parse("slo regression > 10%"),
        ThresholdParser.parse("slo regression > 5%"), ThresholdParser.parse("slo < 1900")), diff);

    assertThat(j.get(0).breached()).isFalse();
    assertThat(j.get(1).breaches()).containsExactly(
        "random-read p=4: SLO answer 2,000 -> 1,850 rows/s (-7.5%), beyond -5.00%");
    // A plain threshold judges the new plan.
    assertThat(j.get(2).breaches()).singleElement().asString().contains("1,850 rows/s");
  }

  private static ReportData data(CellResult... rows) {
    return TestReports.of(List.of(rows));
  }

  private static CellResult cell(String instance, int partitions, int threads, double qps, double p99, Verdict v) {
    return TestCells.cell().instanceType(instance).partitions(partitions).threads(threads).qps(qps)
        .latencyMs(p99 / 2, p99, p99, p99, p99).requests(1000).slo(P99_10MS).verdict(v).build();
  }
}
