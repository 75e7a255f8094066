package io.tablestoreycsb.mock.storage;

import com.alicloud.openservices.tablestore.model.PrimaryKey;
import io.tablestoreycsb.mock.protocol.RowSizes;
import java.util.Collections;
import java.util.List;
import java.util.SortedMap;

/**
 * An immutable row: primary key and, per attribute column (sorted by name), its versions newest
 * first. Writers build a new StoredRow and swap it in atomically, so readers never see a half-written row.
 */
public final class StoredRow {
  /**
   * Rough JVM overhead of a row (skip-list node, key objects, column map) and of a cell version
   * (map entry, version record, value object, name string), for the memory budget. Names and
   * values count twice: the SDK's values keep both the Java string and its UTF-8 bytes.
   */
  private static final int ROW_OVERHEAD_BYTES = 250;
  private static final int VERSION_OVERHEAD_BYTES = 200;

  private final PrimaryKey primaryKey;
  private final SortedMap<String, List<CellVersion>> columns;
  private final long estimatedHeapBytes;

  public StoredRow(PrimaryKey primaryKey, SortedMap<String, List<CellVersion>> columns) {
    this.primaryKey = primaryKey;
    this.columns = Collections.unmodifiableSortedMap(columns);
    this.estimatedHeapBytes = estimate(primaryKey, columns);
  }

  public PrimaryKey primaryKey() {
    return primaryKey;
  }

  /** Attribute columns by name; each list newest first, never empty. */
  public SortedMap<String, List<CellVersion>> columns() {
    return columns;
  }

  /**
   * Whether the row is still alive for a table whose data expires before {@code minTimestamp}
   * (ms): it has a cell version at or after it, or it has no attribute columns at all.
   */
  public boolean aliveSince(long minTimestamp) {
    if (columns.isEmpty() || minTimestamp <= 0) {
      return true;
    }
    for (List<CellVersion> versions : columns.values()) {
      if (versions.get(0).timestamp() >= minTimestamp) {
        return true;
      }
    }
    return false;
  }

  /** What this row costs the mock's heap, roughly (used by the memory budget). */
  public long estimatedHeapBytes() {
    return estimatedHeapBytes;
  }

  private static long estimate(PrimaryKey key, SortedMap<String, List<CellVersion>> columns) {
    long bytes = ROW_OVERHEAD_BYTES + 2 * RowSizes.primaryKey(key);
    for (var e : columns.entrySet()) {
      for (CellVersion v : e.getValue()) {
        bytes += VERSION_OVERHEAD_BYTES + 2L * RowSizes.cell(e.getKey(), v.value());
      }
    }
    return bytes;
  }
}
