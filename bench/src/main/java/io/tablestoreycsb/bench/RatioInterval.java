package io.tablestoreycsb.bench;

import io.tablestoreycsb.kit.stats.MeanInterval;
import java.util.List;
import java.util.Locale;

/**
 * A ratio estimated from the per-round ratios of alternating rounds, with a 95% confidence
 * interval: Student's t-interval over the logarithms of the per-round ratios, turned back into
 * ratios. The value is their geometric mean (the centre of that interval).
 *
 * <p>Why logarithms: a ratio is a quotient, so its noise is multiplicative (0.9 and 1/0.9 are
 * equally far from 1), and the interval of B/A is then exactly the inverse of the interval of
 * A/B. Why a t-interval rather than a bootstrap: with 5 to 12 rounds, the bootstrap's percentile
 * interval is too narrow (it cannot see beyond the few values it resamples); the t-interval
 * assumes roughly normal log ratios, which is what rounds disturbed by independent neighbours give.
 */
public record RatioInterval(double value, double low, double high, int rounds) {
  /** Two-sided confidence level of every interval this benchmark prints. */
  public static final double CONFIDENCE = 0.95;

  /** What an interval says about a goal. */
  public enum Verdict {
    /** The whole interval meets the goal. */
    PASS,
    /** The whole interval misses the goal. */
    FAIL,
    /** The interval contains the target: more (or quieter) rounds are needed to tell. */
    UNDECIDED
  }

  /** The estimate of per-round ratios, each finite and positive; fewer than 2 rounds give an unbounded interval. */
  public static RatioInterval of(List<Double> roundRatios) {
    int n = roundRatios.size();
    if (n == 0) {
      throw new IllegalArgumentException("no round ratios to estimate from");
    }
    double[] logs = new double[n];
    for (int i = 0; i < n; i++) {
      double r = roundRatios.get(i);
      if (!(r > 0) || Double.isInfinite(r)) {
        throw new IllegalArgumentException("round ratio " + (i + 1) + " is " + r + "; ratios must be finite and positive");
      }
      logs[i] = Math.log(r);
    }
    // One round: an unbounded interval, exp(-inf) = 0 to exp(+inf) = inf.
    MeanInterval log = MeanInterval.of(logs, CONFIDENCE);
    return new RatioInterval(Math.exp(log.mean()), Math.exp(log.low()), Math.exp(log.high()), n);
  }

  /**
   * PASS when the whole interval meets the goal ({@code >=} or {@code <=} target, the target
   * itself included), FAIL when the whole interval misses it, UNDECIDED when it straddles it.
   */
  public Verdict verdict(Ratio.Goal goal, double target) {
    if (goal == Ratio.Goal.AT_MOST) {
      return high <= target ? Verdict.PASS : low > target ? Verdict.FAIL : Verdict.UNDECIDED;
    }
    return low >= target ? Verdict.PASS : high < target ? Verdict.FAIL : Verdict.UNDECIDED;
  }

  /** Half the interval's width relative to the value: how precise the estimate is (0.03 = about ±3%). */
  public double relativeHalfWidth() {
    return (high - low) / 2 / value;
  }

  /** {@code 1.012 (95% CI 0.991..1.034, 6 rounds)}. */
  @Override
  public String toString() {
    return String.format(Locale.ROOT, "%s (95%% CI %s..%s, %d rounds)", Ratio.number(value), Ratio.number(low),
        Double.isInfinite(high) ? "inf" : Ratio.number(high), rounds);
  }
}
