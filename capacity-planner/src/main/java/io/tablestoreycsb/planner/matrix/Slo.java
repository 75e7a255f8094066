package io.tablestoreycsb.planner.matrix;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A latency objective, {@code p99 < 10ms}: the given percentile of the request latency stays below a
 * bound. Any percentile from p0.001 to p100 (the maximum); bounds in us, ms or s.
 *
 * @param percentile the percentile, e.g. 99 or 99.9
 * @param boundMs the latency the percentile must stay below, milliseconds
 */
public record Slo(double percentile, double boundMs) {
  private static final Pattern FORM = Pattern.compile(
      "p(\\d+(?:\\.\\d+)?)\\s*<\\s*(\\d+(?:\\.\\d+)?)\\s*(us|ms|s)", Pattern.CASE_INSENSITIVE);

  public Slo {
    if (!(percentile > 0 && percentile <= 100)) {
      throw new IllegalArgumentException("an SLO's percentile must be above 0 and at most 100, got " + percentile);
    }
    if (!(boundMs > 0) || Double.isInfinite(boundMs)) {
      throw new IllegalArgumentException("an SLO's bound must be a positive latency, got " + boundMs + " ms");
    }
  }

  /**
   * Parses {@code p99 < 10ms}, {@code p99.9<250ms}, {@code p50 < 800us}, {@code p100 < 2s}; the message of
   * the exception says what is wrong (callers add where).
   */
  public static Slo parse(String text) {
    Matcher m = FORM.matcher(text.strip());
    if (!m.matches()) {
      throw new IllegalArgumentException("SLO '" + text + "' must look like 'p99 < 10ms' (a percentile, '<', a"
          + " latency in us, ms or s)");
    }
    double value = Double.parseDouble(m.group(2));
    double ms = switch (m.group(3).toLowerCase(Locale.ROOT)) {
      case "us" -> value / 1000;
      case "s" -> value * 1000;
      default -> value;
    };
    return new Slo(Double.parseDouble(m.group(1)), ms);
  }

  /** True when a latency at this percentile meets the objective. */
  public boolean metBy(double latencyMs) {
    return latencyMs < boundMs;
  }

  /** "p99", "p99.9". */
  public String percentileName() {
    return "p" + trim(percentile);
  }

  /** As it is written: "p99 < 10ms". */
  @Override
  public String toString() {
    return percentileName() + " < " + (boundMs >= 1000 && boundMs % 1000 == 0 ? trim(boundMs / 1000) + "s"
        : boundMs < 1 ? trim(boundMs * 1000) + "us" : trim(boundMs) + "ms");
  }

  private static String trim(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : java.math.BigDecimal.valueOf(v).stripTrailingZeros()
        .toPlainString();
  }
}
