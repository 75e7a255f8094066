package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.protocol.ServiceLimits;
import io.tablestoreycsb.mock.storage.CellCursor;
import io.tablestoreycsb.mock.storage.StoredRow;
import io.tablestoreycsb.mock.storage.Table;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * What a read returns of each row: columns_to_get (empty = all), the column range start_column
 * (inclusive) to end_column (exclusive) in name order, how many versions, which time range, which
 * rows pass the filter (rows that fail it read as absent).
 */
final class ReadSpec {
  /**
   * What a read selected of one stored row, as positions in its packed cells (name and version
   * offsets, in response order), plus the billed data size (primary key included).
   */
  static final class Projection {
    private int[] picks = new int[12]; // per selected version: name offset, name length, version offset
    private int count;
    private long dataBytes;

    void add(int nameOffset, int nameLength, int versionOffset) {
      if (3 * count + 3 > picks.length) {
        picks = java.util.Arrays.copyOf(picks, picks.length * 2);
      }
      picks[3 * count] = nameOffset;
      picks[3 * count + 1] = nameLength;
      picks[3 * count + 2] = versionOffset;
      count++;
    }

    int count() {
      return count;
    }

    int nameOffset(int i) {
      return picks[3 * i];
    }

    int nameLength(int i) {
      return picks[3 * i + 1];
    }

    int versionOffset(int i) {
      return picks[3 * i + 2];
    }

    long dataBytes() {
      return dataBytes;
    }
  }

  private final Set<String> columnsToGet;
  private final byte[][] columnsToGetBytes; // the same names as UTF-8, matched against stored names
  private final boolean primaryKeyRequested;
  private final int maxVersions;
  private final long startTime;
  private final long endTime; // exclusive
  private final ColumnFilter rowFilter; // null = every row
  private final long expiredBefore; // rows with no version at or after this are expired (TTL); 0 = never
  private final byte[] startColumn; // UTF-8, inclusive; null = from the first column
  private final byte[] endColumn; // UTF-8, exclusive; null = to the last column
  private final ColumnPagination pagination; // null = every selected column

  private ReadSpec(Set<String> columnsToGet, boolean primaryKeyRequested, int maxVersions, long startTime, long endTime,
      ColumnFilter rowFilter, long expiredBefore, byte[] startColumn, byte[] endColumn, ColumnPagination pagination) {
    this.pagination = pagination;
    this.startColumn = startColumn;
    this.endColumn = endColumn;
    this.rowFilter = rowFilter;
    this.expiredBefore = expiredBefore;
    this.columnsToGet = columnsToGet;
    this.columnsToGetBytes = new byte[columnsToGet.size()][];
    int i = 0;
    for (String name : columnsToGet) {
      columnsToGetBytes[i++] = name.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }
    this.primaryKeyRequested = primaryKeyRequested;
    this.maxVersions = maxVersions;
    this.startTime = startTime;
    this.endTime = endTime;
  }

  /**
   * The read a request asks of {@code table} at {@code nowMillis}: its fields as given, with the
   * versions the table's TTL has expired hidden.
   */
  static ReadSpec of(Table table, long nowMillis, List<String> columnsToGet, boolean hasTimeRange,
      OtsInternalApi.TimeRange timeRange, boolean hasMaxVersions, int maxVersions, boolean hasFilter,
      com.aliyun.ots.thirdparty.com.google.protobuf.ByteString filter) {
    return of(table, nowMillis, columnsToGet, hasTimeRange, timeRange, hasMaxVersions, maxVersions, hasFilter, filter,
        null, null);
  }

