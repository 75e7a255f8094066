package io.tablestoreycsb.mock.storage;

import com.alicloud.openservices.tablestore.model.PrimaryKey;
import io.tablestoreycsb.mock.protocol.PrimaryKeyOrder;
import java.util.NavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;

/**
 * One partition of a table: its rows in primary-key order. Lock-free for readers; a write to a
 * row is atomic with respect to other writes to the same row.
 */
public final class Partition {
  private final ConcurrentSkipListMap<PrimaryKey, StoredRow> rows = new ConcurrentSkipListMap<>(PrimaryKeyOrder.KEYS);
  private final MemoryBudget budget;
  private final AtomicLong heapBytes = new AtomicLong();

  Partition(MemoryBudget budget) {
    this.budget = budget;
  }

  public StoredRow get(PrimaryKey key) {
    return rows.get(key);
  }

  /**
   * Atomically replaces the row at {@code key} with {@code change.apply(current)} (null = absent).
   * The change may throw an {@code OtsException} (e.g. a failed condition) to leave the row as it
   * is. It may be invoked more than once under contention, so it must not have side effects
   * other than recording its latest outcome. Returns the row now stored (null if none).
   */
  public StoredRow compute(PrimaryKey key, UnaryOperator<StoredRow> change) {
    long[] delta = new long[1];
    StoredRow result = rows.compute(key, (k, current) -> {
      StoredRow next = change.apply(current);
      long d = sizeOf(next) - sizeOf(current);
      budget.checkRoomFor(d);
      delta[0] = d;
      return next;
    });
    budget.add(delta[0]);
    heapBytes.addAndGet(delta[0]);
    return result;
  }

  /** Rows with {@code from <= key < to} in ascending order (a live, weakly consistent view). */
  public NavigableMap<PrimaryKey, StoredRow> ascending(PrimaryKey from, PrimaryKey to) {
    return rows.subMap(from, true, to, false);
  }

  /** Rows with {@code to < key <= from} in descending order. */
  public NavigableMap<PrimaryKey, StoredRow> descending(PrimaryKey from, PrimaryKey to) {
    return rows.subMap(to, false, from, true).descendingMap();
  }

  public NavigableMap<PrimaryKey, StoredRow> all() {
    return rows;
  }

  /** Gives this partition's memory back to the budget (the table is being dropped). */
  void release() {
    budget.add(-heapBytes.getAndSet(0));
    rows.clear();
  }

  private static long sizeOf(StoredRow row) {
    return row == null ? 0 : row.estimatedHeapBytes();
  }
}
