package io.tablestoreycsb.mock.storage;

/**
 * The mutable settings of a table (UpdateTable changes them): table options and reserved
 * throughput. TTL is recorded and reported but data does not expire in the mock.
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
  public static final long DEFAULT_DEVIATION_SECONDS = 86400;
}
