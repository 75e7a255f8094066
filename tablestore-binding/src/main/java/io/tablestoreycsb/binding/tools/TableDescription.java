package io.tablestoreycsb.binding.tools;

import java.util.List;

/**
 * What DescribeTable reports about a table, in plain Java types.
 *
 * @param table the table name
 * @param primaryKey the primary key columns as {@code name:TYPE} (e.g. {@code userid:STRING})
 * @param maxVersions the table's max versions, or null when the service did not report it
 * @param timeToLiveSeconds the time to live in seconds (-1: forever), or null when not reported
 * @param reservedReadCu reserved read capacity units, or null when not reported
 * @param reservedWriteCu reserved write capacity units, or null when not reported
 * @param splitPoints the partition boundaries in key order: the first primary key column's value
 *     at which each partition after the first starts (a STRING key's value as is)
 * @param stringSplitPoints whether the split points are STRING values
 */
public record TableDescription(String table, List<String> primaryKey, Integer maxVersions,
    Integer timeToLiveSeconds, Integer reservedReadCu, Integer reservedWriteCu, List<String> splitPoints,
    boolean stringSplitPoints) {

  public TableDescription {
    primaryKey = List.copyOf(primaryKey);
    splitPoints = List.copyOf(splitPoints);
  }

  /** Partitions the service reports: one more than the split points. */
  public int partitions() {
    return splitPoints.size() + 1;
  }
}
