package io.tablestoreycsb.planner.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.planner.matrix.Slo;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The SLO answer from constructed cells: the highest rows/s within the objective, per case and table. */
class SloTableTest {
  private static final Slo P99_10MS = Slo.parse("p99 < 10ms");

  @Test
  void theAnswerIsTheMostRowsPerSecondWhoseLatencyStayedBelowTheBound() {
    List<ReportRow> rows = List.of(
        cell(4, 1, 1000, 5.0, "service"),
        cell(4, 2, 2000, 9.9, "service"),
        cell(4, 8, 2100, 30, "service, plateau"),
        // Faster and within the bound, but no evidence: not judged.
        cell(4, 16, 2500, 8, "unsteady (the 0.4 s window is under 5 mean latencies of 0.10 s; run longer cells)"));

    SloTable.Answer a = SloTable.answers(rows).get(0);

    assertThat(a.best().qpsRows()).isEqualTo(2000);
    assertThat(a.best().threads()).isEqualTo(2);
    assertThat(a.heaviestTried()).isFalse();
    assertThat(a.unsteadyCells()).isEqualTo(1);
    // 2,000 read CU a second for an hour.
    assertThat(SloTable.cells(a)).containsExactly("random-read", "p99 < 10ms", "4", "2,000", "2 threads x 5 runners",
        "9.90", "7,200,000", "1 unsteady cell(s) not judged");
  }

  @Test
  void eachPartitionCountHasItsAnswerAndSaysWhenTheSweepNeverBrokeTheObjectiveOrNeverMetIt() {
    List<ReportRow> rows = List.of(
        cell(1, 1, 900, 12, "service"), cell(1, 4, 1000, 40, "service"),
        cell(16, 1, 4000, 2, "service"), cell(16, 4, 15000, 6, "service"));

    List<SloTable.Answer> answers = SloTable.answers(rows);

    assertThat(answers).extracting(SloTable.Answer::partitions).containsExactly(1, 16);
    assertThat(answers.get(0).best()).isNull();
    assertThat(answers.get(0).note()).isEqualTo("no cell met it; the lowest p99 was 12.0 ms at 900 rows/s");
    assertThat(answers.get(1).best().qpsRows()).isEqualTo(15000);
    assertThat(answers.get(1).note()).isEqualTo("the heaviest load tried: more may meet it");
  }

  @Test
  void theReportOpensWithTheAnswerAndTheTerminalPrintsIt() {
    List<ReportRow> rows = List.of(cell(4, 1, 1000, 5.0, "service"), cell(4, 2, 2000, 20, "service"));
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
  void objectivesParseWithAnyPercentileAndUnit() {
    assertThat(Slo.parse("p99.9<250ms")).isEqualTo(new Slo(99.9, 250));
    assertThat(Slo.parse("P50 < 800us").boundMs()).isEqualTo(0.8);
    assertThat(Slo.parse("p100 < 2s").toString()).isEqualTo("p100 < 2s");
    assertThat(Slo.parse("p99 < 10ms").metBy(9.99)).isTrue();
    assertThat(Slo.parse("p99 < 10ms").metBy(10)).isFalse();
  }

  private static ReportRow cell(int partitions, int threads, double qps, double p99, String limit) {
    return new ReportRow("mock", "random-read", "", partitions, 5, threads, "READ", 1, qps, qps, p99 / 2, p99 / 2,
        p99, p99, p99, p99, 1000, 0, 0, qps, 0, 0.2, 140, 0.1, qps, 1.0, limit, false, "vm", 10, 1, 1.0, 5.0,
        Double.NaN, Double.NaN, P99_10MS, p99, Double.NaN, null, "", java.util.List.of());
  }
}
