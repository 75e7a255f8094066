package io.tablestoreycsb.mock.storage;

import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;

/**
 * One partition of a table: its rows in primary-key order. Lock-free for readers; a write to a
 * row is atomic with respect to other writes to the same row.
 *
 * <p>The map holds only arrays: encoded key ({@link RowKey}) to packed cells ({@link Cells}). A
 * lookup compares keys with one {@code Arrays.compareUnsigned} per skip-list step (no pointer
 * chasing through SDK objects), and a row costs a node and two arrays.
 */
public final class Partition {
  private final ConcurrentSkipListMap<byte[], byte[]> rows = new ConcurrentSkipListMap<>(Arrays::compareUnsigned);
  private final MemoryBudget budget;
  private final AtomicLong heapBytes = new AtomicLong();
  /** The partition's stream while the table's stream is enabled, else null. */
  private volatile ChangeLog changeLog;

  Partition(MemoryBudget budget) {
    this.budget = budget;
  }

  /** What a committed write logs: its stream action and encoded record, built once the write committed. */
  public interface LoggedChange {
    int action();

    /** The record's PlainBuffer; called after the row changed, so it may read what the change recorded. */
    byte[] record();
  }

  /** The partition's stream, or null when the table's stream is disabled. */
  public ChangeLog changeLog() {
    return changeLog;
  }

  void enableChangeLog(long retentionMillis) {
    if (changeLog == null) {
      changeLog = new ChangeLog(budget, retentionMillis);
    } else {
      changeLog.retainFor(retentionMillis);
    }
  }

  void disableChangeLog() {
    ChangeLog log = changeLog;
    changeLog = null;
    if (log != null) {
      log.clear();
    }
  }

  /** The row at {@code key} (encoded, {@link RowKey}), or null. */
  public StoredRow get(byte[] key) {
    byte[] cells = rows.get(key);
    return cells == null ? null : new StoredRow(key, cells);
  }

  /**
   * Atomically replaces the row at {@code key} with {@code change.apply(current)} (null = absent).
   * The change may throw an {@code OtsException} (e.g. a failed condition) to leave the row as it
   * is. It may be invoked more than once under contention, so it must not have side effects
   * other than recording its latest outcome. The new row must have the same key. Returns the row
   * now stored (null if none).
   */
  public StoredRow compute(byte[] key, UnaryOperator<StoredRow> change) {
    return compute(key, change, 0);
  }

  /**
   * As {@link #compute(byte[], UnaryOperator)}, and when the table's stream is enabled, appends
   * {@code logged} to the change log in the same step (under the log's lock, so the log's order
   * is the commit order) stamped {@code nowMillis}. Nothing is logged when the change throws.
   */
  public StoredRow compute(byte[] key, UnaryOperator<StoredRow> change, LoggedChange logged, long nowMillis) {
    ChangeLog log = changeLog;
    if (log == null) {
      return compute(key, change, 0);
    }
    synchronized (log) {
      // The record is about the size of the change: reserve room for it along with the row.
      StoredRow after = compute(key, change, ChangeLog.RECORD_OVERHEAD_BYTES + key.length);
      log.append(nowMillis, logged.action(), logged.record());
      return after;
    }
  }

  private StoredRow compute(byte[] key, UnaryOperator<StoredRow> change, long extraRoom) {
    long[] delta = new long[1];
    byte[][] stored = new byte[1][];
    byte[] result = rows.compute(key, (k, current) -> {
      StoredRow next = change.apply(current == null ? null : new StoredRow(k, current));
      byte[] nextCells = next == null ? null : next.cells();
      long d = sizeOf(k, nextCells) - sizeOf(k, current);
      budget.checkRoomFor(d + extraRoom);
      delta[0] = d;
      stored[0] = k;
      return nextCells;
    });
    budget.add(delta[0]);
    heapBytes.addAndGet(delta[0]);
    return result == null ? null : new StoredRow(stored[0], result);
  }

  /** Rows with {@code from <= key < to} in ascending order (a live, weakly consistent view). */
  public Iterator<StoredRow> ascending(byte[] from, byte[] to) {
    return rowsOf(rows.subMap(from, true, to, false));
  }

  /** Rows with {@code to < key <= from} in descending order. */
  public Iterator<StoredRow> descending(byte[] from, byte[] to) {
    return rowsOf(rows.subMap(to, false, from, true).descendingMap());
  }

  public Iterator<StoredRow> all() {
    return rowsOf(rows);
  }

  /** Gives this partition's memory back to the budget (the table is being dropped). */
  void release() {
    disableChangeLog();
    budget.add(-heapBytes.getAndSet(0));
    rows.clear();
  }

  private static Iterator<StoredRow> rowsOf(NavigableMap<byte[], byte[]> view) {
    Iterator<Map.Entry<byte[], byte[]>> entries = view.entrySet().iterator();
    return new Iterator<>() {
      @Override
      public boolean hasNext() {
        return entries.hasNext();
      }

      @Override
      public StoredRow next() {
        Map.Entry<byte[], byte[]> e = entries.next();
        return new StoredRow(e.getKey(), e.getValue());
      }
    };
  }

  private static long sizeOf(byte[] key, byte[] cells) {
    return cells == null ? 0 : StoredRow.estimatedHeapBytes(key, cells);
  }
}
