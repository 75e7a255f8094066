package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.storage.RowKey;
import io.tablestoreycsb.mock.storage.StoredRow;
import io.tablestoreycsb.mock.storage.Table;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.LongSupplier;

/**
 * One local transaction: a table and a partition key value, the writes made in it (kept aside
 * until the commit applies them all or none) and the rows they leave, which reads in the
 * transaction see over the table's rows. Its requests run one at a time (callers synchronize on
 * it), and it is used only while open.
 */
final class LocalTransaction {
  final String id;
  final Table table;
  /** The partition key value, encoded as the first column of a {@link RowKey}. */
  private final byte[] partitionKey;
  private final List<AtomicRowWrites.Write> writes = new ArrayList<>();
  /** The rows the writes left, by encoded key; empty: deleted. */
  private final NavigableMap<byte[], Optional<StoredRow>> rowsWritten = new TreeMap<>(RowKey::compare);
  /** Read by other requests' lock checks and time-out sweeps, hence volatile. */
  private volatile long lastUsedMillis;
  private boolean ended;

  LocalTransaction(String id, Table table, byte[] partitionKey, long nowMillis) {
    this.id = id;
    this.table = table;
    this.partitionKey = partitionKey;
    this.lastUsedMillis = nowMillis;
  }

  byte[] partitionKey() {
    return partitionKey;
  }

  /** Whether it has been idle longer than {@code idleTimeoutMillis} at {@code nowMillis}. */
  boolean idleSince(long nowMillis, long idleTimeoutMillis) {
    return nowMillis - lastUsedMillis > idleTimeoutMillis;
  }

  synchronized void touch(long nowMillis) {
    lastUsedMillis = Math.max(lastUsedMillis, nowMillis);
  }

  boolean ended() {
    return ended;
  }

  void end() {
    ended = true;
  }

  /** Refuses {@code tableName} other than the transaction's and a key outside its partition key (OTSDataOutOfRange). */
  void checkInScope(String tableName, PrimaryKey key, String field) {
    if (!table.name().equals(tableName)) {
      throw OtsException.parameterInvalid("Transaction " + id + " is on table " + table.name() + ", not " + tableName + ".");
    }
    if (!Arrays.equals(partitionKey, RowKey.encode(key.getPrimaryKeyColumn(0).getValue()))) {
      throw LocalTransactions.outOfRange(field, id);
    }
  }

  /** Writes {@code change} in the transaction: checked against the rows as the transaction sees them, applied at commit. */
  RowWrites.Outcome write(RowChange change, OtsInternalApi.Condition condition, OtsInternalApi.ReturnContent returnContent,
      long nowMillis) {
    RowWrites.checkWritable(table, change, nowMillis);
    RowWrites.Checks checks = RowWrites.Checks.of(table, condition);
    // What the write will leave, for its answer; the commit computes the rows again at its own time.
    StoredRow after = RowWrites.next(table, change, checks, row(change.key), nowMillis,
        new LoggedRowChange(table, change));
    writes.add(new AtomicRowWrites.Write(change, condition, returnContent));
    rowsWritten.put(change.key, Optional.ofNullable(after));
    return RowWrites.outcome(table, change, checks, after, returnContent, table.partitionIndexOf(change.key));
  }

  /** The row at {@code key} as the transaction sees it: its own write, else the table's. */
  StoredRow row(byte[] key) {
    Optional<StoredRow> written = rowsWritten.get(key);
    if (written != null) {
      return written.orElse(null);
    }
    return table.partition(table.partitionIndexOf(key)).get(key);
  }

  /**
   * As {@link Table#scan}, with the transaction's own writes over the table's rows: its writes as
   * they are now (copied, so the scan may run after the transaction's next request).
   */
  Iterator<StoredRow> scan(byte[] start, byte[] end, boolean forward) {
    Map<byte[], Optional<StoredRow>> written = forward
        ? rowsWritten.subMap(start, true, end, false)
        : rowsWritten.descendingMap().subMap(start, true, end, false);
    List<Map.Entry<byte[], Optional<StoredRow>>> writtenNow = new ArrayList<>(written.size());
    for (Map.Entry<byte[], Optional<StoredRow>> entry : written.entrySet()) {
      writtenNow.add(Map.entry(entry.getKey(), entry.getValue()));
    }
    return new Merged(table.scan(start, end, forward), writtenNow.iterator(), forward);
  }

  /** Applies the writes all or none ({@link AtomicRowWrites}). */
  List<RowWrites.Outcome> commit(long nowMillis, LongSupplier commitClock) {
    return AtomicRowWrites.apply(table, writes, nowMillis, commitClock);
  }

  /** Table rows and the transaction's writes, both in scan order, merged; a write replaces the row of its key. */
  private static final class Merged implements Iterator<StoredRow> {
    private final Iterator<StoredRow> rows;
    private final Iterator<Map.Entry<byte[], Optional<StoredRow>>> written;
    private final int direction;
    private StoredRow row;
    private Map.Entry<byte[], Optional<StoredRow>> write;
    private StoredRow ahead;

    Merged(Iterator<StoredRow> rows, Iterator<Map.Entry<byte[], Optional<StoredRow>>> written, boolean forward) {
      this.rows = rows;
      this.written = written;
      this.direction = forward ? 1 : -1;
    }

    @Override
    public boolean hasNext() {
      while (ahead == null) {
        if (row == null && rows.hasNext()) {
          row = rows.next();
        }
        if (write == null && written.hasNext()) {
          write = written.next();
        }
        if (row == null && write == null) {
          return false;
        }
        int order = row == null ? 1 : write == null ? -1 : direction * RowKey.compare(row.key(), write.getKey());
        if (order < 0) {
          ahead = row;
          row = null;
          continue;
        }
        if (order == 0) {
          row = null; // the transaction's write replaces the table's row
        }
        ahead = write.getValue().orElse(null);
        write = null;
      }
      return true;
    }

    @Override
    public StoredRow next() {
      if (!hasNext()) {
        throw new NoSuchElementException();
      }
      StoredRow next = ahead;
      ahead = null;
      return next;
    }
  }
}
