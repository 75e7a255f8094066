package io.tablestoreycsb.mock.storage;

/**
 * The mutable settings of a table (UpdateTable changes them): table options and reserved
 * throughput. What CreateTable fixes for good ({@code update_full_row} among them) is the table's
 * {@link TableDefinition}.
 */
public record TableSettings(
    int timeToLiveSeconds,
    int maxVersions,
    long deviationCellVersionInSec,
    boolean allowUpdate,
    int reservedReadCu,
    int reservedWriteCu,
    long lastIncreaseTime,
    long lastDecreaseTime) {

  public static final int TTL_FOREVER = -1;

  /**
   * The oldest cell timestamp (ms) still visible at {@code nowMillis} under the table's time to
   * live; 0 when data never expires. Expired versions are hidden from reads and conditions (and
   * freed when the row is next rewritten), as the service hides them before compaction.
   */
  public long minVisibleTimestamp(long nowMillis) {
    return timeToLiveSeconds == TTL_FOREVER ? 0 : Math.max(0, nowMillis - timeToLiveSeconds * 1000L);
  }
  public static final long DEFAULT_DEVIATION_SECONDS = 86400;
}
