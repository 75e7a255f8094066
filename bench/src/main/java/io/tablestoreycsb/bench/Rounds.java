package io.tablestoreycsb.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs two sides of a comparison in alternating rounds (A B, B A, A B ...) so that machine drift
 * (other processes, JIT, GC, a growing table) hits both sides alike. After warm-up pairs, it runs
 * at least {@link Plan#minRounds()} rounds, then more (up to {@link Plan#maxRounds()}) while the
 * deciding ratio's 95% interval still contains its goal's target.
 *
 * <p>A run in which any call failed (the SDK client's connection-lease race, a reset) is not
 * used: the round is run again, up to {@link #MAX_ATTEMPTS} times in all (if every attempt had a
 * failure, the last is kept and counted in {@link Comparison#keptWithFailures()}). Every failure
 * counts against the comparison's {@link ErrorBudget}, which ends it past its failure rate.
 */
public final class Rounds {
  /** One side: runs for a window of about {@code seconds} (after its own settle time) and reports it. */
  @FunctionalInterface
  public interface Side {
    SideRun run(double seconds) throws Exception;
  }

  /** Round counts and lengths; warm-up pairs of {@code warmupSeconds} each, at most {@code maxWarmupPairs}. */
  public record Plan(int minRounds, int maxRounds, double seconds, double warmupSeconds, int maxWarmupPairs) {
    public Plan {
      if (minRounds < 2 || maxRounds < minRounds) {
        throw new IllegalArgumentException("rounds: need 2 <= min <= max, got min " + minRounds + ", max " + maxRounds);
      }
      if (maxWarmupPairs < 1) {
        throw new IllegalArgumentException("warm-up pairs: need at least 1, got " + maxWarmupPairs);
      }
    }

    /** The same plan with other round counts. */
    public Plan rounds(int min, int max) {
      return new Plan(min, max, seconds, warmupSeconds, maxWarmupPairs);
    }
  }

  /** The ratio that decides when enough rounds ran, and its goal. */
  public record Decider(Metric metric, Ratio.Goal goal, double target) {}

  /** Attempts of one round (the first run and its reruns) before a round with failures is kept. */
  static final int MAX_ATTEMPTS = 4;
  /** Warm-up pairs stop once neither side moved more than this from the previous pair. */
  static final double STEADY_CHANGE = 0.10;
  /**
   * ... and the watched server's compiler threads used at most this many cores on both sides. A
   * fresh mock still compiling runs part of its code interpreted or at C1: its CPU per request
   * was 167, 120 and 94 us in the first three rounds after a 4-pair warm-up whose rates had
   * looked steady (server JIT 0.36 to 0.55 cores), 57 to 67 us once its compiler was quiet.
   */
  static final double QUIET_JIT_CORES = 0.05;

  private Rounds() {
  }

  public static Comparison compare(String name, String labelA, Side a, String labelB, Side b, Plan plan, Decider decider)
      throws Exception {
    return compare(name, labelA, a, labelB, b, null, null, plan, decider);
  }

  /**
   * As {@link #compare(String, String, Side, String, Side, Plan, Decider)}, with a reference side C
   * run in every warm-up and every round beside A and B, for a second ratio A/C measured in the
   * same rounds ({@link Comparison#againstReference}) at the cost of one more run a round rather
   * than a second comparison. Rounds run A B C, then C B A: A and B stay next to each other, and
   * a drift of the machine that is linear over a round hits all three alike (B in the middle, A
   * and C first and last in turn). When to stop is decided on A/B alone. {@code labelC} and
   * {@code c} are null for a comparison of two sides.
   */
  public static Comparison compare(String name, String labelA, Side a, String labelB, Side b, String labelC, Side c,
      Plan plan, Decider decider) throws Exception {
    ErrorBudget budget = new ErrorBudget(name);
    List<Side> warmed = c == null ? List.of(a, b) : List.of(a, b, c);
    int warmupPairs = warmUp(name, warmed, plan.warmupSeconds(), plan.maxWarmupPairs(), decider.metric(), budget);
    Comparison comparison = new Comparison(name, labelA, labelB, labelC, budget, warmupPairs);
    for (int r = 0; r < plan.maxRounds(); r++) {
      SideRun sa;
      SideRun sb;
      SideRun sc = null;
      int attempt = 0;
      while (true) {
        attempt++;
        if (r % 2 == 0) {
          sa = a.run(plan.seconds());
          sb = b.run(plan.seconds());
          if (c != null) {
            sc = c.run(plan.seconds());
          }
        } else {
          if (c != null) {
            sc = c.run(plan.seconds());
          }
          sb = b.run(plan.seconds());
          sa = a.run(plan.seconds());
        }
        budget.add(sa);
        budget.add(sb);
        if (sc != null) {
          budget.add(sc);
        }
        boolean cFailed = sc != null && sc.failed();
        if (!sa.failed() && !sb.failed() && !cFailed) {
          break;
        }
        String failure = sa.failed() ? sa.firstFailure() : sb.failed() ? sb.firstFailure() : sc.firstFailure();
        long failures = sa.failures() + sb.failures() + (sc == null ? 0 : sc.failures());
        if (attempt == MAX_ATTEMPTS) {
          System.err.printf(Locale.ROOT, "round %s %d: failed calls in %d attempts, keeping the last (%s)%n", name, r + 1,
              attempt, failure);
          comparison.keptWithFailures++;
          break;
        }
        System.err.printf(Locale.ROOT, "round %s %d: %d failed call(s), running the round again (%s)%n", name, r + 1,
            failures, failure);
        comparison.reruns++;
      }
      comparison.add(sa, sb, sc);
      System.err.println(comparison.roundLine(r, decider.metric()) + String.format(Locale.ROOT, " [rounds %d..%d]",
          plan.minRounds(), plan.maxRounds()));
      if (comparison.rounds() >= plan.minRounds()
          && comparison.estimate(decider.metric()).verdict(decider.goal(), decider.target()) != RatioInterval.Verdict.UNDECIDED) {
        break;
      }
    }
    return comparison;
  }

  /** Runs each side once, in order, counting its calls in {@code budget}. */
  private static List<SideRun> runEach(List<Side> sides, double seconds, ErrorBudget budget) throws Exception {
    List<SideRun> runs = new ArrayList<>();
    for (Side side : sides) {
      SideRun run = side.run(seconds);
      budget.add(run);
      runs.add(run);
    }
    return runs;
  }

  /** {@link #warmUp(String, List, double, int, Metric, ErrorBudget)} of two sides, A then B. */
  static int warmUp(String name, Side a, Side b, double seconds, int maxPairs, Metric metric, ErrorBudget budget)
      throws Exception {
    return warmUp(name, List.of(a, b), seconds, maxPairs, metric, budget);
  }

  /**
   * Runs warm-up pairs (each side once, in order: A then B, or A B C) until every side's rate and
   * deciding metric are steady, at most {@code maxPairs}. One fixed warm-up was not enough for the
   * first comparison of a fresh JVM: the JIT was still compiling the mock and the SDK, rates climbed
   * from 19 k to 57 k ops/s over the first rounds, and a round measured that early penalised
   * whichever side it ran first (ratios 0.65 and 1.42). The JIT's own CPU time is kept apart, but
   * code not yet compiled costs more per request: a watched server must also have a quiet compiler
   * ({@link #QUIET_JIT_CORES}). Returns the number of pairs run.
   */
  static int warmUp(String name, List<Side> sides, double seconds, int maxPairs, Metric metric, ErrorBudget budget)
      throws Exception {
    List<SideRun> previous = runEach(sides, seconds, budget);
    int pairs = 1;
    while (pairs < maxPairs) {
      List<SideRun> now = runEach(sides, seconds, budget);
      pairs++;
      boolean steady = true;
      for (int i = 0; i < sides.size(); i++) {
        steady &= !now.get(i).failed() && steady(previous.get(i), now.get(i), metric);
      }
      previous = now;
      if (steady) {
        break;
      }
    }
    StringBuilder rates = new StringBuilder();
    StringBuilder costs = new StringBuilder();
    for (SideRun run : previous) {
      rates.append(rates.length() == 0 ? "" : " / ").append(String.format(Locale.ROOT, "%.0f", run.rate()));
      costs.append(costs.length() == 0 ? "" : " / ").append(String.format(Locale.ROOT, "%.1f", metric.of(run)));
    }
    System.err.printf(Locale.ROOT, "warm-up %s: %d pairs, last %s per s, %s %s%n", name, pairs, rates, costs, metric.unit());
    return pairs;
  }

  private static boolean steady(SideRun before, SideRun now, Metric metric) {
    return close(before.rate(), now.rate()) && close(metric.of(before), metric.of(now)) && quietServerJit(now);
  }

  /** True when no server is watched or its compiler threads used at most {@link #QUIET_JIT_CORES}. */
  static boolean quietServerJit(SideRun sample) {
    return Double.isNaN(sample.serverJitSeconds()) || sample.serverJitSeconds() <= QUIET_JIT_CORES * sample.seconds();
  }

  private static boolean close(double before, double now) {
    return Math.abs(now - before) <= STEADY_CHANGE * before;
  }
}
