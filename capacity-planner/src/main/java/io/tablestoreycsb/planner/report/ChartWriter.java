package io.tablestoreycsb.planner.report;

import io.tablestoreycsb.kit.report.ChartStyle;
import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.Latency;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** PNG charts of the planner's report, drawn in the {@link ChartStyle} every report here uses. */
final class ChartWriter {
  private static final int WIDTH = 800;
  private static final int HEIGHT = 500;
  /** Latency charts come one per partition count, shown side by side. */
  private static final int PANEL_WIDTH = 460;
  private static final int PANEL_HEIGHT = 400;

  /** The latency percentiles drawn, each with its own colour, marker and line so they differ at a glance. */
  private record Percentile(String name, ToDoubleFunction<Latency> ms, Color color, Marker marker,
      BasicStroke line) {}

  private static final List<Percentile> PERCENTILES = List.of(
      new Percentile("p50", Latency::p50Ms, new Color(0x1f77b4), SeriesMarkers.CIRCLE, SeriesLines.SOLID),
      new Percentile("p99", Latency::p99Ms, new Color(0xff7f0e), SeriesMarkers.SQUARE, SeriesLines.DASH_DASH),
      // A cross drawn last: where p99.9 equals p99 (few requests), the square still shows around it.
      new Percentile("p99.9", Latency::p999Ms, new Color(0xb00020), SeriesMarkers.CROSS, SeriesLines.DOT_DOT));

  private ChartWriter() {}

  /** Writes every chart and returns, per group title, the image file names in display order. */
  static Map<String, List<String>> write(List<CellResult> rows, Path dir) throws IOException {
    Map<String, List<String>> images = new LinkedHashMap<>();
    for (Map.Entry<String, Map<String, List<CellResult>>> inst : ReportTable.grouped(rows).entrySet()) {
      String instance = inst.getKey();
      for (Map.Entry<String, List<CellResult>> group : inst.getValue().entrySet()) {
        List<String> files = new ArrayList<>();
        String base = Formats.slug(instance + "-" + group.getKey());
        // Open-loop cells are driven by their target, not their threads: only latency against QPS tells.
        if (!group.getValue().stream().allMatch(CellResult::isOpenLoop)) {
          files.add(ChartStyle.savePng(qpsVsThreads(instance, group.getKey(), group.getValue()), dir,
              base + "-qps-vs-threads.png"));
        }
        for (Map.Entry<Integer, XYChart> panel : latencyVsQps(instance, group.getKey(), group.getValue()).entrySet()) {
          files.add(ChartStyle.savePng(panel.getValue(), dir,
              base + "-latency-vs-qps-p" + panel.getKey() + ".png"));
        }
        images.put(instance + "/" + group.getKey(), files);
      }
      Optional<XYChart> partitions = qpsVsPartitions(instance, inst.getValue());
      if (partitions.isPresent()) {
        images.put(instance + "/partitions",
            List.of(ChartStyle.savePng(partitions.get(), dir,
                Formats.slug(instance + "-qps-vs-partitions.png"))));
      }
    }
    return images;
  }

  /** QPS(row) against threads per runner, a line per partition count. */
  static XYChart qpsVsThreads(String instance, String title, List<CellResult> rows) {
    XYChart chart = ChartStyle.lineChart(WIDTH, HEIGHT,
        instance + ": " + title + " - QPS(row) vs threads per runner",
        "threads per runner (" + rows.get(0).shape().runners() + " runners)", "QPS(row), rows/s");
    int index = 0;
    for (Map.Entry<Integer, List<CellResult>> e : byPartitions(rows).entrySet()) {
      List<CellResult> series = e.getValue();
      ChartStyle.styleSeries(chart.addSeries(partitionsLabel(e.getKey()),
          series.stream().mapToDouble(r -> r.cell().threads()).toArray(),
          series.stream().mapToDouble(r -> r.rates().qpsRows()).toArray()), index);
      index++;
    }
    return chart;
  }

  /**
   * Latency percentiles against QPS(row), one chart per partition count, so that a chart holds three
   * series that differ in colour, marker and line style, and a legend of three entries.
   */
  static Map<Integer, XYChart> latencyVsQps(String instance, String title, List<CellResult> rows) {
    Map<Integer, XYChart> charts = new LinkedHashMap<>();
    for (Map.Entry<Integer, List<CellResult>> e : byPartitions(rows).entrySet()) {
      List<CellResult> series = e.getValue();
      XYChart chart = ChartStyle.lineChart(PANEL_WIDTH, PANEL_HEIGHT,
          instance + ": " + title + ", " + partitionsLabel(e.getKey()), "QPS(row), rows/s", "latency, ms");
      ChartStyle.legendBelow(chart);
      double[] qps = series.stream().mapToDouble(r -> r.rates().qpsRows()).toArray();
      List<Latency> latencies = series.stream().map(CellResult::latency).toList();
      for (Percentile p : PERCENTILES) {
        ChartStyle.style(chart.addSeries(p.name(), qps, latencies.stream().mapToDouble(p.ms()).toArray()),
            p.color(), p.marker(), p.line());
      }
      charts.put(e.getKey(), chart);
    }
    return charts;
  }

  /** Peak QPS(row) over the thread sweep against partitions, a line per case. */
  static Optional<XYChart> qpsVsPartitions(String instance, Map<String, List<CellResult>> groups) {
    XYChart chart = ChartStyle.lineChart(WIDTH, HEIGHT,
        instance + ": peak QPS(row) vs partitions (best thread point)", "partitions", "peak QPS(row), rows/s");
    int index = 0;
    for (Map.Entry<String, List<CellResult>> g : groups.entrySet()) {
      Map<Integer, Double> peak = new TreeMap<>();
      for (CellResult r : g.getValue()) {
        peak.merge(r.cell().partitions(), r.rates().qpsRows(), Math::max);
      }
      ChartStyle.styleSeries(chart.addSeries(g.getKey(),
          peak.keySet().stream().mapToDouble(Integer::doubleValue).toArray(),
          peak.values().stream().mapToDouble(Double::doubleValue).toArray()), index);
      index++;
    }
    return index == 0 ? Optional.empty() : Optional.of(chart);
  }

  private static String partitionsLabel(int partitions) {
    return partitions + (partitions == 1 ? " partition" : " partitions");
  }

  private static Map<Integer, List<CellResult>> byPartitions(List<CellResult> rows) {
    Map<Integer, List<CellResult>> map = new TreeMap<>();
    for (CellResult r : rows) {
      map.computeIfAbsent(r.cell().partitions(), k -> new ArrayList<>()).add(r);
    }
    return map;
  }
}
