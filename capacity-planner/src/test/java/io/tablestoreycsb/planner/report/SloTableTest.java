package io.tablestoreycsb.planner.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.kit.report.BuildInfo;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.HostCpu;
import io.tablestoreycsb.planner.analysis.MeasuredWindow;
import io.tablestoreycsb.planner.analysis.TestCells;
import io.tablestoreycsb.planner.analysis.Verdict;
import io.tablestoreycsb.planner.matrix.Slo;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The SLO answer from constructed cells: the highest rows/s within the objective, per case and table. */
class SloTableTest {
  private static final Slo P99_10MS = Slo.parse("p99 < 10ms");
  private static final Verdict SERVICE = new Verdict.Service();

  @Test
  void theAnswerIsTheMostRowsPerSecondWhoseLatencyStayedBelowTheBound() {
    List<CellResult> rows = List.of(
        cell(4, 1, 1000, 5.0, SERVICE),
        cell(4, 2, 2000, 9.9, SERVICE),
        cell(4, 8, 2100, 30, SERVICE),
        // Faster and within the bound, but no evidence: not judged.
        cell(4, 16, 2500, 8, new Verdict.ShortWindow(0.4, 5, 0.10)));

    SloTable.Answer a = SloTable.answers(rows).get(0);

    assertThat(a.best().rates().qpsRows()).isEqualTo(2000);
    assertThat(a.best().cell().threads()).isEqualTo(2);
    assertThat(a.heaviestTried()).isFalse();
    assertThat(a.unsteadyCells()).isEqualTo(1);
    // 2,000 read CU a second for an hour.
    assertThat(SloTable.cells(a)).containsExactly("random-read", "p99 < 10ms", "4", "2,000", "2 threads x 5 runners",
        "9.90", "7,200,000", "1 unsteady cell(s) not judged");
  }

  @Test
  void eachPartitionCountHasItsAnswerAndSaysWhenTheSweepNeverBrokeTheObjectiveOrNeverMetIt() {
    List<CellResult> rows = List.of(
        cell(1, 1, 900, 12, SERVICE), cell(1, 4, 1000, 40, SERVICE),
        cell(16, 1, 4000, 2, SERVICE), cell(16, 4, 15000, 6, SERVICE));

    List<SloTable.Answer> answers = SloTable.answers(rows);

    assertThat(answers).extracting(SloTable.Answer::partitions).containsExactly(1, 16);
    assertThat(answers.get(0).best()).isNull();
    assertThat(answers.get(0).note()).isEqualTo("no cell met it; the lowest p99 was 12.0 ms at 900 rows/s");
    assertThat(answers.get(1).best().rates().qpsRows()).isEqualTo(15000);
    assertThat(answers.get(1).note()).isEqualTo("the heaviest load tried: more may meet it");
  }

  @Test
  void theReportOpensWithTheAnswerAndTheTerminalPrintsIt() {
    List<CellResult> rows = List.of(cell(4, 1, 1000, 5.0, SERVICE), cell(4, 2, 2000, 20, SERVICE));
    ReportData data = new ReportData(rows, Map.of(), ReportHeader.empty());
    Map<String, String> header = data.header().lines(rows, BuildInfo.current(), Instant.EPOCH);

    String md = ReportWriter.markdown(data, header, Map.of());
    assertThat(header.get("SLO")).isEqualTo("p99 < 10ms (random-read)");
    assertThat(md.indexOf("## The SLO answer")).isPositive().isLessThan(md.indexOf("## Instance type: mock\n"));
    assertThat(md).contains("| random-read | p99 < 10ms | 4 | 1,000 | 1 threads x 5 runners | 5.00 | 3,600,000 |  |");
    assertThat(SloTable.terminal(rows)).contains("mock - the SLO answer").contains("p99 < 10ms").contains("1,000");
    assertThat(ReportWriter.csv(rows)).contains(",p99 < 10ms,5.0000,true").contains(",p99 < 10ms,20.0000,false");
  }

