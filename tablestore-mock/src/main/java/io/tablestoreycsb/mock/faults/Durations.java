package io.tablestoreycsb.mock.faults;

import java.math.BigDecimal;
import java.util.Locale;

/** Parses and prints the durations of latency specs: a decimal number and a unit ns, us, ms or s. */
public final class Durations {

  private Durations() {
  }

  /**
   * Parses e.g. {@code 2ms}, {@code 1.5ms}, {@code 500us}, {@code 0} (zero needs no unit).
   *
   * @throws IllegalArgumentException naming {@code text} and the accepted form
   */
  public static long parseNanos(String text, String spec) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    if (t.equals("0")) {
      return 0;
    }
    long unitNanos;
    String number;
    if (t.endsWith("ns")) {
      unitNanos = 1;
      number = t.substring(0, t.length() - 2);
    } else if (t.endsWith("us")) {
      unitNanos = 1_000;
      number = t.substring(0, t.length() - 2);
    } else if (t.endsWith("ms")) {
      unitNanos = 1_000_000;
      number = t.substring(0, t.length() - 2);
    } else if (t.endsWith("s")) {
      unitNanos = 1_000_000_000;
      number = t.substring(0, t.length() - 1);
    } else {
      throw badDuration(text, spec, "missing unit");
    }
    BigDecimal value;
    try {
      value = new BigDecimal(number.trim());
    } catch (NumberFormatException e) {
      throw badDuration(text, spec, "not a number");
    }
    if (value.signum() < 0) {
      throw badDuration(text, spec, "negative");
    }
    // An hour is far beyond any client timeout: a larger value is a typo, not a test.
    BigDecimal nanos = value.multiply(BigDecimal.valueOf(unitNanos));
    if (nanos.compareTo(BigDecimal.valueOf(3_600_000_000_000L)) > 0) {
      throw badDuration(text, spec, "longer than 1 hour");
    }
    return nanos.longValue();
  }

  private static IllegalArgumentException badDuration(String text, String spec, String why) {
    return new IllegalArgumentException("bad duration '" + text.trim() + "' in '" + spec + "' ("
        + why + "); expected a non-negative number with a unit ns, us, ms or s, e.g. 2ms or 1.5ms");
  }

  /** Prints nanoseconds in the largest unit that keeps the value exact, e.g. {@code 2ms}. */
  public static String format(long nanos) {
    if (nanos == 0) {
      return "0";
    }
    if (nanos % 1_000_000_000L == 0) {
      return nanos / 1_000_000_000L + "s";
    }
    if (nanos % 1_000_000L == 0) {
      return nanos / 1_000_000L + "ms";
    }
    if (nanos % 1_000L == 0) {
      return nanos / 1_000L + "us";
    }
    return nanos + "ns";
  }
}
