package io.tablestoreycsb.planner.report;

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
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * PNG charts of the report (XChart, rendered headless). Every chart has a title and axis titles with
 * units, and every axis is linear from zero: a throughput axis starting at, say, 1,000 rows/s makes small
 * gaps look large, and XChart 3.8's log axes label either only the decades (two labels over 1,000 to
 * 16,000) or every 1..9 step on top of each other. Tick labels use a decimal pattern, never a formatting
 * function: with one, XChart 3.8.8 can loop forever when two data values format alike.
 */
final class ChartWriter {
  private static final int WIDTH = 800;
  private static final int HEIGHT = 500;
  /** Latency charts come one per partition count, shown side by side. */
  private static final int PANEL_WIDTH = 460;
  private static final int PANEL_HEIGHT = 400;
  /** Thousands separated, at most two decimals (0.25 ms, 1,000 rows/s). */
  static final String DECIMAL_PATTERN = "#,##0.##";

  private static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c),
      new Color(0x9467bd), new Color(0xff7f0e), new Color(0x8c564b)};
  private static final Marker[] MARKERS = {SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE, SeriesMarkers.DIAMOND,
      SeriesMarkers.TRIANGLE_UP, SeriesMarkers.TRIANGLE_DOWN, SeriesMarkers.CROSS};

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
    System.setProperty("java.awt.headless", "true");
    Map<String, List<String>> images = new LinkedHashMap<>();
    for (Map.Entry<String, Map<String, List<CellResult>>> inst : ReportTable.grouped(rows).entrySet()) {
      String instance = inst.getKey();
      for (Map.Entry<String, List<CellResult>> group : inst.getValue().entrySet()) {
        List<String> files = new ArrayList<>();
        String base = Formats.slug(instance + "-" + group.getKey());
        // Open-loop cells are driven by their target, not their threads: only latency against QPS tells.
        if (!group.getValue().stream().allMatch(CellResult::isOpenLoop)) {
          files.add(save(qpsVsThreads(instance, group.getKey(), group.getValue()), dir,
              base + "-qps-vs-threads.png"));
        }
        for (Map.Entry<Integer, XYChart> panel : latencyVsQps(instance, group.getKey(), group.getValue()).entrySet()) {
          files.add(save(panel.getValue(), dir, base + "-latency-vs-qps-p" + panel.getKey() + ".png"));
        }
        images.put(instance + "/" + group.getKey(), files);
      }
      Optional<XYChart> partitions = qpsVsPartitions(instance, inst.getValue());
      if (partitions.isPresent()) {
        images.put(instance + "/partitions",
            List.of(save(partitions.get(), dir, Formats.slug(instance + "-qps-vs-partitions.png"))));
      }
    }
    return images;
  }

  /** QPS(row) against threads per runner, a line per partition count. */
  static XYChart qpsVsThreads(String instance, String title, List<CellResult> rows) {
    XYChart chart = chart(WIDTH, HEIGHT, instance + ": " + title + " - QPS(row) vs threads per runner",
        "threads per runner (" + rows.get(0).cell().runners() + " runners)", "QPS(row), rows/s");
    int index = 0;
    for (Map.Entry<Integer, List<CellResult>> e : byPartitions(rows).entrySet()) {
      List<CellResult> series = e.getValue();
      style(chart.addSeries(partitionsLabel(e.getKey()), series.stream().mapToDouble(r -> r.cell().threads())
          .toArray(), series.stream().mapToDouble(r -> r.rates().qpsRows()).toArray()), PALETTE[index % PALETTE.length],
          MARKERS[index % MARKERS.length], SeriesLines.SOLID);
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
      XYChart chart = chart(PANEL_WIDTH, PANEL_HEIGHT, instance + ": " + title + ", " + partitionsLabel(e.getKey()),
          "QPS(row), rows/s", "latency, ms");
      chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
      chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
      double[] qps = series.stream().mapToDouble(r -> r.rates().qpsRows()).toArray();
      List<Latency> latencies = series.stream().map(CellResult::latency).toList();
      for (Percentile p : PERCENTILES) {
        style(chart.addSeries(p.name(), qps, latencies.stream().mapToDouble(p.ms()).toArray()), p.color(),
            p.marker(), p.line());
      }
      charts.put(e.getKey(), chart);
    }
    return charts;
  }

  /** Peak QPS(row) over the thread sweep against partitions, a line per case. */
  static Optional<XYChart> qpsVsPartitions(String instance, Map<String, List<CellResult>> groups) {
    XYChart chart = chart(WIDTH, HEIGHT, instance + ": peak QPS(row) vs partitions (best thread point)",
        "partitions", "peak QPS(row), rows/s");
    int index = 0;
    for (Map.Entry<String, List<CellResult>> g : groups.entrySet()) {
      Map<Integer, Double> peak = new TreeMap<>();
      for (CellResult r : g.getValue()) {
        peak.merge(r.cell().partitions(), r.rates().qpsRows(), Math::max);
      }
      style(chart.addSeries(g.getKey(), peak.keySet().stream().mapToDouble(Integer::doubleValue).toArray(),
          peak.values().stream().mapToDouble(Double::doubleValue).toArray()), PALETTE[index % PALETTE.length],
          MARKERS[index % MARKERS.length], SeriesLines.SOLID);
      index++;
    }
    return index == 0 ? Optional.empty() : Optional.of(chart);
  }

  private static String partitionsLabel(int partitions) {
    return partitions + (partitions == 1 ? " partition" : " partitions");
  }

  private static void style(XYSeries series, Color color, Marker marker, BasicStroke line) {
    series.setLineColor(color);
    series.setMarkerColor(color);
    series.setMarker(marker);
    series.setLineStyle(line);
  }

  private static Map<Integer, List<CellResult>> byPartitions(List<CellResult> rows) {
    Map<Integer, List<CellResult>> map = new TreeMap<>();
    for (CellResult r : rows) {
      map.computeIfAbsent(r.cell().partitions(), k -> new ArrayList<>()).add(r);
    }
    return map;
  }

  private static XYChart chart(int width, int height, String title, String xTitle, String yTitle) {
    XYChart chart = new XYChartBuilder().width(width).height(height).title(title).xAxisTitle(xTitle)
        .yAxisTitle(yTitle).build();
    XYStyler s = chart.getStyler();
    s.setLegendPosition(Styler.LegendPosition.OutsideE);
    s.setMarkerSize(8);
    s.setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
    s.setChartBackgroundColor(Color.WHITE);
    s.setPlotGridLinesColor(new Color(0xdddddd));
    s.setXAxisMin(0.0);
    s.setYAxisMin(0.0);
    s.setXAxisDecimalPattern(DECIMAL_PATTERN);
    s.setYAxisDecimalPattern(DECIMAL_PATTERN);
    return chart;
  }

  private static String save(XYChart chart, Path dir, String file) throws IOException {
    roundAxesUp(chart);
    BitmapEncoder.saveBitmap(chart, dir.resolve(file).toString(), BitmapEncoder.BitmapFormat.PNG);
    return file;
  }

  /**
   * Ends each axis at a round value above the data (0 to 1,200 rather than 0 to 1,141): XChart then
   * labels evenly spaced round ticks, also when a chart holds a single point, where on its own it labels
   * only 0 and the point's value.
   */
  static void roundAxesUp(XYChart chart) {
    double maxX = 0;
    double maxY = 0;
    for (XYSeries series : chart.getSeriesMap().values()) {
      maxX = Math.max(maxX, series.getXMax());
      maxY = Math.max(maxY, series.getYMax());
    }
    chart.getStyler().setXAxisMax(roundUp(maxX));
    chart.getStyler().setYAxisMax(roundUp(maxY));
  }

  /** The smallest 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 x 10^n at least 5% above {@code v} (1 for nothing). */
  static double roundUp(double v) {
    if (!(v > 0) || Double.isInfinite(v)) {
      return 1;
    }
    double target = v * 1.05;
    double decade = Math.pow(10, Math.floor(Math.log10(target)));
    for (double step : new double[] {1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10}) {
      if (step * decade >= target) {
        return step * decade;
      }
    }
    return 10 * decade;
  }
}
