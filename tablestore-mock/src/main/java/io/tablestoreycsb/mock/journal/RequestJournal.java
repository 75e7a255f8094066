package io.tablestoreycsb.mock.journal;

import io.tablestoreycsb.mock.protocol.ActionName;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Predicate;

/**
 * What the embedded mock served, request by request, for tests to assert on: take the requests one
 * by one as they arrive ({@link #takeRequest()}, like OkHttp's MockWebServer), or query the ones kept
 * ({@link #requests(ActionName)}, {@link #rows(ActionName)}).
 *
 * <p>Bounded: it keeps the most recent requests up to {@link #capacity()} rows, a request weighing
 * its rows (one for a request without rows). Past the bound the oldest are dropped and counted
 * ({@link #droppedCount()}); taking a dropped request is an error that says so, never a silent skip.
 * Capacity 0 turns the journal off: the mock then records nothing and every query is refused.
 *
 * <p>Recording costs one lock and one object per request (rows are kept as the key arrays the
 * storage already made), well under a microsecond: see docs/mock-journal.md for the measurement.
 * Thread-safe.
 */
public final class RequestJournal {
  /** Rows kept by default: 10,000 (at most a few MB). */
  public static final int DEFAULT_CAPACITY = 10_000;
  /** How long {@link #takeRequest()} waits. */
  public static final Duration DEFAULT_TAKE_TIMEOUT = Duration.ofSeconds(10);

  private final int capacity;
  private final ReentrantLock lock = new ReentrantLock();
  private final Condition arrived = lock.newCondition();
  /** Kept requests, oldest at {@code head}; grows up to the number the capacity allows. */
  private RecordedRequest[] ring;
  /**
   * Each kept request's weight, at its place in {@link #ring}: dropping the oldest reads this array
   * rather than the request and its rows, objects recorded thousands of requests ago and long out
   * of the processor's caches.
   */
  private int[] weights;
  private int head;
  private int size;
  private long weight;
  private long nextSequence;
  private long firstKeptSequence;
  private long dropped;
  private long nextToTake;
  private long sequenceAtClear;

  /**
   * @param capacity rows to keep (a request weighs max(1, its rows)); 0 turns recording off
   */
  public RequestJournal(int capacity) {
    if (capacity < 0) {
      throw new IllegalArgumentException("journal capacity must be 0 (off) or a positive number of rows, got " + capacity);
    }
    this.capacity = capacity;
    this.ring = new RecordedRequest[Math.min(capacity, 1024)];
    this.weights = new int[ring.length];
  }

  /** True unless the capacity is 0. */
  public boolean isOn() {
    return capacity > 0;
  }

  /** Rows kept at most (see the class comment). */
  public int capacity() {
    return capacity;
  }

  /** Records one answered request; called by the request pipeline (a no-op when off). */
  public void record(RecordedRequest.Entry entry) {
    if (capacity == 0) {
      return;
    }
    int w = entry.weight();
    lock.lock();
    try {
      // Make room first, so the ring never holds more than `capacity` requests (each weighs at
      // least 1); a request heavier than the whole capacity is kept alone.
      while (size > 0 && weight + w > capacity) {
        ring[head] = null;
        weight -= weights[head];
        head = head + 1 == ring.length ? 0 : head + 1;
        size--;
        firstKeptSequence++; // the oldest kept was firstKeptSequence: sequences are consecutive
        dropped++;
      }
      if (size == ring.length) {
        grow();
      }
      int at = (head + size) % ring.length;
      ring[at] = new RecordedRequest(nextSequence++, entry);
      weights[at] = w;
      size++;
      weight += w;
      arrived.signalAll();
    } finally {
      lock.unlock();
    }
  }

  private void grow() {
    RecordedRequest[] bigger = new RecordedRequest[Math.min(capacity, ring.length * 2)];
    int[] biggerWeights = new int[bigger.length];
    for (int i = 0; i < size; i++) {
      bigger[i] = ring[(head + i) % ring.length];
      biggerWeights[i] = weights[(head + i) % ring.length];
    }
    ring = bigger;
    weights = biggerWeights;
    head = 0;
  }

