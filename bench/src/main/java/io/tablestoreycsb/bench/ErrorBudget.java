package io.tablestoreycsb.bench;

import java.util.Locale;

/**
 * Failed calls of one comparison (warm-up and reruns included). A few are expected on a busy
 * machine: the SDK HTTP client's connection-lease race fails about one call in 100,000 to a few
 * thousand (docs/reliability.md), and a reset can happen. A run with a failure is run again (see
 * {@link Rounds}); the comparison gives up only when more than {@link #MAX_FAILURE_RATE} of its
 * calls failed, and at least {@link #MIN_FAILURES} of them, so that one early failure in a small
 * count does not end it.
 */
public final class ErrorBudget {
  /** 1 call in 1,000. */
  public static final double MAX_FAILURE_RATE = 1e-3;
  public static final long MIN_FAILURES = 10;

  private final String comparison;
  private long calls;
  private long failures;
  private String firstFailure;

  public ErrorBudget(String comparison) {
    this.comparison = comparison;
  }

  /** Counts a run's calls and failures; throws when the comparison is past the budget. */
  public void add(SideRun sample) throws GaveUp {
    add(sample.calls(), sample.failures(), sample.firstFailure());
  }

  public void add(long newCalls, long newFailures, String failure) throws GaveUp {
    calls += newCalls;
    failures += newFailures;
    if (firstFailure == null && failure != null) {
      firstFailure = failure;
    }
    if (exceeded(calls, failures)) {
      throw new GaveUp(String.format(Locale.ROOT,
          "gave-up %s: %d of %d calls failed (limit: 1 in %d, at least %d); first failure: %s",
          comparison, failures, calls, Math.round(1 / MAX_FAILURE_RATE), MIN_FAILURES, firstFailure));
    }
  }

  static boolean exceeded(long calls, long failures) {
    return failures >= MIN_FAILURES && failures > calls * MAX_FAILURE_RATE;
  }

  public long calls() {
    return calls;
  }

  public long failures() {
    return failures;
  }

  public String firstFailure() {
    return firstFailure;
  }
}
