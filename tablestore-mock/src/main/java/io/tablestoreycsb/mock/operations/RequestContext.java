package io.tablestoreycsb.mock.operations;

import io.tablestoreycsb.mock.faults.Injection;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.storage.Table;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What one request's execution needs besides its body: the time, the fault injection (per-row
 * faults inside batches) and a tally of the rows each partition served, from which the pipeline
 * reserves partition capacity. Confined to the thread executing the request.
 */
public final class RequestContext {
  private record PartitionRef(String table, int partition) {}

  private final String action;
  private final Injection injection;
  private final long nowMillis;
  private final Map<PartitionRef, Integer> rowsPerPartition = new LinkedHashMap<>();

  public RequestContext(String action, Injection injection, long nowMillis) {
    this.action = action;
    this.injection = injection;
    this.nowMillis = nowMillis;
  }

  public String action() {
    return action;
  }

  /** The request's time in ms: the default timestamp of the cells it writes. */
  public long nowMillis() {
    return nowMillis;
  }

  /** An injected error for the next row of a batch, or null. */
  public OtsException rowFault() {
    return injection.rowFault(action);
  }

  /** Records that partition {@code partition} of {@code table} served (read or wrote) {@code rows} rows. */
  public void served(Table table, int partition, int rows) {
    if (rows > 0) {
      rowsPerPartition.merge(new PartitionRef(table.name(), partition), rows, Integer::sum);
    }
  }

  /** Reserves capacity for every partition touched and returns the longest wait, in ns. */
  public long reserveCapacityNanos() {
    long wait = 0;
    for (Map.Entry<PartitionRef, Integer> e : rowsPerPartition.entrySet()) {
      wait = Math.max(wait, injection.reserveCapacityNanos(e.getKey().table(), e.getKey().partition(), e.getValue()));
    }
    return wait;
  }
}
