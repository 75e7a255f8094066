package io.tablestoreycsb.kit.stats;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;

/**
 * The mean of a sample with its two-sided confidence interval, Student's t over the sample: what every
 * "is this figure settled?" question here asks (the planner's steady-state rule over a cell's
 * intervals, bench's ratio of alternating rounds over their logarithms).
 *
 * @param mean the sample's mean
 * @param halfWidth the interval is {@code mean} plus or minus this; infinite for fewer than 2 values
 *     (one value says nothing of the spread)
 * @param n values in the sample
 */
public record MeanInterval(double mean, double halfWidth, int n) {

  /** The interval at {@code confidence} (e.g. 0.95) of the mean of {@code values} (at least one). */
  public static MeanInterval of(double[] values, double confidence) {
    if (values.length == 0) {
      throw new IllegalArgumentException("no values to estimate a mean from");
    }
    if (!(confidence > 0 && confidence < 1)) {
      throw new IllegalArgumentException("a confidence level is above 0 and below 1, got " + confidence);
    }
    double mean = StatUtils.mean(values);
    int n = values.length;
    if (n == 1) {
      return new MeanInterval(mean, Double.POSITIVE_INFINITY, 1);
    }
    double standardError = Math.sqrt(StatUtils.variance(values, mean) / n);
    return new MeanInterval(mean, tQuantile(confidence, n - 1) * standardError, n);
  }

  /** The two-sided quantile of Student's t: {@code P(|T| <= t) = confidence}. */
  public static double tQuantile(double confidence, int degreesOfFreedom) {
    return new TDistribution(degreesOfFreedom).inverseCumulativeProbability(0.5 + confidence / 2);
  }

  public double low() {
    return mean - halfWidth;
  }

  public double high() {
    return mean + halfWidth;
  }
}
