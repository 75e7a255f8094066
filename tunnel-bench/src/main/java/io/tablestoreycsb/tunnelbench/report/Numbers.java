package io.tablestoreycsb.tunnelbench.report;

import io.tablestoreycsb.kit.report.Formats;
import java.util.Locale;

/** The tunnel report's own number formats, beside the planner's {@link Formats#num}. */
final class Numbers {
  private Numbers() {}

  /** Three decimals for small figures (memory in GB, CPU cores below 1). */
  static String fine(double v) {
    return Double.isNaN(v) ? "n/a" : Math.abs(v) >= 10 ? Formats.num(v) : String.format(Locale.ROOT, "%.3f", v);
  }

  static String csv(double v) {
    return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.4f", v);
  }
}
