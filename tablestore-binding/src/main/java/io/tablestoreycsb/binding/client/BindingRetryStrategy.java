package io.tablestoreycsb.binding.client;

import com.alicloud.openservices.tablestore.ClientException;
import com.alicloud.openservices.tablestore.PartialResultFailedException;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.RetryStrategy;
import io.tablestoreycsb.binding.config.ClientConfig;
import io.tablestoreycsb.binding.stats.RunStats;
import java.io.PrintStream;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The binding's retry policy around a delegate: the SDK's own strategy ({@code tablestore.retry=sdk})
 * or one that never retries ({@code tablestore.retry=none}), with these changes.
 *
 * <ul>
 *   <li>Each retry it decides on is counted by error code in the run's statistics, so retries
 *   made inside one SDK call show up in the report and not only as latency.</li>
 *   <li>A BatchWriteRow whose response has failed rows is not retried by the SDK: the SDK's
 *   row-level retry loses rows. After a partial failure it resends only the failed rows, and if
 *   that resend fails as a whole (e.g. OTSServerBusy) it sends the original request again but
 *   still merges the answer as if it were for the failed rows only, matching results by position:
 *   a row that fails in the full resend can then be reported written. The binding's BatchWriter
 *   retries failed rows itself ({@code tablestore.batchretries}) and accounts for each.</li>
 *   <li>A request that failed with {@code ConnectionClosedException} raised when the SDK's HTTP client
 *   handed it a pooled connection is sent again (at most {@link #MAX_LEASE_RACE_RETRIES} times), with
 *   either delegate, although the SDK retries no write after a client-side error and {@code none}
 *   retries nothing. See {@link #isConnectionLeaseRace(Exception)}: on a loaded machine that error is
 *   raised for requests the server executed and answered; it is a defect of the client, not an
 *   answer of the service, so {@code none} (which is there to show the service's answers) must not
 *   turn it into a failed operation. Counted like any retry.</li>
 *   <li>A request of the binding that failed on its connection (refused, reset, closed, timed out:
 *   {@link ConnectionRetry#isConnectionFailure}) is sent again for up to {@code connectionBudgetMs}
 *   ({@code tablestore.retrybudget}) with back-off ({@link ConnectionRetry}), writes included, which
 *   the SDK never resends after a client-side error. Sending a write twice is harmless: the
 *   binding's puts, updates and deletes are unconditional (row existence IGNORE), without
 *   increments, so a resend of a request that was applied but whose answer was lost leaves the
 *   same row. A budget of 0 leaves connection failures to the delegate.</li>
 *   <li>An endpoint that cannot be connected to (connection refused, no route, unknown host) is
 *   announced on stderr the first time a request retries it, once per endpoint and JVM, instead of
 *   retrying in silence. Clients for one-off calls (the table check before a run, the table tool)
 *   give up after {@code unreachableBudgetMs}: there, a fast answer is right.</li>
 * </ul>
 */
final class BindingRetryStrategy implements RetryStrategy {
  /**
   * The requests the binding sends: reads, and writes that are all unconditional and without
   * increments, so sending one twice is harmless.
   */
  private static final Set<String> BINDING_REQUESTS = Set.of("GetRow", "GetRange", "BatchGetRow",
      "PutRow", "UpdateRow", "DeleteRow", "BatchWriteRow");
  /** The binding's writes: a resend of one whose attempt may have been applied is marked ({@link MaybeAppliedCalls}). */
  private static final Set<String> WRITES = Set.of("PutRow", "UpdateRow", "DeleteRow", "BatchWriteRow");
  static final int MAX_LEASE_RACE_RETRIES = 3;
  /** How long the SDK's default strategy retries (DefaultRetryStrategy's default timeout). */
  static final long SDK_RETRY_MS = TimeUnit.SECONDS.toMillis(10);
  /** Endpoints already announced as unreachable in this JVM. */
  private static final Set<String> ANNOUNCED = ConcurrentHashMap.newKeySet();

  private final RetryStrategy delegate;
  private final RunStats stats;
  private final String endpoint;
  private final long unreachableBudgetMs;
  private final long connectionBudgetMs;
  private final PrintStream notices;
  /**
   * This request's resends after connection failures: null until its first one (the SDK clones the
   * strategy for every request, and most requests never fail), and always without a budget.
   */
  private ConnectionRetry connectionRetry;
  /** Retries of this request made for the lease race (the delegate does not count them). */
  private int leaseRaceRetries;
  /** When this request first found the endpoint unreachable (System.nanoTime), or -1. */
  private long unreachableSince = -1;

  /** {@code stats} may be null: nothing is counted (tools outside a run). */
  BindingRetryStrategy(RetryStrategy delegate, RunStats stats) {
    this(delegate, stats, null, 0, 0, System.err);
  }

  /**
   * As {@link #BindingRetryStrategy(RetryStrategy, RunStats)}, announcing an unreachable
   * {@code endpoint} on {@code notices}; {@code unreachableBudgetMs} above 0 ends the retries of an
   * unreachable endpoint after that long (0: as long as {@code delegate} retries);
   * {@code connectionBudgetMs} above 0 resends any binding request that failed on its connection
   * for that long (0: as {@code delegate} decides).
   */
  BindingRetryStrategy(RetryStrategy delegate, RunStats stats, String endpoint, long unreachableBudgetMs,
      long connectionBudgetMs, PrintStream notices) {
    this.delegate = delegate;
    this.stats = stats;
    this.endpoint = endpoint;
    this.unreachableBudgetMs = unreachableBudgetMs;
    this.connectionBudgetMs = connectionBudgetMs;
    this.notices = notices;
  }

  @Override
  public RetryStrategy clone() {
    // The SDK clones the configured strategy for each request: each clone keeps its own attempt count.
    return new BindingRetryStrategy(delegate.clone(), stats, endpoint, unreachableBudgetMs, connectionBudgetMs,
        notices);
  }

  @Override
  public int getRetries() {
    return delegate.getRetries() + leaseRaceRetries + (connectionRetry == null ? 0 : connectionRetry.resends());
  }

  @Override
  public long nextPause(String action, Exception ex) {
    if (ex instanceof PartialResultFailedException partial) {
      // The SDK then completes the call with the partial result, without the call's trace id that every
      // other answer carries: set it, so the caller can tell a resent call's answer (MaybeAppliedCalls).
      if (partial.getResult() != null && partial.getResult().getTraceId() == null && partial.getTraceId() != null) {
        partial.getResult().setTraceId(partial.getTraceId());
      }
      return 0; // BatchWriter retries the rows
    }
    String unreachable = unreachableReason(ex);
    long pause;
    if (connectionBudgetMs > 0 && BINDING_REQUESTS.contains(action) && ConnectionRetry.isConnectionFailure(ex)) {
      if (connectionRetry == null) {
        connectionRetry = new ConnectionRetry(connectionBudgetMs);
      }
      pause = connectionRetry.nextPauseMs();
      if (unreachable != null && pause > 0) {
        announce(unreachable, connectionBudgetMs);
      }
    } else {
      pause = delegate.nextPause(action, ex);
      if (unreachable != null && pause > 0) {
        pause = withinUnreachableBudget(pause, unreachable);
      }
    }
    if (pause <= 0 && BINDING_REQUESTS.contains(action) && leaseRaceRetries < MAX_LEASE_RACE_RETRIES
        && isConnectionLeaseRace(ex)) {
      leaseRaceRetries++;
      pause = 1;
    }
    if (pause > 0 && stats != null && WRITES.contains(action) && mayHaveReachedTheService(ex, unreachable)) {
      stats.maybeApplied().resentAfterUnknownOutcome(MaybeAppliedCalls.traceIdOf(ex));
    }
    if (pause > 0 && stats != null) {
      stats.sdkRetry(ex instanceof TableStoreException tse && tse.getErrorCode() != null && !tse.getErrorCode().isEmpty()
          ? tse.getErrorCode() : StatusMapping.CLIENT_EXCEPTION);
    }
    return pause;
  }

  /**
   * Whether the attempt that failed with {@code ex} may have been executed: a client-side failure once
   * connected (reset, closed, timed out, the lease race); not an answer of the service (it refused), nor
   * an endpoint that could not be connected to ({@code unreachable}).
   */
  private static boolean mayHaveReachedTheService(Exception ex, String unreachable) {
    return unreachable == null && (ConnectionRetry.isConnectionFailure(ex) || isConnectionLeaseRace(ex));
  }

  /** Ends the retries past the budget; announces the endpoint on the first retry. */
  private long withinUnreachableBudget(long pause, String reason) {
    long now = System.nanoTime();
    if (unreachableSince < 0) {
      unreachableSince = now;
    }
    if (unreachableBudgetMs > 0 && TimeUnit.NANOSECONDS.toMillis(now - unreachableSince) >= unreachableBudgetMs) {
      return 0;
    }
    announce(reason, unreachableBudgetMs > 0 ? unreachableBudgetMs : SDK_RETRY_MS);
    return pause;
  }

  /** Says once per endpoint and JVM that it cannot be connected to, and for how long it is retried. */
  private void announce(String reason, long budgetMs) {
    if (endpoint != null && ANNOUNCED.add(endpoint)) {
      notices.println(ClientConfig.ENDPOINT + " " + endpoint + " not reachable (" + reason
          + "); retrying for up to " + (budgetMs % 1000 == 0 ? String.valueOf(budgetMs / 1000)
          : String.format(Locale.ROOT, "%.1f", budgetMs / 1000.0)) + " s");
      notices.flush();
    }
  }

  /**
   * Why {@code ex} says the endpoint cannot be connected to at all ("connection refused", "unknown
   * host ..."), or null when it does not (a reset or timeout of a connection is not this).
   */
  static String unreachableReason(Exception ex) {
    if (!(ex instanceof ClientException)) {
      return null;
    }
    for (Throwable t = ex.getCause(); t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof UnknownHostException) {
        return "unknown host " + t.getMessage();
      }
      if (t instanceof ConnectException || t instanceof NoRouteToHostException) {
        String message = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
        return message.toLowerCase(Locale.ROOT);
      }
    }
    return null;
  }

  /**
   * True for the SDK's {@code ClientException} caused by {@code ConnectionClosedException} thrown
   * where its HTTP client (the shaded HttpAsyncClient 4.0.2) attaches a leased pooled connection
   * to a request ({@code DefaultClientExchangeHandlerImpl.connectionAllocated}). That method asks the
   * I/O thread to send the request and only then checks that the connection is still open; the
   * check reads the connection through a pool proxy that is detached when the exchange finishes.
   * When the calling thread is preempted between the two steps (a loaded machine, a local fast
   * server), the I/O thread can send the request, read the answer and hand the connection back to
   * the pool first: the check then fails a call the server executed ("Connection closed", about one
   * call in a few thousand against the local mock on a busy 2-core machine, with the server having
   * closed no connection). Raised the same way when a pooled connection closed just before use,
   * in which case nothing was sent. In both cases sending the request again is correct.
   */
  static boolean isConnectionLeaseRace(Exception ex) {
    if (!(ex instanceof ClientException)) {
      return false;
    }
    for (Throwable t = ex.getCause(); t != null; t = t.getCause()) {
      if (t.getClass().getSimpleName().equals("ConnectionClosedException")) {
        for (StackTraceElement frame : t.getStackTrace()) {
          if (frame.getMethodName().equals("connectionAllocated")) {
            return true;
          }
        }
      }
      if (t.getCause() == t) {
        break;
      }
    }
    return false;
  }
}
