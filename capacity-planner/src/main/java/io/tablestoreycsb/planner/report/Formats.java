package io.tablestoreycsb.planner.report;

import java.util.Locale;

/** Number formatting shared by the report writers. */
final class Formats {
  private Formats() {}

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

  static String ms(double v) {
    return String.format(Locale.ROOT, v >= 100 ? "%.0f" : v >= 10 ? "%.1f" : "%.2f", v);
  }

  static String percent(double ratio) {
    return String.format(Locale.ROOT, "%.0f%%", ratio * 100);
  }

  /** File-name-safe form of a label. */
  static String slug(String s) {
    return s.replaceAll("[^A-Za-z0-9_.-]+", "_");
  }
}
