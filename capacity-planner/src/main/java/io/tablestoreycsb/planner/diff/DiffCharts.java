package io.tablestoreycsb.planner.diff;

import io.tablestoreycsb.kit.report.ChartStyle;
import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.Latency;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.XYChart;

/**
 * The diff's charts: per case and partition count, both plans on the same axes: QPS(row) against threads per
 * runner, and p99 against QPS(row). Drawn in the kit's {@link ChartStyle}: base first colour, new second.
 */
final class DiffCharts {
  private static final int WIDTH = 520;
  private static final int HEIGHT = 380;

  private DiffCharts() {}

  /** Writes the charts into {@code dir}; returns, per "case p=N" group, its image file names. */
  static Map<String, List<String>> write(PlanDiff diff, Path dir) throws IOException {
    Map<String, List<CellResult[]>> groups = new LinkedHashMap<>();
    for (PlanDiff.CellChange c : diff.cells()) {
      String group = c.label().substring(0, c.label().lastIndexOf(" threads="));
      groups.computeIfAbsent(group, k -> new ArrayList<>()).add(new CellResult[] {c.base(), c.after()});
    }
    Map<String, List<String>> images = new LinkedHashMap<>();
    for (Map.Entry<String, List<CellResult[]>> g : groups.entrySet()) {
      List<CellResult> base = g.getValue().stream().map(p -> p[0])
          .sorted(Comparator.comparingInt(r -> r.cell().threads())).toList();
      List<CellResult> after = g.getValue().stream().map(p -> p[1])
          .sorted(Comparator.comparingInt(r -> r.cell().threads())).toList();
      String slug = Formats.slug("diff-" + g.getKey());
      images.put(g.getKey(), List.of(
          ChartStyle.savePng(qpsVsThreads(g.getKey(), diff, base, after), dir, slug + "-qps-vs-threads.png"),
          ChartStyle.savePng(p99VsQps(g.getKey(), diff, base, after), dir, slug + "-p99-vs-qps.png")));
    }
    return images;
  }

  static XYChart qpsVsThreads(String group, PlanDiff diff, List<CellResult> base, List<CellResult> after) {
    XYChart chart = ChartStyle.lineChart(WIDTH, HEIGHT, group + ": QPS(row) vs threads, both plans",
        "threads per runner", "QPS(row), rows/s");
    ChartStyle.legendBelow(chart);
    ChartStyle.styleSeries(chart.addSeries("base: " + diff.baseName(), threads(base), qps(base)), 0);
    ChartStyle.styleSeries(chart.addSeries("new: " + diff.newName(), threads(after), qps(after)), 1);
    return chart;
  }

  static XYChart p99VsQps(String group, PlanDiff diff, List<CellResult> base, List<CellResult> after) {
    XYChart chart = ChartStyle.lineChart(WIDTH, HEIGHT, group + ": p99 latency vs QPS(row), both plans",
        "QPS(row), rows/s", "p99 latency, ms");
    ChartStyle.legendBelow(chart);
    ChartStyle.styleSeries(chart.addSeries("base: " + diff.baseName(), qps(base), p99(base)), 0);
    ChartStyle.styleSeries(chart.addSeries("new: " + diff.newName(), qps(after), p99(after)), 1);
    return chart;
  }

  private static double[] threads(List<CellResult> rows) {
    return rows.stream().mapToDouble(r -> r.cell().threads()).toArray();
  }

  private static double[] qps(List<CellResult> rows) {
    return rows.stream().mapToDouble(r -> r.rates().qpsRows()).toArray();
  }

  private static double[] p99(List<CellResult> rows) {
    return rows.stream().map(CellResult::latency).mapToDouble(Latency::p99Ms).toArray();
  }
}
