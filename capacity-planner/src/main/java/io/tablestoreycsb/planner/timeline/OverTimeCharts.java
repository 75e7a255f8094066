package io.tablestoreycsb.planner.timeline;

import io.tablestoreycsb.kit.report.ChartStyle;
import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.planner.analysis.CellIdentity;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.MeasuredWindow;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Each cell's figures over time, two small charts beside its row of the report: rows/s per interval, and
 * p50/p99/p99.9 per interval (the runners' histograms of that interval merged), both with the measured window
 * drawn as a box: what lies left of it is the warm-up the cell's figures leave out. Whether a cell was steady
 * inside its window is then seen at a glance.
 */
public final class OverTimeCharts {
  private static final int WIDTH = 430;
  private static final int HEIGHT = 260;
  private static final Color WINDOW = new Color(0x888888);
  private static final double[] PERCENTILES = {50, 99, 99.9};
  private static final String[] NAMES = {"p50", "p99", "p99.9"};

  private OverTimeCharts() {}

  /** The key under which a cell's images are listed in the report's chart map. */
  public static String key(CellIdentity cell) {
    return "over-time\u0000" + cell;
  }

  /**
   * Writes two charts per cell that has a timeline; returns the image names under {@link #key} of each cell.
   */
  public static Map<String, List<String>> write(List<CellResult> rows, PlanTimelines timelines, Path dir)
      throws IOException {
    Map<String, List<String>> images = new LinkedHashMap<>();
    for (CellResult r : rows) {
      CellTimeline t = timelines.of(r.cell()).orElse(null);
      if (t == null || t.intervals().isEmpty()) {
        continue;
      }
      String base = Formats.slug(r.cell().instanceType() + "-" + r.cell().caseName() + "-" + r.cell().sweep() + "-p"
          + r.cell().partitions() + "-t" + r.cell().threads()) + "-over-time";
      images.put(key(r.cell()), List.of(ChartStyle.savePng(rows(r, t), dir, base + "-rows.png"),
          ChartStyle.savePng(latency(r, t), dir, base + "-latency.png")));
    }
    return images;
  }

  /** "random-read p=4 threads=8". */
  static String label(CellIdentity c) {
    return c.caseName() + (c.sweep().isEmpty() ? "" : " " + c.sweep()) + " p=" + c.partitions() + " threads="
        + c.threads();
  }

  static XYChart rows(CellResult r, CellTimeline t) {
    XYChart chart = small(label(r.cell()) + ": rows/s over time", "QPS(row), rows/s");
    double rowsPerRequest = r.rates().requestsPerSecond() > 0 ? r.rates().qpsRows() / r.rates().requestsPerSecond()
        : r.cell().rowsPerRequest();
    long origin = t.intervals().get(0).startEpochMs();
    double[] x = seconds(t, origin);
    double[] y = t.intervals().stream().mapToDouble(f -> f.requestsPerSecond() * rowsPerRequest).toArray();
    ChartStyle.styleSeries(chart.addSeries("rows/s, all runners", x, y), 0);
    window(chart, r.window(), origin, max(y));
    return chart;
  }

  static XYChart latency(CellResult r, CellTimeline t) {
    XYChart chart = small(label(r.cell()) + ": latency over time", "latency, ms");
    long origin = t.intervals().get(0).startEpochMs();
    List<IntervalFigures> measured = t.intervals().stream().filter(f -> f.latencyUs().getTotalCount() > 0).toList();
    double[] x = measured.stream().mapToDouble(f -> (f.middleEpochMs() - origin) / 1000.0).toArray();
    double top = 0;
    for (int i = 0; i < PERCENTILES.length; i++) {
      double p = PERCENTILES[i];
      double[] y = measured.stream().mapToDouble(f -> f.percentileMs(p)).toArray();
      top = Math.max(top, max(y));
      if (x.length > 0) {
        ChartStyle.styleSeries(chart.addSeries(NAMES[i], x, y), i);
      }
    }
    window(chart, r.window(), origin, top);
    return chart;
  }

  private static XYChart small(String title, String yTitle) {
    XYChart chart = ChartStyle.lineChart(WIDTH, HEIGHT, title, "seconds since the first runner's first interval",
        yTitle);
    ChartStyle.legendBelow(chart);
    chart.getStyler().setMarkerSize(4);
    chart.getStyler().setChartTitleFont(chart.getStyler().getChartTitleFont().deriveFont(12f));
    return chart;
  }

  /** The measured window as an open box from the x axis to the top of the data. */
  private static void window(XYChart chart, MeasuredWindow w, long origin, double top) {
    double s = (w.startEpochMs() - origin) / 1000.0;
    double e = (w.endEpochMs() - origin) / 1000.0;
    double y = top > 0 ? top : 1;
    XYSeries box = chart.addSeries(w.common() ? "measured window" : "no common window", new double[] {s, s, e, e},
        new double[] {0, y, y, 0});
    ChartStyle.style(box, WINDOW, SeriesMarkers.NONE, SeriesLines.DASH_DASH);
  }

  private static double[] seconds(CellTimeline t, long origin) {
    return t.intervals().stream().mapToDouble(f -> (f.middleEpochMs() - origin) / 1000.0).toArray();
  }

  private static double max(double[] values) {
    double m = 0;
    for (double v : values) {
      if (!Double.isNaN(v)) {
        m = Math.max(m, v);
      }
    }
    return m;
  }

  /** The HTML of one cell's charts, side by side: empty without charts. */
  public static String html(CellIdentity cell, Map<String, List<String>> charts) {
    List<String> files = charts.getOrDefault(key(cell), List.of());
    if (files.isEmpty()) {
      return "";
    }
    StringBuilder h = new StringBuilder("<div class=\"over-time\" style=\"display:flex;flex-wrap:wrap;gap:8px\">");
    for (String f : files) {
      String alt = label(cell) + " over time";
      h.append("<img src=\"").append(f).append("\" alt=\"").append(alt).append("\" title=\"").append(alt)
          .append("\" width=\"").append(WIDTH).append("\">");
    }
    return h.append("</div>\n").toString();
  }

  /** The Markdown of one cell's charts. */
  public static String markdown(CellIdentity cell, Map<String, List<String>> charts) {
    List<String> lines = new ArrayList<>();
    for (String f : charts.getOrDefault(key(cell), List.of())) {
      lines.add("![" + label(cell) + " over time](" + f + ")");
    }
    return lines.isEmpty() ? "" : String.join(" ", lines) + "\n";
  }
}
