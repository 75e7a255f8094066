package io.tablestoreycsb.mock.storage;

import java.util.ArrayList;
import java.util.List;

/**
 * One partition's stream: every committed write in commit order, each with a sequence number
 * (dense, from 0) and the server time it committed. Records are held already encoded (the bytes
 * a tunnel reader hands out), counted against the memory budget, and trimmed from the head: below
 * the lowest position any reader still needs, and past the stream's expiry.
 *
 * <p>Appends come from {@link Partition#compute} under this log's lock, so the log's order is the
 * order the row map saw the writes in.
 */
public final class ChangeLog {
  /** Estimated heap per record besides its bytes: the record object, the array header, the deque slot. */
  static final int RECORD_OVERHEAD_BYTES = 64;
  /** The stream action of a whole-row write (the Tunnel protocol's ActionType PUT_ROW). */
  public static final int PUT_ROW = 1;

  /**
   * One committed write. {@code action} is the stream action (PUT_ROW, UPDATE_ROW, DELETE_ROW as
   * the Tunnel protocol numbers them); {@code row} the record's PlainBuffer (with header);
   * {@code origin} the stream's origin columns as the row held them before the write (a
   * PlainBuffer row), or null.
   */
  public record Record(long sequence, long timestampMillis, int action, byte[] row, byte[] origin) {
    public Record(long sequence, long timestampMillis, int action, byte[] row) {
      this(sequence, timestampMillis, action, row, null);
    }

    long heapBytes() {
      return RECORD_OVERHEAD_BYTES + row.length + (origin == null ? 0 : origin.length);
    }
  }

  /** A page read from the log: the records, the position after them, and whether the log held more. */
  public record Page(List<Record> records, long nextSequence, boolean more) {}

  private final MemoryBudget budget;
  /**
   * The records from {@link #firstSequence} on, as a ring: record {@code s} is at
   * {@code ring[(head + s - firstSequence) & (ring.length - 1)]}, so a reader far behind finds its
   * position in O(1). The length is a power of two; it doubles when full.
   */
  private Record[] ring = new Record[16];
  private int head;
  private int size;
  private long firstSequence;
  private long nextSequence;
  private long heapBytes;
  /** Records older than this are dropped as new ones arrive (the stream's expiration time). */
  private volatile long retentionMillis;
  /** Told the new first sequence after records were trimmed (for the storage's listener). */
  private final java.util.function.LongConsumer trimmed;

  ChangeLog(MemoryBudget budget, long retentionMillis) {
    this(budget, retentionMillis, first -> { });
  }

  ChangeLog(MemoryBudget budget, long retentionMillis, java.util.function.LongConsumer trimmed) {
    this.budget = budget;
    this.retentionMillis = retentionMillis;
    this.trimmed = trimmed;
  }

  /** Replaces an empty log's content with records kept elsewhere (see {@link Partition#restoreChangeLog}). */
  synchronized void restore(long first, List<Record> records) {
    if (size > 0 || nextSequence > 0) {
      throw new IllegalStateException("a change log is restored only while empty");
    }
    firstSequence = first;
    nextSequence = first;
    for (Record r : records) {
      if (r.sequence() < nextSequence) {
        continue;
      }
      if (size == ring.length) {
        grow();
      }
      ring[(head + size) & (ring.length - 1)] = r;
      size++;
      heapBytes += r.heapBytes();
      budget.add(r.heapBytes());
      nextSequence = r.sequence() + 1;
      if (size == 1) {
        firstSequence = r.sequence();
      }
    }
  }

  void retainFor(long millis) {
    this.retentionMillis = millis;
  }

  /**
   * Appends a committed write, stamped with the next sequence number. Called with the partition's
   * row already changed, so it must not fail: a write that fits the row budget is logged even if
   * the log overshoots the budget by this record.
   */
  synchronized Record append(long timestampMillis, int action, byte[] row) {
    return append(timestampMillis, action, row, null);
  }

