package io.tablestoreycsb.tunnelbench.report;

import java.util.Locale;

/**
 * One speed goal measured side by side in one run, printed as bench/run prints its ratios:
 * {@code ratio NAME VALUE goal >=|<= TARGET PASS|FAIL}.
 *
 * @param name one word
 * @param value what was measured (NaN: could not be measured here, which fails)
 * @param atMost true for a {@code <=} goal, false for {@code >=}
 * @param target the goal
 * @param meaning one line on what was compared
 */
public record SpeedGoal(String name, double value, boolean atMost, double target, String meaning) {
  public SpeedGoal {
    if (name == null || name.isBlank() || name.chars().anyMatch(Character::isWhitespace)) {
      throw new IllegalArgumentException("a goal's name must be one word, got '" + name + "'");
    }
  }

  public boolean passes() {
    return !Double.isNaN(value) && (atMost ? value <= target : value >= target);
  }

  public String line() {
    return String.format(Locale.ROOT, "ratio %s %s goal %s %s %s", name, number(value), atMost ? "<=" : ">=",
        number(target), passes() ? "PASS" : "FAIL");
  }

  /** Three decimals below 10, one above, never exponent notation (as bench/run). */
  static String number(double v) {
    if (Double.isNaN(v)) {
      return "NaN";
    }
    return String.format(Locale.ROOT, Math.abs(v) < 10 ? "%.3f" : "%.1f", v);
  }
}
