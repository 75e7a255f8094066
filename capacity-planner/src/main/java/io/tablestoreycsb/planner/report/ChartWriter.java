package io.tablestoreycsb.planner.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** PNG charts of the report (XChart, rendered headless). Each chart has a title, units and a legend. */
final class ChartWriter {
  private static final int WIDTH = 800;
  private static final int HEIGHT = 500;

  private ChartWriter() {}

  /** Writes every chart and returns, per group title, the image file names in display order. */
  static Map<String, List<String>> write(List<ReportRow> rows, Path dir) throws IOException {
    System.setProperty("java.awt.headless", "true");
    Map<String, List<String>> images = new LinkedHashMap<>();
    for (Map.Entry<String, Map<String, List<ReportRow>>> inst : ReportTable.grouped(rows).entrySet()) {
      String instance = inst.getKey();
      for (Map.Entry<String, List<ReportRow>> group : inst.getValue().entrySet()) {
        List<String> files = new ArrayList<>();
        String base = Formats.slug(instance + "-" + group.getKey());
        files.add(qpsVsThreads(instance, group.getKey(), group.getValue(), dir, base + "-qps-vs-threads.png"));
        files.add(latencyVsQps(instance, group.getKey(), group.getValue(), dir, base + "-latency-vs-qps.png"));
        images.put(instance + "/" + group.getKey(), files);
      }
      String partitionsFile = Formats.slug(instance + "-qps-vs-partitions.png");
      if (qpsVsPartitions(instance, inst.getValue(), dir, partitionsFile)) {
        images.put(instance + "/partitions", List.of(partitionsFile));
      }
    }
    return images;
  }

  private static String qpsVsThreads(String instance, String title, List<ReportRow> rows, Path dir, String file)
      throws IOException {
    XYChart chart = chart(instance + ": " + title + " - QPS(row) vs threads per runner",
        "threads per runner (" + rows.get(0).runners() + " runners)", "QPS(row), rows/s");
    Map<Integer, List<ReportRow>> byPartitions = byPartitions(rows);
    byPartitions.forEach((p, series) -> chart.addSeries(p + (p == 1 ? " partition" : " partitions"),
        series.stream().mapToDouble(ReportRow::threads).toArray(),
        series.stream().mapToDouble(ReportRow::qpsRows).toArray()));
    BitmapEncoder.saveBitmap(chart, dir.resolve(file).toString(), BitmapEncoder.BitmapFormat.PNG);
    return file;
  }

  private static String latencyVsQps(String instance, String title, List<ReportRow> rows, Path dir, String file)
      throws IOException {
    XYChart chart = chart(instance + ": " + title + " - latency percentiles vs QPS(row)",
        "QPS(row), rows/s", "latency, ms (merged across runners)");
    // One colour per partition count, one marker and line style per percentile.
    int index = 0;
    for (Map.Entry<Integer, List<ReportRow>> e : byPartitions(rows).entrySet()) {
      List<ReportRow> series = e.getValue();
      double[] qps = series.stream().mapToDouble(ReportRow::qpsRows).toArray();
      java.awt.Color color = PALETTE[index++ % PALETTE.length];
      String prefix = e.getKey() + (e.getKey() == 1 ? " partition " : " partitions ");
      style(chart.addSeries(prefix + "p50", qps, series.stream().mapToDouble(ReportRow::p50Ms).toArray()),
          color, SeriesMarkers.CIRCLE, org.knowm.xchart.style.lines.SeriesLines.SOLID);
      style(chart.addSeries(prefix + "p99", qps, series.stream().mapToDouble(ReportRow::p99Ms).toArray()),
          color, SeriesMarkers.SQUARE, org.knowm.xchart.style.lines.SeriesLines.DASH_DASH);
      style(chart.addSeries(prefix + "p99.9", qps, series.stream().mapToDouble(ReportRow::p999Ms).toArray()),
          color, SeriesMarkers.DIAMOND, org.knowm.xchart.style.lines.SeriesLines.DOT_DOT);
    }
    BitmapEncoder.saveBitmap(chart, dir.resolve(file).toString(), BitmapEncoder.BitmapFormat.PNG);
    return file;
  }

  /** Peak QPS(row) over the thread sweep for each partition count, one line per case. */
  private static boolean qpsVsPartitions(String instance, Map<String, List<ReportRow>> groups, Path dir, String file)
      throws IOException {
    XYChart chart = chart(instance + ": peak QPS(row) vs partitions (best thread point)",
        "partitions", "peak QPS(row), rows/s (log scale)");
    chart.getStyler().setYAxisLogarithmic(true);
    boolean any = false;
    for (Map.Entry<String, List<ReportRow>> g : groups.entrySet()) {
      Map<Integer, Double> peak = new TreeMap<>();
      for (ReportRow r : g.getValue()) {
        peak.merge(r.partitions(), r.qpsRows(), Math::max);
      }
      if (peak.values().stream().anyMatch(v -> v <= 0)) {
        continue; // a log axis cannot show zero
      }
      chart.addSeries(g.getKey(), peak.keySet().stream().mapToDouble(Integer::doubleValue).toArray(),
          peak.values().stream().mapToDouble(Double::doubleValue).toArray());
      any = true;
    }
    if (any) {
      BitmapEncoder.saveBitmap(chart, dir.resolve(file).toString(), BitmapEncoder.BitmapFormat.PNG);
    }
    return any;
  }

  private static final java.awt.Color[] PALETTE = {new java.awt.Color(0x1f77b4), new java.awt.Color(0xd62728),
      new java.awt.Color(0x2ca02c), new java.awt.Color(0x9467bd), new java.awt.Color(0xff7f0e)};

  private static void style(org.knowm.xchart.XYSeries series, java.awt.Color color,
      org.knowm.xchart.style.markers.Marker marker, java.awt.BasicStroke line) {
    series.setLineColor(color);
    series.setMarkerColor(color);
    series.setMarker(marker);
    series.setLineStyle(line);
  }

  private static Map<Integer, List<ReportRow>> byPartitions(List<ReportRow> rows) {
    Map<Integer, List<ReportRow>> map = new TreeMap<>();
    for (ReportRow r : rows) {
      map.computeIfAbsent(r.partitions(), k -> new ArrayList<>()).add(r);
    }
    return map;
  }

  private static XYChart chart(String title, String xTitle, String yTitle) {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle(xTitle)
        .yAxisTitle(yTitle).build();
    Styler s = chart.getStyler();
    s.setLegendPosition(Styler.LegendPosition.OutsideE);
    chart.getStyler().setMarkerSize(7);
    chart.getStyler().setDefaultSeriesRenderStyle(org.knowm.xchart.XYSeries.XYSeriesRenderStyle.Line);
    chart.getStyler().setSeriesMarkers(new org.knowm.xchart.style.markers.Marker[] {SeriesMarkers.CIRCLE,
        SeriesMarkers.SQUARE, SeriesMarkers.DIAMOND, SeriesMarkers.TRIANGLE_UP});
    return chart;
  }
}