  /** As {@link #append(long, int, byte[])}, with the record's origin columns (null: none). */
  synchronized Record append(long timestampMillis, int action, byte[] row, byte[] origin) {
    // The log's times never go back, so that readers from a point in time (sequenceAt) and trimming can
    // scan in order: an atomic group reads its commit time before it takes its rows, and may commit
    // after a single write that read a later time.
    long stamped = size == 0 ? timestampMillis : Math.max(timestampMillis, at(size - 1).timestampMillis());
    Record record = new Record(nextSequence++, stamped, action, row, origin);
    if (size == ring.length) {
      grow();
    }
    ring[(head + size) & (ring.length - 1)] = record;
    size++;
    heapBytes += record.heapBytes();
    budget.add(record.heapBytes());
    if (at(0).timestampMillis() < stamped - retentionMillis) {
      trimOlderThan(stamped - retentionMillis);
    }
    return record;
  }

  /**
   * Up to {@code maxRecords} records from {@code fromSequence} on, stopping before the one that
   * would take the page past {@code maxBytes} (a page holds at least one record if any is there).
   * {@code fromSequence} must not be below {@link #firstSequence()}.
   */
  public synchronized Page read(long fromSequence, int maxRecords, long maxBytes) {
    if (fromSequence < firstSequence) {
      throw new IllegalArgumentException("sequence " + fromSequence + " was trimmed; the log starts at " + firstSequence);
    }
    int from = (int) Math.min(size, fromSequence - firstSequence);
    int count = Math.min(maxRecords, size - from);
    List<Record> page = new ArrayList<>(Math.max(0, count));
    long bytes = 0;
    for (int i = from; i < from + count; i++) {
      Record r = at(i);
      if (!page.isEmpty() && bytes + r.row().length > maxBytes) {
        break;
      }
      page.add(r);
      bytes += r.row().length;
    }
    long next = Math.max(fromSequence, firstSequence + from + page.size());
    return new Page(page, next, next < nextSequence);
  }

  private Record at(int index) {
    return ring[(head + index) & (ring.length - 1)];
  }

  private Record removeFirst() {
    Record first = ring[head];
    ring[head] = null;
    head = (head + 1) & (ring.length - 1);
    size--;
    firstSequence = first.sequence() + 1;
    return first;
  }

  private void grow() {
    Record[] bigger = new Record[ring.length * 2];
    for (int i = 0; i < size; i++) {
      bigger[i] = at(i);
    }
    ring = bigger;
    head = 0;
  }

  /** Drops records below {@code sequence} (every reader has checkpointed past them). */
  public synchronized void trimBelow(long sequence) {
    long freed = 0;
    while (size > 0 && at(0).sequence() < sequence) {
      freed += removeFirst().heapBytes();
    }
    release(freed);
    if (freed > 0) {
      trimmed.accept(firstSequence);
    }
  }

  /** Drops records committed before {@code cutoffMillis} (past the stream's expiry). */
  public synchronized void trimOlderThan(long cutoffMillis) {
    long freed = 0;
    while (size > 0 && at(0).timestampMillis() < cutoffMillis) {
      freed += removeFirst().heapBytes();
    }
    release(freed);
    if (freed > 0) {
      trimmed.accept(firstSequence);
    }
  }

  /** The oldest sequence number still readable. */
  public synchronized long firstSequence() {
    return firstSequence;
  }

  /** The sequence number the next write will get (one past the newest). */
  public synchronized long nextSequence() {
    return nextSequence;
  }

  /**
   * The first sequence number committed at or after {@code millis} (the log's end if none): where a
   * reader starting from a point in time begins.
   */
  public synchronized long sequenceAt(long millis) {
    for (int i = 0; i < size; i++) {
      if (at(i).timestampMillis() >= millis) {
        return at(i).sequence();
      }
    }
    return nextSequence;
  }

  public synchronized long heapBytes() {
    return heapBytes;
  }

  /** Gives the log's memory back (the stream is disabled or the table dropped). */
  synchronized void clear() {
    release(heapBytes);
    ring = new Record[16];
    head = 0;
    size = 0;
    firstSequence = nextSequence;
  }

  private void release(long bytes) {
    heapBytes -= bytes;
    budget.add(-bytes);
  }
}
