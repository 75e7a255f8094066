package io.tablestoreycsb.binding;

import com.alicloud.openservices.tablestore.ClientException;
import com.alicloud.openservices.tablestore.PartialResultFailedException;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.RetryStrategy;
import java.util.Set;

/**
 * The SDK retry policy of {@code tablestore.retry=sdk}: the SDK's own strategy, with two changes.
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
 *   <li>A write that failed with {@code ConnectionClosedException} raised when the SDK's HTTP client
 *   handed the request a pooled connection is sent again (at most {@link #MAX_LEASE_RACE_RETRIES}
 *   times), although the SDK retries no write after a client-side error. See
 *   {@link #isConnectionLeaseRace(Exception)}: on a loaded machine that error is raised for requests
 *   the server executed and answered.</li>
 * </ul>
 */
final class BindingRetryStrategy implements RetryStrategy {
  /** The writes the binding sends: all unconditional and without increments, so sending one twice is harmless. */
  private static final Set<String> BINDING_WRITES = Set.of("PutRow", "UpdateRow", "DeleteRow", "BatchWriteRow");
  static final int MAX_LEASE_RACE_RETRIES = 3;

  private final RetryStrategy delegate;
  private final RunStats stats;
  /** Retries of this request made for the lease race (the delegate does not count them). */
  private int leaseRaceRetries;

  /** {@code stats} may be null: nothing is counted (tools outside a run). */
  BindingRetryStrategy(RetryStrategy delegate, RunStats stats) {
    this.delegate = delegate;
    this.stats = stats;
  }

  @Override
  public RetryStrategy clone() {
    // The SDK clones the configured strategy for each request: each clone keeps its own attempt count.
    return new BindingRetryStrategy(delegate.clone(), stats);
  }

  @Override
  public int getRetries() {
    return delegate.getRetries() + leaseRaceRetries;
  }

  @Override
  public long nextPause(String action, Exception ex) {
    if (ex instanceof PartialResultFailedException) {
      return 0; // the SDK then completes the call with the partial result; BatchWriter retries the rows
    }
    long pause = delegate.nextPause(action, ex);
    if (pause <= 0 && BINDING_WRITES.contains(action) && leaseRaceRetries < MAX_LEASE_RACE_RETRIES
        && isConnectionLeaseRace(ex)) {
      leaseRaceRetries++;
      pause = 1;
    }
    if (pause > 0 && stats != null) {
      stats.sdkRetry(ex instanceof TableStoreException tse && tse.getErrorCode() != null && !tse.getErrorCode().isEmpty()
          ? tse.getErrorCode() : StatusMapping.CLIENT_EXCEPTION);
    }
    return pause;
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
