package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import com.alicloud.openservices.tablestore.model.Column;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.protocol.RowSizes;
import io.tablestoreycsb.mock.protocol.ServiceLimits;
import io.tablestoreycsb.mock.storage.CellVersion;
import io.tablestoreycsb.mock.storage.StoredRow;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a read returns of each row: columns_to_get (empty = all), how many versions, which time
 * range, which rows pass the filter (rows that fail it read as absent).
 */
final class ReadSpec {
  /** The columns and data size of one row as read. */
  record Projection(List<Column> columns, long dataBytes) {}

  private final Set<String> columnsToGet;
  private final boolean primaryKeyRequested;
  private final int maxVersions;
  private final long startTime;
  private final long endTime; // exclusive
  private final ColumnFilter rowFilter; // null = every row
  private final long expiredBefore; // rows with no version at or after this are expired (TTL); 0 = never

  private ReadSpec(Set<String> columnsToGet, boolean primaryKeyRequested, int maxVersions, long startTime, long endTime,
      ColumnFilter rowFilter, long expiredBefore) {
    this.rowFilter = rowFilter;
    this.expiredBefore = expiredBefore;
    this.columnsToGet = columnsToGet;
    this.primaryKeyRequested = primaryKeyRequested;
    this.maxVersions = maxVersions;
    this.startTime = startTime;
    this.endTime = endTime;
  }

  static ReadSpec of(List<String> columnsToGet, boolean hasTimeRange, OtsInternalApi.TimeRange timeRange, boolean hasMaxVersions,
      int maxVersions, boolean hasFilter, com.aliyun.ots.thirdparty.com.google.protobuf.ByteString filter,
      List<String> primaryKeyNames) {
    ColumnFilter rowFilter = hasFilter && !filter.isEmpty() ? ColumnFilter.parse(filter, "filter") : null;
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
    for (String pk : primaryKeyNames) {
      pkRequested |= wanted.contains(pk);
    }
    return new ReadSpec(wanted, pkRequested, versions, start, end, rowFilter, 0);
  }

  /** This read with versions older than {@code minTimestamp} (expired by TTL) hidden. */
  ReadSpec hidingVersionsBefore(long minTimestamp) {
    if (minTimestamp <= startTime) {
      return this;
    }
    return new ReadSpec(columnsToGet, primaryKeyRequested, maxVersions, minTimestamp, Math.max(minTimestamp, endTime), rowFilter,
        minTimestamp);
  }

  /**
   * The row as this read returns it, or null when nothing of it is selected (the service then
   * answers as if the row were absent).
   */
  Projection project(StoredRow row) {
    if (!row.aliveSince(expiredBefore)) {
      return null;
    }
    if (rowFilter != null && !rowFilter.test(row)) {
      return null;
    }
    long bytes = RowSizes.primaryKey(row.primaryKey());
    List<Column> columns = new ArrayList<>();
    for (Map.Entry<String, List<CellVersion>> e : row.columns().entrySet()) {
      if (!columnsToGet.isEmpty() && !columnsToGet.contains(e.getKey())) {
        continue;
      }
      int taken = 0;
      for (CellVersion v : e.getValue()) {
        if (taken == maxVersions) {
          break;
        }
        if (v.timestamp() >= startTime && v.timestamp() < endTime) {
          columns.add(new Column(e.getKey(), v.value(), v.timestamp()));
          bytes += RowSizes.cell(e.getKey(), v.value());
          taken++;
        }
      }
    }
    if (columns.isEmpty() && !columnsToGet.isEmpty() && !primaryKeyRequested) {
      return null;
    }
    return new Projection(columns, bytes);
  }

  static List<String> primaryKeyNames(io.tablestoreycsb.mock.storage.Table table) {
    List<String> names = new ArrayList<>();
    for (var s : table.schema()) {
      names.add(s.getName());
    }
    return names;
  }
}
