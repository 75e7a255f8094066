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
  /** Rough JVM overhead of a row and of a cell version, for the memory budget. */
  private static final int ROW_OVERHEAD_BYTES = 160;
  private static final int VERSION_OVERHEAD_BYTES = 96;

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
