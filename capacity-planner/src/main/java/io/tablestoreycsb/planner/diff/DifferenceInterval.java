package io.tablestoreycsb.planner.diff;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;

/**
 * The difference of two means (new minus base) with its 95% confidence interval: Welch's t over two samples of
 * per-interval figures (a cell's rows/s or p99 in each status interval of its measured window), which need not
 * share a variance or a size.
 *
 * <p>Intervals of one cell are not independent (a queue carries over from one second to the next), so the
 * interval is narrower than an honest one would be: read "within noise" as "these runs cannot tell the two
 * apart", and a difference outside it as worth a second run rather than proven.
 *
 * @param difference new mean minus base mean
 * @param low lower end of the interval
 * @param high upper end; both infinite when a side has fewer than two figures
 * @param baseCount figures of the base side
 * @param newCount figures of the new side
 */
public record DifferenceInterval(double difference, double low, double high, int baseCount, int newCount) {
  public static final double CONFIDENCE = 0.95;

  /** The interval of {@code mean(after) - mean(before)}; NaN difference when a side is empty. */
  public static DifferenceInterval of(double[] before, double[] after) {
    if (before.length == 0 || after.length == 0) {
      return new DifferenceInterval(Double.NaN, Double.NaN, Double.NaN, before.length, after.length);
    }
    double difference = StatUtils.mean(after) - StatUtils.mean(before);
    if (before.length < 2 || after.length < 2) {
      return new DifferenceInterval(difference, Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY, before.length,
          after.length);
    }
    double vb = StatUtils.variance(before) / before.length;
    double va = StatUtils.variance(after) / after.length;
    double se = Math.sqrt(vb + va);
    if (se == 0) {
      return new DifferenceInterval(difference, difference, difference, before.length, after.length);
    }
    // Welch-Satterthwaite degrees of freedom.
    double df = (vb + va) * (vb + va)
        / (vb * vb / (before.length - 1) + va * va / (after.length - 1));
    double t = new TDistribution(df).inverseCumulativeProbability(0.5 + CONFIDENCE / 2);
    return new DifferenceInterval(difference, difference - t * se, difference + t * se, before.length, after.length);
  }

  /** Whether the interval holds 0: the runs cannot tell the two apart (also when it could not be computed). */
  public boolean withinNoise() {
    return !(low > 0 || high < 0);
  }

  /** Half the width of the interval (infinite with fewer than two figures a side). */
  public double halfWidth() {
    return (high - low) / 2;
  }
}
