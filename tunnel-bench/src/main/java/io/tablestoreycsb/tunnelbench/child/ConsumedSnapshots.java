package io.tablestoreycsb.tunnelbench.child;

import java.io.IOException;

/**
 * Keeps what a consumer was handed stored ({@link RowsSoFar}) ahead of the SDK's checkpoints. The
 * TunnelWorker checkpoints a channel at some point after {@code process} returns, and a channel that
 * moves to another consumer resumes from that checkpoint: rows handed before it are never handed again.
 * So {@code process} returns only once a stored segment holds its rows ({@link #awaitStored}); segments
 * are stored one after the other, each holding what was handed since the one before. A consumer killed
 * at any moment has then stored every row a checkpoint can have passed.
 *
 * <p>The price: each page waits for up to two stores (one under way, the next), a few milliseconds to an
 * object store in the same region, paid in the channel's read-process loop. A store carries only the rows
 * new since the previous one (about a byte a row, less where they are dense) and the pages they came in,
 * so it costs the same at the end of a long run as at its start.
 */
public final class ConsumedSnapshots implements AutoCloseable {
  private final SyncRecorder recorder;
  private final RowsSoFar sink;
  private final Thread thread;
  private long storedPages;
  private Exception failure;
  private volatile boolean closed;
  private long stores;
  private long storedBytes;
  private long wholeSetBytes;

  public ConsumedSnapshots(SyncRecorder recorder, RowsSoFar sink) {
    this.recorder = recorder;
    this.sink = sink;
    this.thread = new Thread(this::loop, "rows-so-far");
    this.thread.setDaemon(true);
  }

  public void start() {
    thread.start();
  }

  private void loop() {
    long sequence = 0;
    try {
      while (!closed) {
        SyncRecorder.Taken taken;
        synchronized (recorder) {
          if (recorder.pages() == storedPagesNow()) {
            recorder.wait(100); // process() notifies
            continue;
          }
          taken = recorder.takeSegment();
        }
        if (!taken.segment().isEmpty()) {
          byte[] bytes = taken.segment().encode();
          sequence++;
          if (!storeUntilDone(sequence, bytes)) {
            return;
          }
          count(bytes.length, recorder.rowsAsBitsetBytes());
        }
        stored(taken.pages(), null);
      }
    } catch (InterruptedException e) {
      // closed
    }
  }

  /**
   * Stores segment {@code sequence}, trying again while the store fails: a hiccup delays the pages
   * waiting, it does not fail them (nor skip a number). False when closed meanwhile.
   */
  private boolean storeUntilDone(long sequence, byte[] bytes) throws InterruptedException {
    while (!closed) {
      try {
        sink.store(sequence, bytes);
        return true;
      } catch (IOException | RuntimeException e) { // the S3 client's failures are unchecked
        stored(storedPagesNow(), e);
        Thread.sleep(200);
      }
    }
    return false;
  }

  private synchronized void count(long bytes, long wholeSet) {
    stores++;
    storedBytes += bytes;
    wholeSetBytes += wholeSet;
  }

  private synchronized long storedPagesNow() {
    return storedPages;
  }

  private synchronized void stored(long pages, Exception e) {
    storedPages = pages;
    failure = e;
    notifyAll();
  }

  /** Waits until a stored segment holds page {@code page}'s rows (pages count from 1). */
  public synchronized void awaitStored(long page) throws InterruptedException {
    long warnAt = System.nanoTime() + 30_000_000_000L;
    while (storedPages < page && !closed) {
      wait(100);
      if (failure != null && System.nanoTime() > warnAt) {
        System.err.println("consumer: the rows so far cannot be stored for 30 s: " + failure);
        warnAt = System.nanoTime() + 30_000_000_000L;
      }
    }
  }

  /**
   * "rows so far: 412 stores, 96,310 bytes (234 a store); as whole sets 1,050,212 bytes (2,549 a store)":
   * what the stores cost, against what storing the whole set each time would have.
   */
  public synchronized String summary() {
    long n = Math.max(1, stores);
    return String.format(java.util.Locale.ROOT, "rows so far: %,d stores, %,d bytes (%,d a store); as whole sets"
        + " %,d bytes (%,d a store)", stores, storedBytes, storedBytes / n, wholeSetBytes, wholeSetBytes / n);
  }

  @Override
  public void close() throws InterruptedException {
    closed = true;
    synchronized (this) {
      notifyAll();
    }
    thread.interrupt();
    thread.join(10_000);
  }
}
