package io.tablestoreycsb.tunnelbench.report;

import io.tablestoreycsb.kit.report.ChartStyle;
import io.tablestoreycsb.kit.report.Formats;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.XYChart;

/**
 * PNG charts of the report, in the {@link ChartStyle} every report here uses: against partitions, a
 * line per consumer count, for rows synchronized per second, consumer CPU and lag; and for each
 * scenario its lag and rows over time.
 */
final class ResultCharts {
  private static final int WIDTH = 720;
  private static final int HEIGHT = 450;

  private ResultCharts() {}

  /** Writes the charts; returns their file names in display order. */
  static List<String> write(String title, List<ScenarioResult> results, Path dir) throws IOException {
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
        measured, r -> r.lag().lagP99Ms()), dir, "lag-p99-vs-partitions.png"));
    files.removeIf(java.util.Objects::isNull);
    return files;
  }

  static XYChart chart(String title, String yTitle, List<ScenarioResult> results, ToDoubleFunction<ScenarioResult> y) {
    XYChart chart = ChartStyle.lineChart(WIDTH, HEIGHT, title, "partitions (channels)", yTitle);
    ChartStyle.legendBelow(chart);
    Map<Integer, Map<Integer, Double>> byConsumers = new TreeMap<>();
    for (ScenarioResult r : results) {
      double v = y.applyAsDouble(r);
      if (!Double.isNaN(v)) {
        byConsumers.computeIfAbsent(r.consumers(), k -> new TreeMap<>()).put(r.partitions(), v);
      }
    }
    int i = 0;
    for (Map.Entry<Integer, Map<Integer, Double>> e : byConsumers.entrySet()) {
      double[] xs = e.getValue().keySet().stream().mapToDouble(Integer::doubleValue).toArray();
      double[] ys = e.getValue().values().stream().mapToDouble(Double::doubleValue).toArray();
      ChartStyle.styleSeries(chart.addSeries(e.getKey() + (e.getKey() == 1 ? " consumer" : " consumers"), xs, ys),
          i++);
    }
    ChartStyle.roundAxesUp(chart);
    return chart;
  }

  /**
   * Each scenario's lag percentiles and rows handed, second by second; returns the file names in scenario order.
   * A scenario whose rows all reached the consumers within one second (a burst after a channel hand-over) gets
   * its one point drawn: that burst is what a reader needs to see.
   */
  static List<String> writeOverTime(List<ScenarioResult> results, Path dir) throws IOException {
    List<String> files = new ArrayList<>();
    for (ScenarioResult r : results) {
      if (r.lagOverTime().seconds().isEmpty()) {
        continue;
      }
      String base = Formats.slug(r.group() + "-p" + r.partitions() + "-c" + r.consumers()) + "-lag-over-time";
      files.add(ChartStyle.savePng(lagOverTime(r), dir, base + ".png"));
      files.add(ChartStyle.savePng(rowsOverTime(r), dir, base + "-rows.png"));
    }
    return files;
  }

  static XYChart lagOverTime(ScenarioResult r) {
    XYChart chart = ChartStyle.lineChart(WIDTH, HEIGHT, r.label() + ": sync lag over time",
        "seconds since the writers started", "lag (write acknowledged to row handed), ms");
    ChartStyle.legendBelow(chart);
    List<LagTimeline.Second> seconds = r.lagOverTime().seconds();
    double[] at = seconds.stream().mapToDouble(LagTimeline.Second::atSeconds).toArray();
    ChartStyle.styleSeries(chart.addSeries("p50", at, seconds.stream().mapToDouble(LagTimeline.Second::p50Ms).toArray()), 0);
    ChartStyle.styleSeries(chart.addSeries("p99", at, seconds.stream().mapToDouble(LagTimeline.Second::p99Ms).toArray()), 1);
    ChartStyle.styleSeries(chart.addSeries("p99.9", at,
        seconds.stream().mapToDouble(LagTimeline.Second::p999Ms).toArray()), 2);
    markWarmupEnd(chart, r.lagOverTime(), seconds.stream().mapToDouble(LagTimeline.Second::p999Ms).max().orElse(0));
    ChartStyle.roundAxesUp(chart);
    return chart;
  }

  static XYChart rowsOverTime(ScenarioResult r) {
    XYChart chart = ChartStyle.lineChart(WIDTH, HEIGHT, r.label() + ": rows synchronized over time",
        "seconds since the writers started", "rows handed per second (all consumers)");
    ChartStyle.legendBelow(chart);
    List<LagTimeline.Second> seconds = r.lagOverTime().seconds();
    double[] rows = seconds.stream().mapToDouble(LagTimeline.Second::rows).toArray();
    ChartStyle.styleSeries(chart.addSeries("rows/s", seconds.stream().mapToDouble(LagTimeline.Second::atSeconds)
        .toArray(), rows), 0);
    markWarmupEnd(chart, r.lagOverTime(), java.util.Arrays.stream(rows).max().orElse(0));
    ChartStyle.roundAxesUp(chart);
    return chart;
  }

  /** A vertical line where the warm-up ended: the paper's figures are measured after it. */
  private static void markWarmupEnd(XYChart chart, LagTimeline timeline, double top) {
    if (timeline.warmupEndSeconds() > 0 && top > 0) {
      double x = timeline.warmupEndSeconds();
      ChartStyle.styleSeries(chart.addSeries("warm-up ends", new double[] {x, x}, new double[] {0, top}), 3);
    }
  }

  private static String save(XYChart chart, Path dir, String file) throws IOException {
    return chart.getSeriesMap().isEmpty() ? null : ChartStyle.savePng(chart, dir, file);
  }
}
