package io.tablestoreycsb.mock.faults;

import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.OtsException;

/**
 * What the request pipeline asks of fault, latency and capacity injection.
 *
 * <p>The pipeline executes an action, then delays its response by
 * {@code max(addedLatencyNanos, reserveCapacityNanos...)} without blocking any thread (the
 * response is scheduled), so a saturated partition shows as queueing latency at the client.
 * Implementations must be thread-safe and cheap: they run on every request.
 */
public interface Injection {

  /** An injected error for this whole request (checked before the action runs), or null. */
  OtsException requestFault(ActionName action);

  /**
   * An injected error for one row of a batch ({@code action} is {@code BatchWriteRow} or
   * {@code BatchGetRow}), or null. A row given an error is not executed.
   */
  OtsException rowFault(ActionName action);

  /** Added latency for this request in nanoseconds; 0 for none. */
  long addedLatencyNanos(ActionName action);

  /**
   * Reserves capacity for {@code rows} rows served by one partition of a table and returns how
   * long the response must wait for that capacity, in nanoseconds; 0 when there is no limit or
   * capacity is free. Reservations queue: each one waits behind those made before it.
   */
  long reserveCapacityNanos(String table, int partition, int rows);

  /** No faults, no latency, unlimited capacity. */
  Injection NONE = new Injection() {
    @Override
    public OtsException requestFault(ActionName action) {
      return null;
    }

    @Override
    public OtsException rowFault(ActionName action) {
      return null;
    }

    @Override
    public long addedLatencyNanos(ActionName action) {
      return 0;
    }

    @Override
    public long reserveCapacityNanos(String table, int partition, int rows) {
      return 0;
    }
  };
}
