package io.tablestoreycsb.planner.threshold;

import java.math.BigDecimal;

/**
 * A limit a plan's results must keep, else the command exits with {@link #EXIT_BREACHED}: the grammar
 * ({@link ThresholdParser}) is documented in docs/compare-and-gate.md. Every kind has a {@link Scope}; its
 * {@link #toString()} is the threshold as written, in its canonical form.
 */
public sealed interface Threshold {
  /** The exit status of a command whose thresholds were breached (0 done, 1 failed, 2 usage are taken). */
  int EXIT_BREACHED = 3;

  Scope scope();

  /** Whether it compares two plans (only {@code capacity-plan diff} can judge it). */
  default boolean needsBaseline() {
    return false;
  }

  /**
   * {@code slo < N}: the SLO answer (the highest rows/s of a cell that met the objective; none counts as 0) of
   * every case and partition count in scope is at least N rows/s.
   */
  record SloBelow(Scope scope, double rowsPerSecond) implements Threshold {
    @Override
    public String toString() {
      return prefix(scope) + "slo < " + number(rowsPerSecond);
    }
  }

  /** {@code p99 > 10ms}: no cell in scope has its request latency at that percentile above the bound. */
  record LatencyAbove(Scope scope, double percentile, double boundMs) implements Threshold {
    @Override
    public String toString() {
      return prefix(scope) + percentileName(percentile) + " > " + duration(boundMs);
    }
  }

  /**
   * {@code slo regression > 10%} (diff only): no case and partition count in scope has a new SLO answer more
   * than that share below the base plan's.
   */
  record SloRegression(Scope scope, double fraction) implements Threshold {
    @Override
    public boolean needsBaseline() {
      return true;
    }

    @Override
    public String toString() {
      return prefix(scope) + "slo regression > " + number(fraction * 100) + "%";
    }
  }

  /**
   * {@code p99 regression > 20%} (diff only): no cell in both plans has its latency at that percentile grown by
   * more than that share.
   */
  record LatencyRegression(Scope scope, double percentile, double fraction) implements Threshold {
    @Override
    public boolean needsBaseline() {
      return true;
    }

    @Override
    public String toString() {
      return prefix(scope) + percentileName(percentile) + " regression > " + number(fraction * 100) + "%";
    }
  }

  /** "p99", "p99.9", "p100". */
  static String percentileName(double percentile) {
    return "p" + number(percentile);
  }

  private static String prefix(Scope scope) {
    return scope.isAll() ? "" : scope + " ";
  }

  private static String number(double v) {
    return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v)
        : BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
  }

  private static String duration(double ms) {
    return ms >= 1000 && ms % 1000 == 0 ? number(ms / 1000) + "s" : ms < 1 ? number(ms * 1000) + "us"
        : number(ms) + "ms";
  }
}
