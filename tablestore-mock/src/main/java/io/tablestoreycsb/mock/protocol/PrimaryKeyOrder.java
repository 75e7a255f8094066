package io.tablestoreycsb.mock.protocol;

import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import java.util.Comparator;

/**
 * The service's row order: column by column; INTEGER as signed 64-bit, STRING (UTF-8) and BINARY
 * as unsigned bytes; INF_MIN below and INF_MAX above every value. The SDK's own
 * {@code PrimaryKeyValue.compareTo} compares strings as Java strings (UTF-16), which differs for
 * characters outside the BMP, so it is not used. The row map itself compares keys in this order as
 * bytes ({@code storage.RowKey}, tested against this class).
 */
public final class PrimaryKeyOrder {
  public static final Comparator<PrimaryKey> KEYS = PrimaryKeyOrder::compareKeys;

  private PrimaryKeyOrder() {}

  /**
   * Called ~20 times per skip-list lookup: columns are read by index because
   * {@code getPrimaryKeyColumns()} copies the array on every call.
   */
  public static int compareKeys(PrimaryKey a, PrimaryKey b) {
    int left = a.size();
    int right = b.size();
    int n = Math.min(left, right);
    for (int i = 0; i < n; i++) {
      int c = compareValues(a.getPrimaryKeyColumn(i).getValue(), b.getPrimaryKeyColumn(i).getValue());
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(left, right);
  }

  public static int compareValues(PrimaryKeyValue a, PrimaryKeyValue b) {
    int ra = rank(a);
    int rb = rank(b);
    if (ra != 1 || rb != 1) {
      return Integer.compare(ra, rb);
    }
    if (a.getType() != b.getType()) {
      // Only possible between a key and a bound of another type; order by type to stay total.
      return a.getType().compareTo(b.getType());
    }
    switch (a.getType()) {
      case INTEGER:
        return Long.compare(a.asLong(), b.asLong());
      case STRING:
        return compareUnsigned(a.asStringInBytes(), b.asStringInBytes());
      case BINARY:
        return compareUnsigned(a.asBinary(), b.asBinary());
      default:
        throw new IllegalArgumentException("Unsupported primary key type: " + a.getType());
    }
  }

  private static int rank(PrimaryKeyValue v) {
    if (v.isInfMin()) {
      return 0;
    }
    if (v.isInfMax()) {
      return 2;
    }
    return 1;
  }

  private static int compareUnsigned(byte[] a, byte[] b) {
    return java.util.Arrays.compareUnsigned(a, b);
  }
}
