package io.tablestoreycsb.kit.report;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/** How every report here writes numbers, instants and file names (the planner's and tunnel-bench's). */
public final class Formats {
  private Formats() {}

  /** Thousands separated from 100, one decimal from 10, two below; "n/a" for NaN. */
  public static String num(double v) {
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

  /** UTC time of day of an instant (the report's header gives the date); "n/a" when not recorded. */
  public static String timeOfDay(long epochMs) {
    return epochMs <= 0 ? "n/a" : TIME_OF_DAY.format(Instant.ofEpochMilli(epochMs));
  }

  private static final DateTimeFormatter TIME_OF_DAY = DateTimeFormatter.ofPattern("HH:mm:ss.S", Locale.ROOT)
      .withZone(ZoneOffset.UTC);

  /** ISO-8601 UTC instant for the CSV and JSON; "" when not recorded. */
  public static String isoInstant(long epochMs) {
    return epochMs <= 0 ? "" : Instant.ofEpochMilli(epochMs).toString();
  }

  /** Milliseconds with the precision a latency table reads well at: 123, 12.3, 1.23. */
  public static String ms(double v) {
    return String.format(Locale.ROOT, v >= 100 ? "%.0f" : v >= 10 ? "%.1f" : "%.2f", v);
  }

  /** A ratio as a whole percentage: 0.256 is "26%". */
  public static String percent(double ratio) {
    return String.format(Locale.ROOT, "%.0f%%", ratio * 100);
  }

  /** File-name-safe form of a label. */
  public static String slug(String s) {
    return s.replaceAll("[^A-Za-z0-9_.-]+", "_");
  }

  /** A duration as the plan's progress says it: "45s", "2m10s", "1h02m03s". */
  public static String clock(double seconds) {
    long s = Math.round(seconds);
    return s >= 3600 ? String.format(Locale.ROOT, "%dh%02dm%02ds", s / 3600, s / 60 % 60, s % 60)
        : s >= 60 ? String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60) : s + "s";
  }
}
