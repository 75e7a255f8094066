package io.tablestoreycsb.mock.faults;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;

/**
 * One parsed latency rule: how long responses to an action are delayed.
 *
 * <p>Syntax: {@code ACTION=TERM[+TERM...]}; the delay is the sum of the terms, each drawn
 * independently per request:
 * <ul>
 *   <li>{@code 2ms}: fixed;</li>
 *   <li>{@code uniform(1ms,5ms)}: uniform between the two bounds;</li>
 *   <li>{@code exp(2ms)}: exponential with that mean (a long tail);</li>
 *   <li>{@code spike(50ms@0.01)}: that much extra with that probability (also {@code @1%}).</li>
 * </ul>
 * Durations take a unit ns, us, ms or s; decimals are allowed ({@code 1.5ms}). Examples:
 * {@code GetRow=2ms}, {@code *=uniform(1ms,3ms)}, {@code PutRow=2ms+spike(100ms@0.001)}.
 *
 * @param action a canonical action name or {@link Actions#ANY}
 * @param terms the parts summed per request
 */
public record LatencyRule(String action, List<Term> terms) {

  public LatencyRule {
    terms = List.copyOf(terms);
  }

  /** One part of a latency: draws a non-negative number of nanoseconds. */
  public sealed interface Term {
    long sampleNanos(RandomGenerator random);
  }

  /** Always the same delay. */
  public record Fixed(long nanos) implements Term {
    @Override
    public long sampleNanos(RandomGenerator random) {
      return nanos;
    }

    @Override
    public String toString() {
      return Durations.format(nanos);
    }
  }

  /** Uniform in [min, max]. */
  public record Uniform(long minNanos, long maxNanos) implements Term {
    @Override
    public long sampleNanos(RandomGenerator random) {
      return minNanos == maxNanos ? minNanos : random.nextLong(minNanos, maxNanos + 1);
    }

    @Override
    public String toString() {
      return "uniform(" + Durations.format(minNanos) + "," + Durations.format(maxNanos) + ")";
    }
  }

  /** Exponential with the given mean. */
  public record Exponential(long meanNanos) implements Term {
    @Override
    public long sampleNanos(RandomGenerator random) {
      // 1 - nextDouble() is in (0, 1], so the logarithm is finite.
      return (long) (-meanNanos * Math.log(1.0 - random.nextDouble()));
    }

    @Override
    public String toString() {
      return "exp(" + Durations.format(meanNanos) + ")";
    }
  }

  /** An extra delay with a probability: occasional stalls on top of a base latency. */
  public record Spike(long nanos, double rate) implements Term {
    @Override
    public long sampleNanos(RandomGenerator random) {
      return random.nextDouble() < rate ? nanos : 0;
    }

    @Override
    public String toString() {
      return "spike(" + Durations.format(nanos) + "@" + Rates.format(rate) + ")";
    }
  }

  /** Parses one rule; see the class comment for the syntax. */
  public static LatencyRule parse(String spec) {
    if (spec == null || spec.isBlank()) {
      throw new IllegalArgumentException(
          "empty latency spec; expected ACTION=LATENCY, e.g. GetRow=2ms or GetRow=uniform(1ms,5ms)");
    }
    int eq = spec.indexOf('=');
    if (eq < 0) {
      throw new IllegalArgumentException("latency spec '" + spec
          + "' has no '='; expected ACTION=LATENCY, e.g. GetRow=2ms or GetRow=uniform(1ms,5ms)");
    }
    String action = Actions.canonical(spec.substring(0, eq), spec);
    String body = spec.substring(eq + 1).trim();
    if (body.isEmpty()) {
      throw new IllegalArgumentException("latency spec '" + spec + "' has no latency after '='");
    }
    List<Term> terms = new ArrayList<>();
    for (String part : body.split("\\+", -1)) {
      terms.add(parseTerm(part.trim(), spec));
    }
    return new LatencyRule(action, terms);
  }

  private static Term parseTerm(String text, String spec) {
    String lower = text.toLowerCase(Locale.ROOT);
    if (text.isEmpty()) {
      throw new IllegalArgumentException("empty term in latency '" + spec
          + "'; terms are joined by '+', e.g. 2ms+spike(50ms@0.01)");
    }
    if (lower.startsWith("uniform(")) {
      String[] bounds = arguments(text, "uniform", spec).split(",", -1);
      if (bounds.length != 2) {
        throw new IllegalArgumentException("'" + text + "' in '" + spec
            + "' needs two bounds, e.g. uniform(1ms,5ms)");
      }
      long min = Durations.parseNanos(bounds[0], spec);
      long max = Durations.parseNanos(bounds[1], spec);
      if (min > max) {
        throw new IllegalArgumentException("'" + text + "' in '" + spec
            + "': the lower bound is greater than the upper bound");
      }
      return new Uniform(min, max);
    }
    if (lower.startsWith("exp(")) {
      return new Exponential(Durations.parseNanos(arguments(text, "exp", spec), spec));
    }
    if (lower.startsWith("spike(")) {
      String args = arguments(text, "spike", spec);
      int at = args.indexOf('@');
      if (at < 0) {
        throw new IllegalArgumentException("'" + text + "' in '" + spec
            + "' needs a rate, e.g. spike(50ms@0.01)");
      }
      return new Spike(Durations.parseNanos(args.substring(0, at), spec),
          Rates.parse(args.substring(at + 1), spec));
    }
    if (lower.indexOf('(') >= 0) {
      throw new IllegalArgumentException("unknown latency function in '" + text + "' of '" + spec
          + "'; valid forms: DURATION, uniform(MIN,MAX), exp(MEAN), spike(DURATION@RATE)");
    }
    return new Fixed(Durations.parseNanos(text, spec));
  }

  private static String arguments(String text, String function, String spec) {
    if (!text.endsWith(")")) {
      throw new IllegalArgumentException("'" + text + "' in '" + spec + "' is missing ')'");
    }
    return text.substring(function.length() + 1, text.length() - 1);
  }

  /** Draws this request's delay: the sum of the terms. */
  public long sampleNanos(RandomGenerator random) {
    long total = 0;
    for (Term term : terms) {
      total += term.sampleNanos(random);
    }
    return total;
  }

  @Override
  public String toString() {
    return action + "=" + terms.stream().map(Term::toString).collect(Collectors.joining("+"));
  }
}
