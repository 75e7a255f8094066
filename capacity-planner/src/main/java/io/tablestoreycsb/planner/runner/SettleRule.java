package io.tablestoreycsb.planner.runner;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.OptionalInt;

/**
 * When a runner's JIT compilation has settled: its compile time ({@link CompileClock}) over the last
 * {@link #settleIntervals} intervals of {@link #intervalMs} stayed at or under {@link #maxCompileShare} of one
 * processor, after at least {@link #minIntervals}. Fed one interval at a time ({@link #add}); the same rule
 * judges a recorded sequence ({@link #settledAfter}).
 *
 * <p>Why these figures (2026-11-28, a fresh {@code bin/ycsb load} of random-write at 8 threads against the mock
 * at 1,000 rows/s, a 2-core machine at load 10 to 24, compiler threads' CPU per second): 190 to 680 ms in each
 * of its first 10 s, 60 to 190 ms until 20 s, then 0 to 20 ms with single seconds of 70 ms. A share of 5% (50 ms
 * a second) lies between the two regimes; over one second (4 x 250 ms) a single 70 ms compilation in a settled
 * JVM holds the warm-up up by one window at most, while the first 20 s never pass.
 *
 * @param intervalMs how often the compile time is read
 * @param settleIntervals how many consecutive intervals must stay at or under the share
 * @param minIntervals the fewest intervals a warm-up takes (its requests must have begun to run)
 * @param maxCompileShare compile seconds per second of the settle window at which compiling counts as settled
 */
public record SettleRule(long intervalMs, int settleIntervals, int minIntervals, double maxCompileShare) {
  /** The rule runners use. */
  public static final SettleRule STANDARD = new SettleRule(250, 4, 4, 0.05);

  public SettleRule {
    if (intervalMs <= 0 || settleIntervals <= 0 || minIntervals < settleIntervals || !(maxCompileShare > 0)) {
      throw new IllegalArgumentException("a settle rule needs a positive interval, settle intervals, at least as"
          + " many minimum intervals and a positive share: " + intervalMs + ", " + settleIntervals + ", "
          + minIntervals + ", " + maxCompileShare);
    }
  }

  /** One warm-up's intervals so far. */
  public Watch watch() {
    return new Watch();
  }

  /**
   * The interval (1-based count of intervals) after which {@code compileSecondsPerInterval} had settled, or
   * empty when it never did.
   */
  public OptionalInt settledAfter(List<Double> compileSecondsPerInterval) {
    Watch watch = watch();
    for (int i = 0; i < compileSecondsPerInterval.size(); i++) {
      if (watch.add(compileSecondsPerInterval.get(i))) {
        return OptionalInt.of(i + 1);
      }
    }
    return OptionalInt.empty();
  }

  /** The intervals of one warm-up, fed one at a time. */
  public final class Watch {
    private final Deque<Double> last = new ArrayDeque<>();
    private int intervals;
    private double sum;

    private Watch() {}

    /**
     * Adds one interval's compile seconds (a negative or NaN difference counts as none: a compiler thread
     * ended) and says whether compiling has settled.
     */
    public boolean add(double compileSeconds) {
      double seconds = compileSeconds > 0 ? compileSeconds : 0;
      intervals++;
      last.addLast(seconds);
      sum += seconds;
      if (last.size() > settleIntervals) {
        sum -= last.removeFirst();
      }
      return settled();
    }

    /** Whether the last intervals were quiet enough, and enough of them have passed. */
    public boolean settled() {
      return intervals >= minIntervals && last.size() == settleIntervals
          && sum <= maxCompileShare * settleIntervals * intervalMs / 1000.0 + 1e-9;
    }

    /** Compile seconds per second over the last intervals, 0 before the first. */
    public double recentShare() {
      return last.isEmpty() ? 0 : sum / (last.size() * intervalMs / 1000.0);
    }
  }
}
