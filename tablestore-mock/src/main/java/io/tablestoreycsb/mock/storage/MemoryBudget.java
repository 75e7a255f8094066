package io.tablestoreycsb.mock.storage;

import io.tablestoreycsb.mock.protocol.ErrorCode;
import io.tablestoreycsb.mock.protocol.OtsException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Bounds the estimated heap held by rows, so a load that does not fit answers a service error
 * (OTSQuotaExhausted) instead of killing the endpoint with OutOfMemoryError. Concurrent writers
 * may overshoot the limit by at most one row each.
 */
public final class MemoryBudget {
  /** The default share of the JVM's max heap that rows may use. */
  public static final double DEFAULT_HEAP_SHARE = 0.5;

  private final long limitBytes;
  private final AtomicLong usedBytes = new AtomicLong();

  public MemoryBudget(long limitBytes) {
    if (limitBytes <= 0) {
      throw new IllegalArgumentException("memory budget must be positive, got " + limitBytes);
    }
    this.limitBytes = limitBytes;
  }

  public static long defaultLimitBytes() {
    return (long) (Runtime.getRuntime().maxMemory() * DEFAULT_HEAP_SHARE);
  }

  /** Throws OTSQuotaExhausted when growing by {@code deltaBytes} would exceed the budget. */
  public void checkRoomFor(long deltaBytes) {
    if (deltaBytes > 0 && usedBytes.get() + deltaBytes > limitBytes) {
      throw new OtsException(ErrorCode.QUOTA_EXHAUSTED, "mock memory budget of " + limitBytes
          + " bytes exhausted (" + usedBytes.get() + " bytes of row data held); delete rows or tables, or start the mock with a larger budget.");
    }
  }

  public void add(long deltaBytes) {
    usedBytes.addAndGet(deltaBytes);
  }

  public long usedBytes() {
    return usedBytes.get();
  }

  public long limitBytes() {
    return limitBytes;
  }
}
