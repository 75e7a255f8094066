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

  /**
   * Fails the next row of a batch before it is touched, with its table's error (null: none) or
   * else an injected row fault, if either applies.
   */
  public void checkBatchRow(OtsException tableError) {
    if (tableError != null) {
      throw tableError;
    }
    OtsException injected = injection.rowFault(action);
    if (injected != null) {
      throw injected;
    }
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
