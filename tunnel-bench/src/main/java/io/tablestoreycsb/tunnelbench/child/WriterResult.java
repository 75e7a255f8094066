package io.tablestoreycsb.tunnelbench.child;

/**
 * What the writer process did.
 *
 * @param rowsWritten rows every BatchWriteRow acknowledged (retried rows counted once)
 * @param batches batches acknowledged (a batch's rows that failed every retry are in {@code rowsFailed})
 * @param rowsFailed rows given up on after retries (not in the written set, so not expected downstream)
 * @param errors requests that failed as a whole (the SDK's retries exhausted)
 * @param firstError the first such error, or null
 * @param firstSendEpochMs when the first batch was sent
 * @param lastAckEpochMs when the last batch was acknowledged
 */
public record WriterResult(long rowsWritten, long batches, long rowsFailed, long errors, String firstError,
    long firstSendEpochMs, long lastAckEpochMs) {

  /** Rows written per second between the first send and the last acknowledgement. */
  public double rowsPerSecond() {
    long ms = lastAckEpochMs - firstSendEpochMs;
    return ms > 0 ? rowsWritten * 1000.0 / ms : Double.NaN;
  }
}
