package io.tablestoreycsb.mock.faults;

import io.tablestoreycsb.mock.protocol.ActionName;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.random.RandomGenerator;
import java.util.stream.Collectors;

/**
 * One latency rule: how long responses to an action are delayed. Build one as a value,
 *
 * <pre>{@code
 * LatencyRule.of(ActionName.GET_ROW, Duration.ofMillis(2))
 * LatencyRule.of(ActionName.GET_ROW, LatencyRule.uniform(Duration.ofMillis(1), Duration.ofMillis(5)))
 * LatencyRule.of(ActionName.PUT_ROW, LatencyRule.fixed(Duration.ofMillis(2)), LatencyRule.spike(Duration.ofMillis(100), 0.001))
 * LatencyRule.onEveryAction(LatencyRule.exponential(Duration.ofMillis(3)))
 * }</pre>
 *
 * or parse its spec, as the command line does: {@code ACTION=TERM[+TERM...]}; the delay is the sum
 * of the terms, each drawn independently per request:
 * <ul>
 *   <li>{@code 2ms}: fixed;</li>
 *   <li>{@code uniform(1ms,5ms)}: uniform between the two bounds;</li>
 *   <li>{@code exp(2ms)}: exponential with that mean (a long tail);</li>
 *   <li>{@code spike(50ms@0.01)}: that much extra with that probability (also {@code @1%}).</li>
 * </ul>
 * Durations take a unit ns, us, ms or s; decimals are allowed ({@code 1.5ms}); at most 1 hour.
 * Examples: {@code GetRow=2ms}, {@code *=uniform(1ms,3ms)}, {@code PutRow=2ms+spike(100ms@0.001)}.
 * {@link #toString()} prints the spec, and parsing it gives the same rule back.
 *
 * @param action the action, or null for every action
 * @param terms the parts summed per request (at least one)
 */
public record LatencyRule(ActionName action, List<Term> terms) {

  /** An hour is far beyond any client timeout: a longer latency is a typo, not a test. */
  static final long MAX_NANOS = 3_600_000_000_000L;

  public LatencyRule {
    terms = List.copyOf(terms);
    if (terms.isEmpty()) {
      throw new IllegalArgumentException("a latency rule needs at least one term");
    }
  }

  /** Responses to {@code action} are delayed by the sum of {@code terms}. */
  public static LatencyRule of(ActionName action, Term... terms) {
    if (action == null) {
      throw new IllegalArgumentException("a latency rule needs an action (or use onEveryAction)");
    }
    return new LatencyRule(action, List.of(terms));
  }

  /** Responses to {@code action} are delayed by {@code fixed}. */
  public static LatencyRule of(ActionName action, Duration fixed) {
    return of(action, fixed(fixed));
  }

  /** Responses to every action (that has no rule of its own) are delayed by the sum of {@code terms}. */
  public static LatencyRule onEveryAction(Term... terms) {
    return new LatencyRule(null, List.of(terms));
  }

  /** Always {@code delay}. */
  public static Term fixed(Duration delay) {
    return new Fixed(nanos(delay, "fixed latency"));
  }

  /** Uniform between {@code min} and {@code max}. */
  public static Term uniform(Duration min, Duration max) {
    return new Uniform(nanos(min, "uniform latency's lower bound"), nanos(max, "uniform latency's upper bound"));
  }

  /** Exponential with mean {@code mean}: a long tail. */
  public static Term exponential(Duration mean) {
    return new Exponential(nanos(mean, "exponential latency's mean"));
  }

  /** {@code extra} with probability {@code rate}: occasional stalls on top of another term. */
  public static Term spike(Duration extra, double rate) {
    return new Spike(nanos(extra, "spike"), rate);
  }

  private static long nanos(Duration d, String what) {
    if (d == null || d.isNegative() || d.compareTo(Duration.ofHours(1)) > 0) {
      throw new IllegalArgumentException(what + " must be between 0 and 1 hour, got " + d);
    }
    return d.toNanos();
  }

  private static void checkNanos(long nanos, String what) {
    if (nanos < 0 || nanos > MAX_NANOS) {
      throw new IllegalArgumentException(what + " must be between 0 and 1 hour, got " + nanos + " ns");
    }
  }

  /** One part of a latency: draws a non-negative number of nanoseconds. */
  public sealed interface Term {
    long sampleNanos(RandomGenerator random);
  }

  /** Always the same delay. */
  public record Fixed(long nanos) implements Term {
    public Fixed {
      checkNanos(nanos, "fixed latency");
    }

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
    public Uniform {
      checkNanos(minNanos, "uniform latency's lower bound");
      checkNanos(maxNanos, "uniform latency's upper bound");
      if (minNanos > maxNanos) {
        throw new IllegalArgumentException("uniform latency's lower bound " + Durations.format(minNanos)
            + " is greater than its upper bound " + Durations.format(maxNanos));
      }
    }

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
    public Exponential {
      checkNanos(meanNanos, "exponential latency's mean");
    }

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
    public Spike {
      checkNanos(nanos, "spike");
      if (!(rate >= 0 && rate <= 1)) {
        throw new IllegalArgumentException("spike rate must be a probability in [0, 1], got " + rate);
      }
    }

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
    ActionName action = FaultRule.action(spec.substring(0, eq), spec);
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

  /** True for a rule on every action. */
  public boolean everyAction() {
    return action == null;
  }

  /** The rule in spec syntax: {@code parse(toString())} equals this rule. */
  @Override
  public String toString() {
    return (action == null ? "*" : action.wireName()) + "="
        + terms.stream().map(Term::toString).collect(Collectors.joining("+"));
  }
}
