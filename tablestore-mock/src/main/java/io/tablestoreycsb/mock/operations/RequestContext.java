package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.faults.Injection;
import com.alicloud.openservices.tablestore.model.RowExistenceExpectation;
import io.tablestoreycsb.mock.journal.RecordedCondition;
import io.tablestoreycsb.mock.journal.RowBuffer;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.storage.Table;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * What one request's execution needs besides its body: the time, the fault injection (per-row
 * faults inside batches) and a tally of the rows each partition served, from which the pipeline
 * reserves partition capacity; and what the request journal records of it (its table, rows and
 * consumed capacity units). Confined to the thread executing the request.
 */
public final class RequestContext {
  private record PartitionRef(String table, int partition) {}

  private final ActionName action;
  private final Injection injection;
  private final long nowMillis;
  private final LongSupplier commitClock;
  /**
   * The first partition served and its rows, kept in fields: a single-row request (most of them)
   * then makes no map, no key object and no boxed count. Null table: none served yet.
   */
  private String firstTable;
  private int firstPartition;
  private int firstRows;
  /** The partitions served after the first, in the order first served; null until a second one. */
  private Map<PartitionRef, Integer> morePartitions;
  private final boolean recording;
  /** Made at the first row noted; stays null when the journal is off (nothing is gathered for it). */
  private RowBuffer rows;
  private int expectedRows = 1;
  private String table;
  private boolean severalTables;
  private int readCu;
  private int writeCu;

  /**
   * @param commitClock the clock in ms that a write reads its commit time from ({@link #commitClock()})
   * @param recording whether to gather the request's rows for the journal
   */
  public RequestContext(ActionName action, Injection injection, long nowMillis, LongSupplier commitClock,
      boolean recording) {
    this.action = action;
    this.injection = injection;
    this.nowMillis = nowMillis;
    this.commitClock = commitClock;
    this.recording = recording;
  }

  public ActionName action() {
    return action;
  }

  /** The request's time in ms, read when it arrived: what it is checked against (TTL, time deviation, transactions). */
  public long nowMillis() {
    return nowMillis;
  }

  /**
   * The clock a write reads while it holds its row: the timestamp of the versions it writes without
   * one of their own, and of its stream record. Read there, not at arrival, so that of two writes of
   * a row the one applied later never gets the earlier time (it would land as an older version and
   * vanish behind the first, acknowledged and lost).
   */
  public LongSupplier commitClock() {
    return commitClock;
  }

  /** Fails the current row of a batch with an injected row fault, if the fault plan draws one. */
  public void checkRowFault() {
    OtsException injected = injection.rowFault(action);
    if (injected != null) {
      throw injected;
    }
  }

  /** Notes a table the request names (several in a batch over tables). */
  public void table(String name) {
    if (table == null) {
      table = name;
    } else if (!table.equals(name)) {
      severalTables = true;
    }
  }

  /** The one table the request named; null for none or several. */
  public String table() {
    return severalTables ? null : table;
  }

  /**
   * Notes a row the request names, for the journal: its table, its key as storage encodes it
   * (null when it could not be decoded) and its own error in a batch (null: none yet).
   */
  public void row(Table table, byte[] key, OtsException error) {
    if (recording) {
      buffer().add(table.name(), table.schema(), key, error);
    }
  }

  /** Notes the condition of the write of the row noted last, for the journal. */
  public void rowCondition(OtsInternalApi.Condition condition) {
    if (recording && rows != null && rows.size() > 0) {
      rows.conditionOfLast(new RecordedCondition(
          RowExistenceExpectation.valueOf(condition.getRowExistence().name()),
          condition.hasColumnCondition() && !condition.getColumnCondition().isEmpty()));
    }
  }

  /** Notes a batch row whose key was not decoded: its table does not exist, or the table's part of the request is invalid. */
  public void rowWithoutKey(String tableName, OtsException error) {
    if (recording) {
      buffer().add(tableName, null, null, error);
    }
  }

  /** How many rows the request names (a batch's total), so the journal's buffer is sized once. */
  public void expectRows(int rows) {
    expectedRows = rows;
  }

  private RowBuffer buffer() {
    if (rows == null) {
      rows = new RowBuffer(expectedRows);
    }
    return rows;
  }

  /** Marks the row noted last as failed on its own (a batch row). */
  public void rowFailed(OtsException error) {
    if (rows != null && rows.size() > 0) {
      rows.failLast(error);
    }
  }

  /** The rows noted, or null when the journal is off. */
  public RowBuffer rows() {
    return rows;
  }

  /** Adds capacity units the answer reports as consumed. */
  public void consumed(OtsInternalApi.ConsumedCapacity consumed) {
    readCu += consumed.getCapacityUnit().getRead();
    writeCu += consumed.getCapacityUnit().getWrite();
  }

  public int readCu() {
    return readCu;
  }

  public int writeCu() {
    return writeCu;
  }

  /** Records that partition {@code partition} of {@code table} served (read or wrote) {@code rows} rows. */
  public void served(Table table, int partition, int rows) {
    if (rows <= 0) {
      return;
    }
    String name = table.name();
    if (firstTable == null) {
      firstTable = name;
      firstPartition = partition;
      firstRows = rows;
    } else if (firstPartition == partition && firstTable.equals(name)) {
      firstRows += rows;
    } else {
      if (morePartitions == null) {
        morePartitions = new LinkedHashMap<>();
      }
      morePartitions.merge(new PartitionRef(name, partition), rows, Integer::sum);
    }
  }

  /** Reserves capacity for every partition touched, in the order first served, and returns the longest wait, in ns. */
  public long reserveCapacityNanos() {
    if (firstTable == null) {
      return 0;
    }
    long wait = injection.reserveCapacityNanos(firstTable, firstPartition, firstRows);
    if (morePartitions != null) {
      for (Map.Entry<PartitionRef, Integer> e : morePartitions.entrySet()) {
        wait = Math.max(wait, injection.reserveCapacityNanos(e.getKey().table(), e.getKey().partition(), e.getValue()));
      }
    }
    return wait;
  }
}
