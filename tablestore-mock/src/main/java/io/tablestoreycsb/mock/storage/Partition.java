package io.tablestoreycsb.mock.storage;

import java.util.Arrays;
import java.util.Iterator;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;

/**
 * One partition of a table: its rows in primary-key order. Lock-free for readers; a write to a
 * row is atomic with respect to other writes to the same row.
 *
 * <p>Each row is one {@link Slot} (encoded key ({@link RowKey}) and packed cells ({@link Cells}))
 * held twice: by a hash table ({@link SlotTable}) for the point reads and writes (GetRow, PutRow, UpdateRow, the
 * batches), and by {@link OrderedSlots} in key order for the ranges. One skip list of all rows
 * used to do both, and its walks (one to three cache misses per level) were 13% of the mock's
 * sampled CPU under PutRow/GetRow, a new row's {@code compute} walking twice (docs/performance.md).
 * Now a read is one hash probe, an update of an existing row swaps the slot's cells without
 * touching the order, and only inserting or deleting a row changes the order: a new row joins its
 * buffer, merged into it by the next range read (or when the buffer is full), so a range read
 * sees every row written before it started.
 *
 * <p>Writes to a key run under that key's lock in the hash table, so they are serialised; the order is changed inside it. A scan may meet a slot whose row is being
 * inserted (cells set before the slot is linked) or deleted (cells cleared before unlinking):
 * it skips slots without cells.
 */
public final class Partition {
  private final OrderedSlots rows = new OrderedSlots();
  private final SlotTable index = new SlotTable();
  private final MemoryBudget budget;
  private final AtomicLong heapBytes = new AtomicLong();
  /** Where the listener of every change is found (see {@link StorageListener}); the table and number are what it is told. */
  private final StorageHook hook;
  private final Table table;
  private final int number;
  /** The partition's stream while the table's stream is enabled, else null. */
  private volatile ChangeLog changeLog;

  Partition(MemoryBudget budget, StorageHook hook, Table table, int number) {
    this.budget = budget;
    this.hook = hook;
    this.table = table;
    this.number = number;
  }

  /** What a committed write logs: its stream action and encoded record, built once the write committed. */
  public interface LoggedChange {
    int action();

    /** The record's time: the commit time the change was applied at (read while it held the row). */
    long timestampMillis();

    /** The record's PlainBuffer; called after the row changed, so it may read what the change recorded. */
    byte[] record();

    /** The stream's origin columns as the row held them before the change (a PlainBuffer row), or null. */
    default byte[] originRecord() {
      return null;
    }
  }

  /** The partition's stream, or null when the table's stream is disabled. */
  public ChangeLog changeLog() {
    return changeLog;
  }

