package io.tablestoreycsb.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs two sides of a comparison in alternating rounds (A B, B A, A B ...) so that machine drift
 * (other processes, JIT, GC, a growing table) hits both sides alike, and reports the median of the
 * per-round ratios A/B.
 */
public final class Rounds {
  /** One side: runs for about {@code seconds} and returns its rate (per second). */
  @FunctionalInterface
  public interface Side {
    double run(double seconds) throws Exception;
  }

  private Rounds() {
  }

  public static Result compare(String name, Side a, Side b, int rounds, double seconds, double warmupSeconds)
      throws Exception {
    warmUp(name, a, b, warmupSeconds);
    List<Double> ratios = new ArrayList<>();
    List<Double> ratesA = new ArrayList<>();
    List<Double> ratesB = new ArrayList<>();
    for (int r = 0; r < rounds; r++) {
      double ra;
      double rb;
      if (r % 2 == 0) {
        ra = a.run(seconds);
        rb = b.run(seconds);
      } else {
        rb = b.run(seconds);
        ra = a.run(seconds);
      }
      ratesA.add(ra);
      ratesB.add(rb);
      ratios.add(ra / rb);
      System.err.printf(Locale.ROOT, "round %s %d: %.0f / %.0f per s = %.3f%n", name, r + 1, ra, rb, ra / rb);
    }
    Result result = new Result(Stats.median(ratios), Stats.median(ratesA), Stats.median(ratesB), Stats.spread(ratios));
    System.out.printf(Locale.ROOT, "detail %s median-a=%.0f/s median-b=%.0f/s rounds=%d ratio-spread=%.3f%n",
        name, result.medianA(), result.medianB(), rounds, result.ratioSpread());
    return result;
  }

  /** Warm-up pairs stop once neither side's rate moved more than this from the previous pair. */
  static final double STEADY_CHANGE = 0.10;
  static final int MAX_WARMUP_PAIRS = 6;

  /**
   * Runs warm-up pairs (A then B) until both rates are steady, at most {@link #MAX_WARMUP_PAIRS}.
   * One fixed warm-up was not enough for the first comparison of a fresh JVM: the JIT was still
   * compiling the mock and the SDK, rates climbed from 19 k to 57 k ops/s over the first rounds, and
   * a round measured that early penalised whichever side it ran first (ratios 0.65 and 1.42).
   * Returns the number of pairs run.
   */
  static int warmUp(String name, Side a, Side b, double seconds) throws Exception {
    double previousA = a.run(seconds);
    double previousB = b.run(seconds);
    int pairs = 1;
    while (pairs < MAX_WARMUP_PAIRS) {
      double ra = a.run(seconds);
      double rb = b.run(seconds);
      pairs++;
      boolean steady = Math.abs(ra - previousA) <= STEADY_CHANGE * previousA && Math.abs(rb - previousB) <= STEADY_CHANGE * previousB;
      previousA = ra;
      previousB = rb;
      if (steady) {
        break;
      }
    }
    System.err.printf(Locale.ROOT, "warm-up %s: %d pairs, last %.0f / %.0f per s%n", name, pairs, previousA, previousB);
    return pairs;
  }

  /** Median ratio, median rates of each side, and (max-min)/median of the ratios (the noise). */
  public record Result(double ratio, double medianA, double medianB, double ratioSpread) {}
}
