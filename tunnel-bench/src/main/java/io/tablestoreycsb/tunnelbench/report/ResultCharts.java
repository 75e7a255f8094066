package io.tablestoreycsb.tunnelbench.report;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * PNG charts of the report, in the planner's style (XChart, headless; titles and axis titles with
 * units; linear axes from zero, ending at a round value; tick labels by a decimal pattern, never a
 * formatting function, which can make XChart 3.8.8 loop forever): against partitions, a line per
 * consumer count, for rows synchronized per second, consumer CPU and lag.
 */
final class ResultCharts {
  private static final int WIDTH = 720;
  private static final int HEIGHT = 450;
  private static final String DECIMAL_PATTERN = "#,##0.##";
  private static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c),
      new Color(0x9467bd), new Color(0xff7f0e)};
  private static final Marker[] MARKERS = {SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE, SeriesMarkers.DIAMOND,
      SeriesMarkers.TRIANGLE_UP, SeriesMarkers.CROSS};

  private ResultCharts() {}

  /** Writes the charts; returns their file names in display order. */
  static List<String> write(String title, List<ScenarioResult> results, Path dir) throws IOException {
    System.setProperty("java.awt.headless", "true");
    List<ScenarioResult> measured = results.stream().filter(r -> r.check().consumed() > 0).toList();
    List<String> files = new ArrayList<>();
    if (measured.isEmpty()) {
      return files;
    }
    files.add(save(chart(title + ": rows synchronized per second vs partitions", "rows/s (steady)", measured,
        r -> r.rates().steady()), dir, "rows-per-second-vs-partitions.png"));
    files.add(save(chart(title + ": consumer CPU vs partitions", "consumer CPU, cores (all consumers)", measured,
        ScenarioResult::consumerCpuCores), dir, "consumer-cpu-vs-partitions.png"));
    files.add(save(chart(title + ": end-to-end lag p99 vs partitions", "lag p99 (write acknowledged to row handed), ms",
        measured, ScenarioResult::lagP99Ms), dir, "lag-p99-vs-partitions.png"));
    files.removeIf(java.util.Objects::isNull);
    return files;
  }

  static XYChart chart(String title, String yTitle, List<ScenarioResult> results, ToDoubleFunction<ScenarioResult> y) {
    XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT).title(title).xAxisTitle("partitions (channels)")
        .yAxisTitle(yTitle).build();
    XYStyler s = chart.getStyler();
    s.setLegendPosition(Styler.LegendPosition.OutsideS);
    s.setLegendLayout(Styler.LegendLayout.Horizontal);
    s.setMarkerSize(8);
    s.setDefaultSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
    s.setChartBackgroundColor(Color.WHITE);
    s.setPlotGridLinesColor(new Color(0xdddddd));
    s.setXAxisMin(0.0);
    s.setYAxisMin(0.0);
    s.setXAxisDecimalPattern(DECIMAL_PATTERN);
    s.setYAxisDecimalPattern(DECIMAL_PATTERN);
    Map<Integer, Map<Integer, Double>> byConsumers = new TreeMap<>();
    for (ScenarioResult r : results) {
      double v = y.applyAsDouble(r);
      if (!Double.isNaN(v)) {
        byConsumers.computeIfAbsent(r.consumers(), k -> new TreeMap<>()).put(r.partitions(), v);
      }
    }
    int i = 0;
    double maxX = 0;
    double maxY = 0;
    for (Map.Entry<Integer, Map<Integer, Double>> e : byConsumers.entrySet()) {
      double[] xs = e.getValue().keySet().stream().mapToDouble(Integer::doubleValue).toArray();
      double[] ys = e.getValue().values().stream().mapToDouble(Double::doubleValue).toArray();
      XYSeries series = chart.addSeries(e.getKey() + (e.getKey() == 1 ? " consumer" : " consumers"), xs, ys);
      series.setLineColor(PALETTE[i % PALETTE.length]);
      series.setMarkerColor(PALETTE[i % PALETTE.length]);
      series.setMarker(MARKERS[i % MARKERS.length]);
      i++;
      for (double x : xs) {
        maxX = Math.max(maxX, x);
      }
      for (double v : ys) {
        maxY = Math.max(maxY, v);
      }
    }
    s.setXAxisMax(roundUp(maxX));
    s.setYAxisMax(roundUp(maxY));
    return chart;
  }

  private static String save(XYChart chart, Path dir, String file) throws IOException {
    if (chart.getSeriesMap().isEmpty()) {
      return null;
    }
    BitmapEncoder.saveBitmap(chart, dir.resolve(file).toString(), BitmapEncoder.BitmapFormat.PNG);
    return file;
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
