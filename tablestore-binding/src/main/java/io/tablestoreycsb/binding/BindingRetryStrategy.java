package io.tablestoreycsb.binding;

import com.alicloud.openservices.tablestore.PartialResultFailedException;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.RetryStrategy;

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
 * </ul>
 */
final class BindingRetryStrategy implements RetryStrategy {
  private final RetryStrategy delegate;
  private final RunStats stats;

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
    return delegate.getRetries();
  }

  @Override
  public long nextPause(String action, Exception ex) {
    if (ex instanceof PartialResultFailedException) {
      return 0; // the SDK then completes the call with the partial result; BatchWriter retries the rows
    }
    long pause = delegate.nextPause(action, ex);
    if (pause > 0 && stats != null) {
      stats.sdkRetry(ex instanceof TableStoreException tse && tse.getErrorCode() != null && !tse.getErrorCode().isEmpty()
          ? tse.getErrorCode() : StatusMapping.CLIENT_EXCEPTION);
    }
    return pause;
  }
}
