package io.tablestoreycsb.kit.report;

import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
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
 * How every report here draws a chart (XChart, rendered headless): a title and axis titles with units,
 * and every axis linear from zero, ending at a round value above the data. A throughput axis starting
 * at, say, 1,000 rows/s makes small gaps look large, and XChart 3.8's log axes label either only the
 * decades (two labels over 1,000 to 16,000) or every 1..9 step on top of each other. Tick labels use a
 * decimal pattern, never a formatting function: with one, XChart 3.8.8 can loop forever when two data
 * values format alike.
 */
public final class ChartStyle {
  /** Thousands separated, at most two decimals (0.25 ms, 1,000 rows/s). */
  public static final String DECIMAL_PATTERN = "#,##0.##";

  private static final Color[] PALETTE = {new Color(0x1f77b4), new Color(0xd62728), new Color(0x2ca02c),
      new Color(0x9467bd), new Color(0xff7f0e), new Color(0x8c564b)};
  private static final Marker[] MARKERS = {SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE, SeriesMarkers.DIAMOND,
      SeriesMarkers.TRIANGLE_UP, SeriesMarkers.TRIANGLE_DOWN, SeriesMarkers.CROSS};

  private ChartStyle() {}

  /** A line chart with its titles, the legend on the right, both axes from zero. */
  public static XYChart lineChart(int width, int height, String title, String xTitle, String yTitle) {
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

  /** The legend under the plot, its entries side by side (for charts of few series). */
  public static void legendBelow(XYChart chart) {
    chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideS);
    chart.getStyler().setLegendLayout(Styler.LegendLayout.Horizontal);
  }

  /** The {@code index}-th series of a chart: its own colour and marker, a solid line. */
  public static void styleSeries(XYSeries series, int index) {
    style(series, PALETTE[index % PALETTE.length], MARKERS[index % MARKERS.length], SeriesLines.SOLID);
  }

  public static void style(XYSeries series, Color color, Marker marker, BasicStroke line) {
    series.setLineColor(color);
    series.setMarkerColor(color);
    series.setMarker(marker);
    series.setLineStyle(line);
  }

  /** Rounds the axes up ({@link #roundAxesUp}) and writes the chart as {@code dir/file} (a PNG). */
  public static String savePng(XYChart chart, Path dir, String file) throws IOException {
    System.setProperty("java.awt.headless", "true");
    roundAxesUp(chart);
    BitmapEncoder.saveBitmap(chart, dir.resolve(file).toString(), BitmapEncoder.BitmapFormat.PNG);
    return file;
  }

  /**
   * Ends each axis at a round value above the data (0 to 1,200 rather than 0 to 1,141): XChart then
   * labels evenly spaced round ticks, also when a chart holds a single point, where on its own it labels
   * only 0 and the point's value.
   */
  public static void roundAxesUp(XYChart chart) {
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
  public static double roundUp(double v) {
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