  void enableChangeLog(long retentionMillis) {
    if (changeLog == null) {
      changeLog = new ChangeLog(budget, retentionMillis, this::changeLogTrimmed);
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
    Slot slot = index.get(key);
    byte[] cells = slot == null ? null : slot.cells;
    return cells == null ? null : new StoredRow(slot.key, cells);
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
   * is the commit order) stamped with its {@link LoggedChange#timestampMillis()}. Nothing is logged
   * when the change throws.
   */
  public StoredRow compute(byte[] key, UnaryOperator<StoredRow> change, LoggedChange logged) {
    ChangeLog log = changeLog;
    if (log == null) {
      return compute(key, change, 0);
    }
    synchronized (log) {
      // The record is about the size of the change: reserve room for it along with the row.
      StoredRow after = compute(key, change, ChangeLog.RECORD_OVERHEAD_BYTES + key.length);
      ChangeLog.Record record = log.append(logged.timestampMillis(), logged.action(), logged.record(),
          logged.originRecord());
      StorageListener listener = hook.listener;
      if (listener != null) {
        listener.changeLogged(table, number, record);
      }
      return after;
    }
  }

  private StoredRow compute(byte[] key, UnaryOperator<StoredRow> change, long extraRoom) {
    Computed computed = new Computed();
    StorageListener listener = hook.listener;
    index.update(key, (slot, fresh) -> {
      byte[] current = slot == null ? null : slot.cells;
      StoredRow next = change.apply(current == null ? null : new StoredRow(slot.key, current));
      byte[] nextCells = next == null ? null : next.cells();
      byte[] k = slot == null ? fresh.key : slot.key;
      long d = sizeOf(k, nextCells) - sizeOf(k, current);
      budget.checkRoomFor(d + extraRoom);
      computed.sizeChange = d;
      boolean kept;
      if (nextCells == null) {
        if (slot != null) {
          slot.cells = null;
          rows.remove(slot.key);
        }
        kept = false;
      } else if (slot == null) {
        fresh.cells = nextCells;
        computed.mergeDue = rows.insert(fresh);
        computed.after = new StoredRow(fresh.key, nextCells);
        kept = true;
      } else {
        slot.cells = nextCells;
        computed.after = new StoredRow(slot.key, nextCells);
        kept = true;
      }
      // Under the row's lock, so the listener sees a row's changes in order; and after the change is
      // made, so a scan that starts once the listener has been told sees it (a data directory's
      // checkpoint copies with a scan and replays only what its log holds after the copy began).
      if (listener != null && nextCells != current) {
        listener.rowChanged(table, k, nextCells);
      }
      return kept;
    });
    if (computed.mergeDue) {
      rows.merge(); // with the row's lock let go
    }
    budget.add(computed.sizeChange);
    heapBytes.addAndGet(computed.sizeChange);
    return computed.after;
  }

  /** What one {@link #compute} did under the row's lock, for the work done after it is let go. */
  private static final class Computed {
    /** Bytes the row's key and cells grew by (negative: shrank). */
    long sizeChange;
    /** Whether the order's buffer of new rows is due to be merged ({@link OrderedSlots#insert}). */
    boolean mergeDue;
    /** The row after the change; null when there is none. */
    StoredRow after;
  }

  private void changeLogTrimmed(long firstSequence) {
    StorageListener listener = hook.listener;
    if (listener != null) {
      listener.changeLogTrimmed(table, number, firstSequence);
    }
  }

  /**
   * Puts back a change log as it was kept (a restart on a data directory, a restore): it starts
   * at {@code firstSequence} and holds {@code records} (ascending, from {@code firstSequence} on);
   * the next write is logged after the last of them. The table's stream must be enabled.
   */
  void restoreChangeLog(long firstSequence, java.util.List<ChangeLog.Record> records) {
    changeLog.restore(firstSequence, records);
  }

  /** Rows with {@code from <= key < to} in ascending order (a live, weakly consistent view). */
  public Iterator<StoredRow> ascending(byte[] from, byte[] to) {
    return rowsOf(rows.ascending(from, to));
  }

  /** Rows with {@code to < key <= from} in descending order. */
  public Iterator<StoredRow> descending(byte[] from, byte[] to) {
    return rowsOf(rows.descending(from, to));
  }

  public Iterator<StoredRow> all() {
    return rowsOf(rows.ascending(null, null));
  }

  /** Gives this partition's memory back to the budget (the table is being dropped). */
  void release() {
    disableChangeLog();
    budget.add(-heapBytes.getAndSet(0));
    index.clear();
    rows.clear();
  }

  /** The rows of these slots, skipping slots being inserted or deleted (no cells). */
  private static Iterator<StoredRow> rowsOf(Iterator<Slot> slots) {
    return new Iterator<>() {
      private StoredRow ahead;

      @Override
      public boolean hasNext() {
        while (ahead == null && slots.hasNext()) {
          Slot slot = slots.next();
          byte[] cells = slot.cells;
          if (cells != null) {
            ahead = new StoredRow(slot.key, cells);
          }
        }
        return ahead != null;
      }

      @Override
      public StoredRow next() {
        if (!hasNext()) {
          throw new java.util.NoSuchElementException();
        }
        StoredRow row = ahead;
        ahead = null;
        return row;
      }
    };
  }

  private static long sizeOf(byte[] key, byte[] cells) {
    return cells == null ? 0 : StoredRow.estimatedHeapBytes(key, cells);
  }
}
