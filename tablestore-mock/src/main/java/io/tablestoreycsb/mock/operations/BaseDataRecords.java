package io.tablestoreycsb.mock.operations;

import io.tablestoreycsb.mock.storage.StoredRow;
import io.tablestoreycsb.mock.storage.Table;
import java.util.List;

/** Stored rows as the PUT_ROW records of a tunnel's full (BaseData) read: every column's latest live version. */
public final class BaseDataRecords {
  private BaseDataRecords() {}

  /** The row's record (PlainBuffer with header), or null when TTL has expired all of it. */
  public static byte[] latestVersions(Table table, StoredRow row, long nowMillis) {
    ReadSpec latest = ReadSpec.of(table, nowMillis, List.of(), false, null, true, 1, false, null);
    ReadSpec.Projection projection = latest.project(table, row);
    return projection == null ? null : RowEncoder.row(table, row, projection).toByteArray();
  }
}
