package io.tablestoreycsb.tunnelbench.report;

import java.util.Locale;

/** Number formats of the report: thousands separated, few decimals, "n/a" for what was not measured. */
final class Numbers {
  private Numbers() {}

  static String num(double v) {
    if (Double.isNaN(v)) {
      return "n/a";
    }
    if (Math.abs(v) >= 100) {
      return String.format(Locale.ROOT, "%,.0f", v);
    }
    if (Math.abs(v) >= 10) {
      return String.format(Locale.ROOT, "%.1f", v);
    }
    return String.format(Locale.ROOT, "%.2f", v);
  }

  /** Three decimals for small figures (memory in GB, CPU cores below 1). */
  static String fine(double v) {
    return Double.isNaN(v) ? "n/a" : Math.abs(v) >= 10 ? num(v) : String.format(Locale.ROOT, "%.3f", v);
  }

  static String csv(double v) {
    return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.4f", v);
  }
}
