package io.tablestoreycsb.planner.live;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** /metrics in the Prometheus text format: one HELP and TYPE per family, labels escaped, NaN as Prometheus says. */
class LiveMetricsTest {

  @Test
  void aRunningPlansFiguresAreGaugesLabelledByPlanCellRunnerAndQuantile() {
    LiveSnapshot s = new LiveSnapshot("hp \"east\"", "running", 24, 3, 125.5, 40,
        new LiveSnapshot.Current("random-read p=4 threads=8", 4, "running", 12, 2400,
            new LiveFigures(2412.25, 1.5, 9.75, 20), List.of(
                new LiveSnapshot.RunnerFigures(0, new LiveFigures(1200, 1.4, 9, 19)),
                new LiveSnapshot.RunnerFigures(1, LiveFigures.NONE)), List.of()),
        List.of(new LiveSnapshot.Finished("random-read p=4 threads=4", 1800, 1.2, 6, "service")));

    String m = LiveMetrics.of(s);

    assertThat(m).contains(
        "capacity_plan_cells{plan=\"hp \\\"east\\\"\"} 24\n",
        "capacity_plan_cells_done{plan=\"hp \\\"east\\\"\"} 3\n",
        "capacity_plan_eta_seconds{plan=\"hp \\\"east\\\"\"} 125.500\n",
        "capacity_plan_current_rows_per_second{plan=\"hp \\\"east\\\"\",cell=\"random-read p=4 threads=8\"} 2412.250\n",
        "capacity_plan_current_latency_ms{plan=\"hp \\\"east\\\"\",cell=\"random-read p=4 threads=8\",quantile=\"0.99\"} "
            + "9.750\n",
        "capacity_plan_runner_rows_per_second{plan=\"hp \\\"east\\\"\",cell=\"random-read p=4 threads=8\",runner=\"1\"} NaN\n",
        "capacity_plan_cell_rows_per_second{plan=\"hp \\\"east\\\"\",cell=\"random-read p=4 threads=4\"} 1800\n");
    // Each family is declared once, before its samples.
    for (String family : List.of("capacity_plan_cells", "capacity_plan_current_latency_ms",
        "capacity_plan_runner_rows_per_second", "capacity_plan_cell_latency_ms")) {
      assertThat(m.split("# TYPE " + family + " gauge\n", -1)).hasSize(2);
      assertThat(m.indexOf("# TYPE " + family + " ")).isLessThan(m.indexOf("\n" + family + "{"));
    }
    assertThat(m.lines()).allMatch(l -> l.startsWith("# HELP ") || l.startsWith("# TYPE ")
        || l.matches("capacity_plan_[a-z_]+\\{.*} (NaN|[+-]Inf|-?\\d+(\\.\\d+)?)"));
  }

  @Test
  void betweenCellsOnlyTheProgressAndTheFinishedCellsAreThere() {
    String m = LiveMetrics.of(new LiveSnapshot("p", "done", 2, 2, 0, 10, null, List.of()));

    assertThat(m).contains("capacity_plan_running{plan=\"p\"} 0\n").doesNotContain("capacity_plan_current_");
  }
}
