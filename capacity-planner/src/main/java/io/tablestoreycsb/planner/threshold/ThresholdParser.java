package io.tablestoreycsb.planner.threshold;

import io.tablestoreycsb.binding.config.Suggestions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a threshold as {@code --fail-if} and a matrix's {@code fail-if} give it:
 *
 * <pre>
 * threshold := scope* measure ('<' | '>') value
 * scope     := CASE | p=N | partitions=N | threads=N | instance=NAME
 * measure   := slo | pNN | max | slo regression | pNN regression
 * </pre>
 *
 * {@code slo < 10000} (rows/s; {@code 10k}, {@code 1.5M} and {@code 10,000} too), {@code p99 > 10ms} (us, ms or s),
 * {@code slo regression > 10%}. A mistake is an {@link IllegalArgumentException} that says what is wrong and, for a
 * misspelled word, the word most likely meant.
 */
public final class ThresholdParser {
  private static final Pattern PERCENTILE = Pattern.compile("p(\\d+(?:\\.\\d+)?)", Pattern.CASE_INSENSITIVE);
  private static final Pattern RATE = Pattern.compile("(\\d[\\d,_]*(?:\\.\\d+)?)\\s*([km])?\\s*(?:rows/s)?",
      Pattern.CASE_INSENSITIVE);
  private static final Pattern DURATION = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*([a-z]*)", Pattern.CASE_INSENSITIVE);
  private static final Pattern PERCENT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(%?)");
  private static final Pattern CASE_NAME = Pattern.compile("[A-Za-z0-9_.-]+");
  private static final List<String> WORDS = List.of("slo", "regression", "max", "p50", "p90", "p95", "p99", "p99.9");
  private static final List<String> SCOPE_KEYS = List.of("p", "partitions", "threads", "instance");
  private static final List<String> UNITS = List.of("us", "ms", "s");
  private static final String EXAMPLES = "e.g. 'slo < 10000', 'p99 > 10ms', 'random-read p=16 slo < 10000', "
      + "'slo regression > 10%'";

  private ThresholdParser() {}

  /** Parses several thresholds separated by ';' (a matrix file's {@code fail-if}). */
  public static List<Threshold> parseList(String text) {
    List<Threshold> all = new ArrayList<>();
    for (String part : text.split(";")) {
      if (!part.isBlank()) {
        all.add(parse(part));
      }
    }
    if (all.isEmpty()) {
      throw new IllegalArgumentException("no threshold in '" + text + "' (" + EXAMPLES + ")");
    }
    return all;
  }

  /** Parses one threshold. */
  public static Threshold parse(String text) {
    String spaced = text.replaceAll("([<>]=?)", " $1 ").strip();
    if (spaced.isEmpty()) {
      throw problem(text, "is empty (" + EXAMPLES + ")");
    }
    List<String> tokens = Arrays.asList(spaced.split("\\s+"));
    List<Integer> ops = new ArrayList<>();
    for (int i = 0; i < tokens.size(); i++) {
      String t = tokens.get(i);
      if (t.equals("<=") || t.equals(">=") || t.equals("=<") || t.equals("=>")) {
        throw problem(text, "'" + t + "': compare with '<' or '>'");
      }
      if (t.equals("<") || t.equals(">")) {
        ops.add(i);
      }
    }
    if (ops.size() != 1) {
      throw problem(text, "needs one comparison, '<' or '>' (" + EXAMPLES + ")");
    }
    int op = ops.get(0);
    boolean below = tokens.get(op).equals("<");
    List<String> left = tokens.subList(0, op);
    String value = String.join("", tokens.subList(op + 1, tokens.size()));
    if (left.isEmpty()) {
      throw problem(text, "needs a measure before '" + tokens.get(op) + "' (" + EXAMPLES + ")");
    }
    if (value.isEmpty()) {
      throw problem(text, "needs a value after '" + tokens.get(op) + "'");
    }
    boolean regression = left.get(left.size() - 1).equalsIgnoreCase("regression");
    int measureAt = left.size() - (regression ? 2 : 1);
    if (measureAt < 0) {
      throw problem(text, "'regression' of what? 'slo regression > 10%' or 'p99 regression > 20%'");
    }
    String measure = left.get(measureAt).toLowerCase(Locale.ROOT);
    double percentile = percentile(text, measure);
    Scope scope = scope(text, left.subList(0, measureAt));
    if (regression) {
      if (below) {
        throw problem(text, "a regression limit is a growth that fails the check: use '>', e.g. '"
            + measure + " regression > 10%'");
      }
      double fraction = percent(text, value);
      return Double.isNaN(percentile) ? new Threshold.SloRegression(scope, fraction)
          : new Threshold.LatencyRegression(scope, percentile, fraction);
    }
    if (Double.isNaN(percentile)) {
      if (!below) {
        throw problem(text, "the SLO answer fails when it is too low: use 'slo < N' (rows/s)");
      }
      if (scope.threads() != null) {
        throw problem(text, "the SLO answer is one per case and partition count: 'threads=' applies to latency "
            + "thresholds such as 'p99 > 10ms'");
      }
      return new Threshold.SloBelow(scope, rate(text, value));
    }
    if (below) {
      throw problem(text, "a latency fails when it is too high: use '" + measure + " > DURATION', e.g. '"
          + measure + " > 10ms'");
    }
    return new Threshold.LatencyAbove(scope, percentile, duration(text, value));
  }

