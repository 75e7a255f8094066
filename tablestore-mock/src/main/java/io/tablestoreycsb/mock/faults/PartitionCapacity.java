package io.tablestoreycsb.mock.faults;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * A per-partition throughput limit in rows per second, as reservations that queue.
 *
 * <p>Each (table, partition) has a "next free time" on the nanosecond clock: serving one row
 * alone takes {@code 1 / rate} seconds of the partition's time. A reservation is one request's
 * rows on one partition, and part of its cost is the request's own work there rather than its
 * rows' (the service processes a BatchWriteRow per partition, each part one write to disk): half a
 * single row's time per reservation and half per row, so n rows in one reservation take
 * {@code (0.5 + 0.5 n) / rate}. A single-row request costs exactly {@code 1 / rate}; 200 rows of
 * one batch on one partition cost 100.5 rows' time, and the same batch spread over 16 partitions
 * pays the request's half 16 times (108 rows' time in all), which is why batches grouped by
 * partition write faster. A reservation of n rows starts at the
 * later of the next free time and now (minus a small burst allowance), moves the next free time
 * on by n rows' worth, and answers how long the caller must wait until its rows are served. So
 * under a load above the rate, responses queue up and the partition serves exactly its rate;
 * below it, nothing waits. Idle partitions bank at most {@code burstNanos} of service time, so
 * a short burst after a pause is served at once.
 *
 * <p>Lock-free: one CAS loop on an {@link AtomicLong} per partition. Memory is bounded: when
 * more than {@link #MAX_TRACKED_PARTITIONS} partitions are tracked, idle ones (which behave
 * exactly like new ones) are dropped.
 */
public final class PartitionCapacity {

  /** Service time an idle partition banks, so a small burst is not delayed. */
  public static final long DEFAULT_BURST_NANOS = 10_000_000L;

  /** The share of a single-row request's cost that is the request's own, not its row's. */
  public static final double REQUEST_SHARE = 0.5;

  static final int MAX_TRACKED_PARTITIONS = 65_536;

  /** Marks a bucket dropped from the map; a reservation that sees it retries on a fresh one. */
  private static final long RETIRED = Long.MIN_VALUE;

  private record Key(String table, int partition) {
  }

  private final double rowsPerSecond;
  private final double nanosPerRow;
  private final long burstNanos;
  private final LongSupplier clock;
  /** Where each reservation is counted for the mock's own view of its load; null: nowhere. */
  private final ServiceLoad load;
  private final ConcurrentHashMap<Key, AtomicLong> nextFree = new ConcurrentHashMap<>();

  /**
   * @param rowsPerSecond rows each partition serves per second; must be positive and finite
   * @param burstNanos service time an idle partition may bank
   * @param clock a monotonic nanosecond clock ({@code System::nanoTime})
   */
  public PartitionCapacity(double rowsPerSecond, long burstNanos, LongSupplier clock) {
    this(rowsPerSecond, burstNanos, clock, null);
  }

  /** A limit whose reservations are also counted in {@code load} (null: not counted). */
  public PartitionCapacity(double rowsPerSecond, long burstNanos, LongSupplier clock, ServiceLoad load) {
    if (!(rowsPerSecond > 0) || Double.isInfinite(rowsPerSecond)) {
      throw new IllegalArgumentException(
          "partition capacity must be a positive number of rows per second, got " + rowsPerSecond);
    }
    if (burstNanos < 0) {
      throw new IllegalArgumentException("burst must not be negative, got " + burstNanos);
    }
    this.rowsPerSecond = rowsPerSecond;
    this.nanosPerRow = 1e9 / rowsPerSecond;
    this.burstNanos = burstNanos;
    this.clock = clock;
    this.load = load;
  }

  public double rowsPerSecond() {
    return rowsPerSecond;
  }

  public long burstNanos() {
    return burstNanos;
  }

  /**
   * Reserves one request's {@code rows} rows on a partition; returns nanoseconds until they are
   * served.
   */
  public long reserve(String table, int partition, int rows) {
    if (rows <= 0) {
      return 0;
    }
    long cost = costNanos(rows);
    Key key = new Key(table, partition);
    while (true) {
      AtomicLong bucket = bucketFor(key);
      long now = clock.getAsLong();
      long current = bucket.get();
      if (current == RETIRED) {
        nextFree.remove(key, bucket);
        continue;
      }
      long start = Math.max(current, now - burstNanos);
      long done = start + cost;
      if (bucket.compareAndSet(current, done)) {
        long wait = Math.max(0, done - now);
        if (load != null) {
          load.reserved(table, partition, rows, cost, wait);
        }
        return wait;
      }
    }
  }

  /** The partition time one request's {@code rows} rows take: its own share plus each row's. */
  long costNanos(int rows) {
    return Math.max(1, Math.round((REQUEST_SHARE + (1 - REQUEST_SHARE) * rows) * nanosPerRow));
  }

  private AtomicLong bucketFor(Key key) {
    AtomicLong bucket = nextFree.get(key);
    if (bucket != null) {
      return bucket;
    }
    if (nextFree.size() >= MAX_TRACKED_PARTITIONS) {
      dropIdle();
    }
    return nextFree.computeIfAbsent(key, k -> new AtomicLong(clock.getAsLong() - burstNanos));
  }

  /** Drops partitions with nothing queued and a full burst banked: they act like new ones. */
  private void dropIdle() {
    long idleBefore = clock.getAsLong() - burstNanos;
    nextFree.forEach((key, bucket) -> {
      long value = bucket.get();
      if (value != RETIRED && value <= idleBefore && bucket.compareAndSet(value, RETIRED)) {
        nextFree.remove(key, bucket);
      }
    });
  }

  /** How many partitions are tracked (for tests of the memory bound). */
  int trackedPartitions() {
    return nextFree.size();
  }

  @Override
  public String toString() {
    return Rates.format(rowsPerSecond) + " rows/s per partition (burst "
        + Durations.format(burstNanos) + ")";
  }
}
