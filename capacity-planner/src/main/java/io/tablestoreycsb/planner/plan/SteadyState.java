package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.kit.stats.MeanInterval;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.math3.stat.regression.SimpleRegression;

/**
 * Whether a cell's rate has become steady, judged from its interval log (pure logic: the caller reads
 * the runners' HDR logs and gives the cell's requests per status interval).
 *
 * <p>The rule: the cell has run at least its minimum duration, and over the most recent window (the
 * last intervals covering {@code windowSeconds}, at least {@value #MIN_WINDOW_INTERVALS} of them) the
 * rate is known and flat to within the tolerance:
 * <ul>
 *   <li><b>confidence</b>: the 95% confidence interval of the window's mean rate (Student's t over its
 *   intervals) is within +/- tolerance of the mean, so the figure would not move by more if the cell
 *   ran on;</li>
 *   <li><b>drift</b>: the least-squares trend of the rate across the window changes it by at most the
 *   tolerance from the window's start to its end, so the rate is not still climbing (warm-up, a
 *   filling cache) or sinking (a growing backlog).</li>
 * </ul>
 * What came before the window is the warm-up: it is left out of the cell's figures.
 */
public final class SteadyState {
  /** The fewest intervals a window may have: fewer say nothing of the spread. */
  public static final int MIN_WINDOW_INTERVALS = 5;

  /** The confidence level of the interval of the window's mean rate. */
  private static final double CONFIDENCE = 0.95;

  /**
   * One status interval of the cell: its requests (over every runner) between two instants.
   *
   * @param startMs start, epoch ms
   * @param endMs end, epoch ms
   * @param count requests completed in it
   */
  public record Interval(long startMs, long endMs, double count) {
    double seconds() {
      return Math.max(0.001, (endMs - startMs) / 1000.0);
    }

    double rate() {
      return count / seconds();
    }
  }

  /**
   * @param steady whether the cell may stop now
   * @param reason why (or why not), for people: "steady at 2,310 requests/s: 95% confidence +/-1.2%, drift
   *     +0.8% over the last 50 s"
   * @param windowStartMs start of the window judged (the warm-up ends there), or 0 when there was none
   * @param meanRate the window's mean rate, requests per second, or NaN
   */
  public record Verdict(boolean steady, String reason, long windowStartMs, double meanRate) {}

  /**
   * The rule's settings.
   *
   * @param minSeconds the least a cell runs, from its first interval's start
   * @param windowSeconds how far back the window reaches
   * @param tolerance the largest relative confidence half-width and drift, e.g. 0.05
   */
  public record Rule(double minSeconds, double windowSeconds, double tolerance) {
    public Rule {
      if (!(tolerance > 0 && tolerance < 1)) {
        throw new IllegalArgumentException("a steady-state tolerance must be above 0% and below 100%, got "
            + tolerance);
      }
    }
  }

  private SteadyState() {}

  /** Judges {@code intervals} (in time order) by {@code rule}. */
  public static Verdict judge(List<Interval> intervals, Rule rule) {
    if (intervals.isEmpty()) {
      return new Verdict(false, "too short: no interval yet", 0, Double.NaN);
    }
    long first = intervals.get(0).startMs();
    long last = intervals.get(intervals.size() - 1).endMs();
    double ran = (last - first) / 1000.0;
    List<Interval> window = new ArrayList<>();
    for (int i = intervals.size() - 1; i >= 0; i--) {
      window.add(0, intervals.get(i));
      if (window.size() >= MIN_WINDOW_INTERVALS && (last - intervals.get(i).startMs()) / 1000.0 >= rule.windowSeconds()) {
        break;
      }
    }
    double windowSeconds = (last - window.get(0).startMs()) / 1000.0;
    if (ran < rule.minSeconds() || window.size() < MIN_WINDOW_INTERVALS || windowSeconds < rule.windowSeconds()) {
      String wanted = ran >= rule.minSeconds() && windowSeconds < rule.windowSeconds() ? String.format(Locale.ROOT,
          " (a %s window wanted)", seconds(rule.windowSeconds())) : "";
      return new Verdict(false, String.format(Locale.ROOT, "too short: %s of the %s minimum, %d intervals%s",
          seconds(ran), seconds(rule.minSeconds()), intervals.size(), wanted), 0, Double.NaN);
    }
    double[] rates = window.stream().mapToDouble(Interval::rate).toArray();
    MeanInterval rate = MeanInterval.of(rates, CONFIDENCE);
    double mean = rate.mean();
    if (mean <= 0) {
      return new Verdict(false, "stalled: no request completed in the last " + seconds(windowSeconds), 0, 0);
    }
    double confidence = rate.halfWidth() / mean;
    double drift = slopePerSecond(window, rates) * windowSeconds / mean;
    String figures = String.format(Locale.ROOT, "%,.0f requests/s: 95%% confidence +/-%.1f%%, drift %+.1f%% over the"
        + " last %s", mean, confidence * 100, drift * 100, seconds(windowSeconds));
    long windowStart = window.get(0).startMs();
    // Noise first: over a noisy window the fitted trend means little.
    if (confidence > rule.tolerance()) {
      return new Verdict(false, "noisy at " + figures, windowStart, mean);
    }
    if (Math.abs(drift) > rule.tolerance()) {
      return new Verdict(false, "drifting at " + figures, windowStart, mean);
    }
    return new Verdict(true, "steady at " + figures, windowStart, mean);
  }

  /** Least-squares slope of the rates against each interval's middle, per second (0 when flat in time). */
  private static double slopePerSecond(List<Interval> window, double[] rates) {
    SimpleRegression fit = new SimpleRegression();
    for (int i = 0; i < rates.length; i++) {
      fit.addData((window.get(i).startMs() + window.get(i).endMs()) / 2000.0, rates[i]);
    }
    double slope = fit.getSlope();
    return Double.isNaN(slope) ? 0 : slope;
  }

  private static String seconds(double s) {
    return Formats.clock(s);
  }
}