  @Test
  void cellsOnASaturatedRunnerHostAreNotJudgedAndTheAnswerSaysToAddRunnerMachines() {
    HostCpu saturated = new HostCpu("vm", 2, 10, 0.98, 0.3, 0.2, 0.48, 0, Double.NaN, true);
    HostCpu busy = new HostCpu("vm", 2, 10, 0.6, 0.2, 0.1, 0.3, 0, Double.NaN, true);
    List<CellResult> onlyHostBound = List.of(
        hostCell(1, 2, 1683, 5, new Verdict.RunnerHost(saturated), saturated),
        // at the partitions' capacity, but over the objective: the wait for a processor may be why
        hostCell(1, 4, 1700, 12, new Verdict.PartitionsAtCapacity(0, 0.97, 4, 1, 1, saturated), saturated));
    SloTable.Answer none = SloTable.answers(onlyHostBound).get(0);
    assertThat(none.best()).isNull();
    assertThat(none.hostBoundCells()).isEqualTo(2);
    assertThat(SloTable.cells(none)).containsExactly("random-read", "p99 < 10ms", "1", "not judged", "", "", "",
        "not judged: runner host saturated; add runner machines");

    List<CellResult> mixed = List.of(hostCell(16, 1, 4000, 2, SERVICE, busy),
        hostCell(16, 4, 1683, 5, new Verdict.RunnerHost(saturated), saturated));
    SloTable.Answer a = SloTable.answers(mixed).get(0);
    assertThat(a.best().rates().qpsRows()).isEqualTo(4000);
    // The best ran beside other work: marked, and the note says to measure it again.
    assertThat(SloTable.cells(a).get(3)).isEqualTo("4,000 (host busy)");
    assertThat(a.note()).isEqualTo("its runner host was busy with other work: measure it again on a calm host; 1"
        + " cell(s) not judged: runner host saturated; add runner machines");
  }

  @Test
  void aCellAtThePartitionsCapacityThatMetTheObjectiveOnASaturatedHostIsJudged() {
    // saturated by the runners and the mock, nothing else
    HostCpu saturated = new HostCpu("vm", 2, 10, 0.98, 0.69, 0.29, 0, 0, Double.NaN, true);
    // 40 threads kept the one partition at its 1,000 rows/s: a mean latency of 40 ms whoever made them wait
    List<CellResult> cells = List.of(
        hostCell(1, 2, 912, 8, new Verdict.RunnerHost(saturated), saturated),
        hostCell(1, 8, 993, 9, new Verdict.PartitionsAtCapacity(0, 0.99, 33, 1, 1, saturated), saturated));

    SloTable.Answer a = SloTable.answers(cells).get(0);

    assertThat(a.best().rates().qpsRows()).isEqualTo(993);
    assertThat(a.hostBoundCells()).as("the runner-host-bound cell is still not judged").isEqualTo(1);
    assertThat(SloTable.cells(a).subList(3, 5)).containsExactly("993", "8 threads x 5 runners");
    assertThat(a.note()).isEqualTo("the heaviest load tried: more may meet it; measured on a saturated runner host,"
        + " at the partitions' capacity (the latency holds); 1 cell(s) not judged: runner host saturated; add runner"
        + " machines");
  }

  private static CellResult hostCell(int partitions, int threads, double qps, double p99, Verdict verdict,
      HostCpu host) {
    return TestCells.cell().partitions(partitions).threads(threads).qps(qps).latencyMs(p99 / 2, p99, p99, p99, p99)
        .requests(1000).window(new MeasuredWindow(1, 10_001, true, 1.0, 5.0)).slo(P99_10MS).verdict(verdict)
        .hostCpu(host).build();
  }

  @Test
  void objectivesParseWithAnyPercentileAndUnit() {
    assertThat(Slo.parse("p99.9<250ms")).isEqualTo(new Slo(99.9, 250));
    assertThat(Slo.parse("P50 < 800us").boundMs()).isEqualTo(0.8);
    assertThat(Slo.parse("p100 < 2s").toString()).isEqualTo("p100 < 2s");
    assertThat(Slo.parse("p99 < 10ms").metBy(9.99)).isTrue();
    assertThat(Slo.parse("p99 < 10ms").metBy(10)).isFalse();
  }

  private static CellResult cell(int partitions, int threads, double qps, double p99, Verdict verdict) {
    return TestCells.cell().partitions(partitions).threads(threads).qps(qps).latencyMs(p99 / 2, p99, p99, p99, p99)
        .requests(1000).cuPerSecond(qps, 0).resources(0.2, 140, 0.1, "vm")
        .window(new MeasuredWindow(1, 10_001, true, 1.0, 5.0)).slo(P99_10MS).verdict(verdict).build();
  }
}
