package io.tablestoreycsb.bench;

import java.util.Locale;

/**
 * One benchmark verdict: a measured ratio, its goal ({@code >=} or {@code <=} a target) and the
 * line bench/run prints for people and scripts: {@code ratio NAME VALUE goal >=|<= TARGET PASS|FAIL|UNDECIDED}.
 *
 * <p>A ratio measured over alternating rounds carries its {@link RatioInterval} (value and 95%
 * interval): its verdict is the interval's, UNDECIDED when the interval contains the target. A
 * ratio measured once (memory per row, peak RSS) has none and is PASS or FAIL by its value.
 */
public record Ratio(String name, double value, Goal goal, double target, RatioInterval estimate) {

  /** Direction of a goal. */
  public enum Goal {
    AT_LEAST(">="), AT_MOST("<=");

    private final String symbol;

    Goal(String symbol) {
      this.symbol = symbol;
    }

    public String symbol() {
      return symbol;
    }
  }

  public Ratio {
    if (name == null || name.isBlank() || name.chars().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException("ratio name must be one word, got '" + name + "'");
    }
  }

  /** A ratio measured once, without an interval. */
  public Ratio(String name, double value, Goal goal, double target) {
    this(name, value, goal, target, null);
  }

  /** A ratio from alternating rounds: its value is the estimate's. */
  public static Ratio of(String name, RatioInterval estimate, Goal goal, double target) {
    return new Ratio(name, estimate.value(), goal, target, estimate);
  }

  public RatioInterval.Verdict verdict() {
    if (Double.isNaN(value)) {
      return RatioInterval.Verdict.FAIL;
    }
    if (estimate != null) {
      return estimate.verdict(goal, target);
    }
    return (goal == Goal.AT_LEAST ? value >= target : value <= target) ? RatioInterval.Verdict.PASS : RatioInterval.Verdict.FAIL;
  }

  public boolean passes() {
    return verdict() == RatioInterval.Verdict.PASS;
  }

  /** The ratio line, e.g. {@code ratio mock-vs-floor-cpu 1.810 goal <= 2.000 PASS}. */
  public String line() {
    return String.format(Locale.ROOT, "ratio %s %s goal %s %s %s", name, number(value), goal.symbol(), number(target), verdict());
  }

  /** The interval as a detail line, or null for a ratio measured once. */
  public String intervalLine() {
    if (estimate == null) {
      return null;
    }
    return String.format(Locale.ROOT, "detail %s %s; t-interval over per-round log ratios", name, estimate);
  }

  /** The same figures as one JSON object (interval fields null for a ratio measured once). */
  public String json() {
    String interval = estimate == null ? "\"ci95Low\":null,\"ci95High\":null,\"rounds\":null"
        : String.format(Locale.ROOT, "\"ci95Low\":%s,\"ci95High\":%s,\"rounds\":%d", jsonNumber(estimate.low()),
            jsonNumber(estimate.high()), estimate.rounds());
    return String.format(Locale.ROOT, "{\"name\":\"%s\",\"value\":%s,\"goal\":\"%s\",\"target\":%s,%s,\"verdict\":\"%s\",\"pass\":%s}",
        name, jsonNumber(value), goal.symbol(), number(target), interval, verdict(), passes());
  }

  private static String jsonNumber(double v) {
    return Double.isNaN(v) || Double.isInfinite(v) ? "null" : String.format(Locale.ROOT, "%.6g", v);
  }

  /** Three decimals below 10, one above (a ratio of 27.4 needs no more), never exponent notation. */
  static String number(double v) {
    if (Double.isNaN(v)) {
      return "NaN";
    }
    return String.format(Locale.ROOT, Math.abs(v) < 10 ? "%.3f" : "%.1f", v);
  }
}
