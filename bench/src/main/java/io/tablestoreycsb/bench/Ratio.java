package io.tablestoreycsb.bench;

import java.util.Locale;

/**
 * One benchmark verdict: a measured ratio, its goal ({@code >=} or {@code <=} a target) and the
 * line bench/run prints for people and scripts: {@code ratio NAME VALUE goal >=|<= TARGET PASS|FAIL}.
 */
public record Ratio(String name, double value, Goal goal, double target) {

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

  public boolean passes() {
    if (Double.isNaN(value)) {
      return false;
    }
    return goal == Goal.AT_LEAST ? value >= target : value <= target;
  }

  /** The ratio line, e.g. {@code ratio mock-cpu-share 0.310 goal <= 0.33 PASS}. */
  public String line() {
    return String.format(Locale.ROOT, "ratio %s %s goal %s %s %s",
        name, number(value), goal.symbol(), number(target), passes() ? "PASS" : "FAIL");
  }

  /** The same figures as one JSON object. */
  public String json() {
    return String.format(Locale.ROOT, "{\"name\":\"%s\",\"value\":%s,\"goal\":\"%s\",\"target\":%s,\"pass\":%s}",
        name, Double.isNaN(value) ? "null" : number(value), goal.symbol(), number(target), passes());
  }

  /** Three decimals below 10, one above (a ratio of 27.4 needs no more), never exponent notation. */
  static String number(double v) {
    if (Double.isNaN(v)) {
      return "NaN";
    }
    return String.format(Locale.ROOT, Math.abs(v) < 10 ? "%.3f" : "%.1f", v);
  }
}