  /** The percentile of {@code pNN} or {@code max}; NaN for {@code slo}. */
  private static double percentile(String text, String measure) {
    if (measure.equals("slo")) {
      return Double.NaN;
    }
    if (measure.equals("max")) {
      return 100;
    }
    Matcher m = PERCENTILE.matcher(measure);
    if (m.matches()) {
      double p = Double.parseDouble(m.group(1));
      if (p > 0 && p <= 100) {
        return p;
      }
      throw problem(text, "'" + measure + "': a percentile is above 0 and at most 100");
    }
    throw problem(text, unknown(measure, WORDS) + " a threshold's measure is slo, a percentile such as p99 or "
        + "p99.9, or max (" + EXAMPLES + ")");
  }

  private static Scope scope(String text, List<String> tokens) {
    String instance = null;
    String caseName = null;
    Integer partitions = null;
    Integer threads = null;
    for (String t : tokens) {
      int eq = t.indexOf('=');
      if (eq < 0) {
        if (WORDS.contains(t.toLowerCase(Locale.ROOT)) || PERCENTILE.matcher(t).matches()) {
          throw problem(text, "'" + t + "' where a case or p=N was expected: a threshold has one measure ("
              + EXAMPLES + ")");
        }
        if (!CASE_NAME.matcher(t).matches()) {
          throw problem(text, "'" + t + "' is not a case name (letters, digits, '-', '_', '.')");
        }
        if (caseName != null) {
          throw problem(text, "two cases, '" + caseName + "' and '" + t + "': one threshold judges one case "
              + "(or every case without one); give each its own threshold");
        }
        caseName = t;
        continue;
      }
      String key = t.substring(0, eq).toLowerCase(Locale.ROOT);
      String v = t.substring(eq + 1);
      switch (key) {
        case "p", "partitions" -> partitions = positive(text, t, v);
        case "threads" -> threads = positive(text, t, v);
        case "instance" -> {
          if (!CASE_NAME.matcher(v).matches()) {
            throw problem(text, "'" + t + "': an instance type label is letters, digits, '-', '_' or '.'");
          }
          instance = v;
        }
        default -> throw problem(text, unknown(key, SCOPE_KEYS) + " a scope is a case name, p=N (partitions), "
            + "threads=N or instance=NAME");
      }
    }
    return new Scope(instance, caseName, partitions, threads);
  }

  private static int positive(String text, String token, String v) {
    try {
      int n = Integer.parseInt(v);
      if (n > 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // said below
    }
    throw problem(text, "'" + token + "': expected a positive whole number after '='");
  }

  private static double rate(String text, String v) {
    Matcher m = RATE.matcher(v);
    if (!m.matches()) {
      throw problem(text, "'" + v + "': an SLO answer is a rate in rows/s, e.g. 'slo < 10000' or 'slo < 10k'");
    }
    double n = Double.parseDouble(m.group(1).replace(",", "").replace("_", ""));
    String scale = m.group(2) == null ? "" : m.group(2);
    return n * (scale.equals("k") || scale.equals("K") ? 1e3 : scale.equalsIgnoreCase("m") ? 1e6 : 1);
  }

  private static double duration(String text, String v) {
    Matcher m = DURATION.matcher(v);
    if (!m.matches()) {
      throw problem(text, "'" + v + "': a latency is a number and a unit, us, ms or s (e.g. 10ms)");
    }
    String unit = m.group(2).toLowerCase(Locale.ROOT);
    double n = Double.parseDouble(m.group(1));
    double ms = switch (unit) {
      case "us" -> n / 1000;
      case "ms" -> n;
      case "s" -> n * 1000;
      case "" -> throw problem(text, "'" + v + "' needs a unit: us, ms or s (e.g. " + v + "ms)");
      default -> throw problem(text, unknown(unit, UNITS) + " a latency's unit is us, ms or s");
    };
    if (!(ms > 0)) {
      throw problem(text, "'" + v + "': a latency bound is above 0");
    }
    return ms;
  }

  private static double percent(String text, String v) {
    Matcher m = PERCENT.matcher(v);
    if (!m.matches() || m.group(2).isEmpty()) {
      throw problem(text, "'" + v + "': a regression limit is a percentage, e.g. '10%'");
    }
    double fraction = Double.parseDouble(m.group(1)) / 100;
    if (!(fraction > 0)) {
      throw problem(text, "'" + v + "': a regression limit is above 0%");
    }
    return fraction;
  }

  /** "unknown word 'sol'; did you mean 'slo'?" or "unknown word 'x';". */
  private static String unknown(String word, List<String> known) {
    Optional<String> meant = Suggestions.likelyMeant(word, known);
    return "unknown word '" + word + "'" + meant.map(m -> "; did you mean '" + m + "'?").orElse(";");
  }

  private static IllegalArgumentException problem(String text, String what) {
    return new IllegalArgumentException("threshold '" + text.strip() + "': " + what);
  }
}
