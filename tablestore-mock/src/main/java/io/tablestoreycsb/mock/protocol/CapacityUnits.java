package io.tablestoreycsb.mock.protocol;

/**
 * Capacity units as the service bills them: per row, in 4 KB units rounded up, at least one.
 * A row-existence condition other than IGNORE costs one extra read unit.
 */
public final class CapacityUnits {
  public static final int UNIT_BYTES = 4 * 1024;

  private CapacityUnits() {}

  /** Units for one row of {@code rowBytes} (0 still costs one unit: the row was looked up). */
  public static int forRow(long rowBytes) {
    return (int) Math.max(1, (rowBytes + UNIT_BYTES - 1) / UNIT_BYTES);
  }

  /** Units for a scan that read {@code totalBytes} in all. */
  public static int forScan(long totalBytes) {
    return forRow(totalBytes);
  }
}
