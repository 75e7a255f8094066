package io.tablestoreycsb.binding.client;

import com.alicloud.openservices.tablestore.ClientException;
import java.io.IOException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * The resends of one request that failed on its connection (refused, reset, closed, timed out):
 * exponential back-off with jitter, {@value #FIRST_PAUSE_MS} ms doubling to at most
 * {@value #MAX_PAUSE_MS} ms, for as long as a time budget ({@code tablestore.retrybudget}) counted
 * from the request's first failure. A budget of time rather than a number of tries is what rides
 * out an outage: its length, not the rate of failures, decides when the endpoint is back.
 * Not thread-safe: one per request (the SDK clones its retry strategy for each).
 */
public final class ConnectionRetry {
  static final long FIRST_PAUSE_MS = 50;
  static final long MAX_PAUSE_MS = 2_000;

  private final long budgetNanos;
  private long firstFailureNanos = -1;
  private int resends;

  ConnectionRetry(long budgetMs) {
    this.budgetNanos = TimeUnit.MILLISECONDS.toNanos(budgetMs);
  }

  /**
   * True when {@code ex} is the SDK's report of a failed connection: a {@link ClientException}
   * caused by an {@link IOException} (connection refused, reset or closed, a socket time-out, an
   * unknown host). A {@code ClientException} without one (a response the SDK could not read, a
   * bad argument) is not: sending the same request again would fail the same way.
   */
  public static boolean isConnectionFailure(Exception ex) {
    if (!(ex instanceof ClientException)) {
      return false;
    }
    for (Throwable t = ex.getCause(); t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof IOException) {
        return true;
      }
    }
    return false;
  }

  /** Resends decided so far. */
  int resends() {
    return resends;
  }

  /** Milliseconds to wait before the next resend, or 0 when the budget is spent. */
  long nextPauseMs() {
    long now = System.nanoTime();
    if (firstFailureNanos < 0) {
      firstFailureNanos = now;
    }
    long left = budgetNanos - (now - firstFailureNanos);
    if (left <= 0) {
      return 0;
    }
    long ceiling = Math.min(MAX_PAUSE_MS, FIRST_PAUSE_MS << Math.min(resends, 20));
    resends++;
    long pause = ceiling / 2 + ThreadLocalRandom.current().nextLong(ceiling / 2 + 1);
    return Math.max(1, Math.min(pause, TimeUnit.NANOSECONDS.toMillis(left)));
  }
}