  /**
   * As {@link #of(Table, long, List, boolean, OtsInternalApi.TimeRange, boolean, int, boolean,
   * com.aliyun.ots.thirdparty.com.google.protobuf.ByteString)}, with the request's start_column and
   * end_column (null when absent): only attribute columns whose names sort (by their UTF-8 bytes,
   * the order columns are stored and returned in) at or after the start and before the end are
   * read; columns_to_get, when given too, narrows them further.
   */
  static ReadSpec of(Table table, long nowMillis, List<String> columnsToGet, boolean hasTimeRange,
      OtsInternalApi.TimeRange timeRange, boolean hasMaxVersions, int maxVersions, boolean hasFilter,
      com.aliyun.ots.thirdparty.com.google.protobuf.ByteString filter, String startColumn, String endColumn) {
    ColumnPagination pagination = hasFilter && !filter.isEmpty() ? ColumnPagination.of(filter, "filter") : null;
    ColumnFilter rowFilter = hasFilter && !filter.isEmpty() && pagination == null
        ? ColumnFilter.parse(filter, "filter", table.primaryKeyNames()) : null;
    ServiceLimits.checkColumnsToGet(columnsToGet);
    if (!hasTimeRange && !hasMaxVersions) {
      throw OtsException.parameterInvalid("Neither column time range nor max versions is specified.");
    }
    int versions = Integer.MAX_VALUE;
    if (hasMaxVersions) {
      if (maxVersions <= 0) {
        throw OtsException.parameterInvalid("max_versions must be positive, got " + maxVersions + ".");
      }
      versions = maxVersions;
    }
    long start = 0;
    long end = Long.MAX_VALUE;
    if (hasTimeRange) {
      if (timeRange.hasSpecificTime()) {
        if (hasMaxVersions) {
          // The service refuses the pair (the Go SDK's own TestGetRange expects it): a specific time
          // selects one version already.
          throw OtsException.parameterInvalid("max_versions and time_range.specific_time cannot be set together.");
        }
        start = timeRange.getSpecificTime();
        end = start + 1;
      } else {
        if (!timeRange.hasStartTime() || !timeRange.hasEndTime()) {
          throw OtsException.parameterInvalid("time_range needs specific_time or both start_time and end_time.");
        }
        start = timeRange.getStartTime();
        end = timeRange.getEndTime();
        if (start < 0 || start >= end) {
          throw OtsException.parameterInvalid("time_range start_time must be non-negative and less than end_time.");
        }
      }
    }
    Set<String> wanted = new HashSet<>(columnsToGet);
    boolean pkRequested = false;
    for (PrimaryKeySchema pk : table.schema()) {
      pkRequested |= wanted.contains(pk.getName());
    }
    return new ReadSpec(wanted, pkRequested, versions, start, end, rowFilter, 0, utf8(startColumn), utf8(endColumn), pagination)
        .hidingVersionsBefore(table.settings().minVisibleTimestamp(nowMillis));
  }

  private static byte[] utf8(String name) {
    return name == null ? null : name.getBytes(java.nio.charset.StandardCharsets.UTF_8);
  }

  /**
   * Refuses a wide-row paging token: this endpoint never splits a row's columns over responses
   * (a column pagination filter's page is whole), so no token can be one it issued.
   */
  static void refuseToken(com.aliyun.ots.thirdparty.com.google.protobuf.ByteString token, String field) {
    if (token != null && !token.isEmpty()) {
      throw OtsException.parameterInvalid("Invalid " + field + ": this endpoint issues no wide-row paging tokens.");
    }
  }

  /** This read with versions older than {@code minTimestamp} (expired by TTL) hidden. */
  private ReadSpec hidingVersionsBefore(long minTimestamp) {
    if (minTimestamp <= startTime) {
      return this;
    }
    return new ReadSpec(columnsToGet, primaryKeyRequested, maxVersions, minTimestamp, Math.max(minTimestamp, endTime), rowFilter,
        minTimestamp, startColumn, endColumn, pagination);
  }

  /**
   * The row as this read returns it, or null when nothing of it is selected (the service then
   * answers as if the row were absent).
   */
  Projection project(Table table, StoredRow row) {
    if (!row.aliveSince(expiredBefore)) {
      return null;
    }
    if (rowFilter != null && !rowFilter.test(row)) {
      return null;
    }
    Projection projection = new Projection();
    long bytes = table.primaryKeyDataSize(row.key());
    CellCursor cursor = row.cursor();
    int column = -1; // the column's position among the selected ones, for a column pagination filter
    while (cursor.nextColumn()) {
      if (columnsToGetBytes.length > 0 && !wanted(cursor) || !inColumnRange(cursor)) {
        continue;
      }
      column++;
      if (pagination != null && !pagination.returns(column)) {
        if (pagination.donePast(column)) {
          break;
        }
        continue;
      }
      int taken = 0;
      while (taken < maxVersions && cursor.nextVersion()) {
        if (cursor.timestamp() >= startTime && cursor.timestamp() < endTime) {
          projection.add(cursor.nameOffset(), cursor.nameLength(), cursor.versionOffset());
          bytes += cursor.nameLength() + cursor.valueLength();
          taken++;
        }
      }
    }
    if (projection.count() == 0 && !columnsToGet.isEmpty() && !primaryKeyRequested) {
      return null;
    }
    projection.dataBytes = bytes;
    return projection;
  }

  private boolean inColumnRange(CellCursor cursor) {
    if (startColumn == null && endColumn == null) {
      return true;
    }
    byte[] cells = cursor.array();
    int from = cursor.nameOffset();
    int to = from + cursor.nameLength();
    return (startColumn == null || java.util.Arrays.compareUnsigned(cells, from, to, startColumn, 0, startColumn.length) >= 0)
        && (endColumn == null || java.util.Arrays.compareUnsigned(cells, from, to, endColumn, 0, endColumn.length) < 0);
  }

  private boolean wanted(CellCursor cursor) {
    for (byte[] name : columnsToGetBytes) {
      if (cursor.nameEquals(name)) {
        return true;
      }
    }
    return false;
  }
}