  /**
   * The next request not yet taken, in the order the mock answered them, waiting up to
   * {@link #DEFAULT_TAKE_TIMEOUT} for it to arrive.
   *
   * @throws IllegalStateException when none arrives in time, or the next one was dropped past the bound
   */
  public RecordedRequest takeRequest() throws InterruptedException {
    return takeRequest(DEFAULT_TAKE_TIMEOUT);
  }

  /**
   * The next request not yet taken, waiting up to {@code timeout} for it to arrive.
   *
   * @throws IllegalStateException when none arrives in time, or the next one was dropped past the bound
   */
  public RecordedRequest takeRequest(Duration timeout) throws InterruptedException {
    requireOn();
    long deadline = System.nanoTime() + timeout.toNanos();
    lock.lock();
    try {
      while (nextToTake >= nextSequence) {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
          throw new IllegalStateException("no request arrived within " + timeout.toMillis() + " ms; the mock has recorded "
              + nextSequence + " and " + nextToTake + " were taken");
        }
        arrived.awaitNanos(left);
      }
      if (nextToTake < firstKeptSequence) {
        long lost = firstKeptSequence - nextToTake;
        nextToTake = firstKeptSequence;
        throw new IllegalStateException(lost + " request(s) not yet taken were dropped past the journal's capacity of "
            + capacity + " rows; take requests sooner or raise journalCapacity");
      }
      return ring[(int) ((head + (nextToTake++ - firstKeptSequence)) % ring.length)];
    } finally {
      lock.unlock();
    }
  }

  /** Every request kept, oldest first. */
  public List<RecordedRequest> requests() {
    return requests(r -> true);
  }

  /** The kept requests of one action, oldest first. */
  public List<RecordedRequest> requests(ActionName action) {
    return requests(r -> r.action() == action);
  }

  /** The kept requests that match {@code filter}, oldest first. */
  public List<RecordedRequest> requests(Predicate<RecordedRequest> filter) {
    requireOn();
    List<RecordedRequest> matches = new ArrayList<>();
    lock.lock();
    try {
      for (int i = 0; i < size; i++) {
        RecordedRequest r = ring[(head + i) % ring.length];
        if (filter.test(r)) {
          matches.add(r);
        }
      }
    } finally {
      lock.unlock();
    }
    return matches;
  }

  /** The rows of the kept requests of one action, in the order the mock served them. */
  public List<RecordedRow> rows(ActionName action) {
    List<RecordedRow> rows = new ArrayList<>();
    for (RecordedRequest r : requests(action)) {
      rows.addAll(r.rows());
    }
    return rows;
  }

  /** How many requests were recorded since the mock started (or since {@link #clear()}), kept or dropped. */
  public long recordedCount() {
    requireOn();
    lock.lock();
    try {
      return nextSequence - sequenceAtClear;
    } finally {
      lock.unlock();
    }
  }


  /** How many requests were dropped past the capacity since the mock started (or since {@link #clear()}). */
  public long droppedCount() {
    requireOn();
    lock.lock();
    try {
      return dropped;
    } finally {
      lock.unlock();
    }
  }

  /**
   * Forgets every kept request: {@link #takeRequest()} then waits for the next one to arrive, and
   * the counts start again from 0. Sequence numbers go on.
   */
  public void clear() {
    requireOn();
    lock.lock();
    try {
      for (int i = 0; i < size; i++) {
        ring[(head + i) % ring.length] = null;
      }
      head = 0;
      size = 0;
      weight = 0;
      dropped = 0;
      firstKeptSequence = nextSequence;
      nextToTake = nextSequence;
      sequenceAtClear = nextSequence;
    } finally {
      lock.unlock();
    }
  }

  private void requireOn() {
    if (capacity == 0) {
      throw new IllegalStateException("the request journal is off (journal capacity 0): start the mock with"
          + " journalCapacity(n > 0) to record requests");
    }
  }
}
