package io.tablestoreycsb.mock.storage;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The values a table assigns to its auto-increment primary key column. The service promises
 * values that strictly increase within a partition key, not consecutive ones; one counter per table
 * keeps that promise for every partition key at once. It starts at the table's creation time in
 * microseconds, so values look like the service's (large positive 64-bit integers) and a table
 * created again starts above the values of its earlier incarnation.
 */
public final class AutoIncrementSequence {
  private final AtomicLong last;

  AutoIncrementSequence(long creationTimeSeconds) {
    this.last = new AtomicLong(creationTimeSeconds * 1_000_000L);
  }

  /**
   * After a restart: the next value is above {@code value} too (the last value handed out is not
   * kept; the restorer passes the largest it finds, or the time, whichever is larger).
   */
  public void advanceTo(long value) {
    last.accumulateAndGet(value, Math::max);
  }

  /** The next value: above every value handed out before. */
  public long next() {
    return last.incrementAndGet();
  }
}
