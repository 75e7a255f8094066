package io.tablestoreycsb.mock.storage;

/**
 * A row as stored: its encoded primary key ({@link RowKey}) and its packed attribute columns
 * ({@link Cells}), both immutable. The partition keeps only the two arrays; a StoredRow is a
 * short-lived view over them. Writers build new cells and swap them in atomically, so readers never
 * see a half-written row.
 */
public final class StoredRow {
  /**
   * JVM overhead of a row beyond its two arrays' contents, for the memory budget (64-bit JVM,
   * compressed oops): two array headers (2 x 16 B) and the arrays' padding to 8 bytes (~4 B on
   * average); the partition's slot (24 B) and its place in the {@link SlotTable} (4 B a place,
   * 1.33 to 2.67 places a row: ~8 B); two references in a sorted run of {@link OrderedSlots}, runs
   * 1/2 to full (~12 B). A {@code ConcurrentHashMap} node per row (32 B) was in it until the slots
   * went into the table's array.
   */
  static final int ROW_OVERHEAD_BYTES = 80;

  private final byte[] key;
  private final byte[] cells;

  public StoredRow(byte[] key, byte[] cells) {
    this.key = key;
    this.cells = cells;
  }

  /** The encoded primary key ({@link RowKey}): decode with the table's schema. */
  public byte[] key() {
    return key;
  }

  /** The packed attribute columns ({@link Cells}); empty when the row has none. */
  public byte[] cells() {
    return cells;
  }

  public CellCursor cursor() {
    return new CellCursor(cells);
  }

  /**
   * Whether the row is still alive for a table whose data expires before {@code minTimestamp}
   * (ms): it has a cell version at or after it, or it has no attribute columns at all.
   */
  public boolean aliveSince(long minTimestamp) {
    if (cells.length == 0 || minTimestamp <= 0) {
      return true;
    }
    CellCursor cursor = cursor();
    while (cursor.nextColumn()) {
      cursor.nextVersion();
      if (cursor.timestamp() >= minTimestamp) {
        return true;
      }
    }
    return false;
  }

  /** What this row costs the mock's heap, roughly (used by the memory budget). */
  public long estimatedHeapBytes() {
    return estimatedHeapBytes(key, cells);
  }

  static long estimatedHeapBytes(byte[] key, byte[] cells) {
    return ROW_OVERHEAD_BYTES + key.length + (cells == null ? 0 : cells.length);
  }
}
