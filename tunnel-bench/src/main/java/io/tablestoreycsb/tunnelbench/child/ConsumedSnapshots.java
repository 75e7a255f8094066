package io.tablestoreycsb.tunnelbench.child;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Keeps a consumer's rows so far stored ({@link RowsSoFar}) ahead of the SDK's checkpoints. The
 * TunnelWorker checkpoints a channel at some point after {@code process} returns, and a channel that
 * moves to another consumer resumes from that checkpoint: rows handed before it are never handed again.
 * So {@code process} returns only once a stored set holds its rows ({@link #awaitStored}); sets are
 * stored one after the other, each covering every page recorded before it began. A consumer killed at any
 * moment has then stored every row a checkpoint can have passed.
 *
 * <p>The price: each page waits for up to two stores (one under way, the next), a few milliseconds to an
 * object store in the same region, paid in the channel's read-process loop.
 */
public final class ConsumedSnapshots implements AutoCloseable {
  private final SyncRecorder recorder;
  private final RowsSoFar sink;
  private final Path file;
  private final Thread thread;
  private long storedPages;
  private IOException failure;
  private volatile boolean closed;

  public ConsumedSnapshots(SyncRecorder recorder, RowsSoFar sink, Path file) {
    this.recorder = recorder;
    this.sink = sink;
    this.file = file;
    this.thread = new Thread(this::loop, "rows-so-far");
    this.thread.setDaemon(true);
  }

  public void start() {
    thread.start();
  }

  private void loop() {
    while (!closed) {
      long pages = recorder.pages();
      try {
        if (pages > storedPagesNow()) {
          RowSets.writeBits(file, recorder.rows()); // rows of every page recorded by now (and maybe more)
          sink.store(file);
          stored(pages, null);
        } else {
          synchronized (recorder) {
            recorder.wait(20);
          }
        }
      } catch (IOException e) {
        stored(storedPagesNow(), e);
        sleep(200); // tried again: a store's hiccup delays the pages waiting, it does not fail them
      } catch (InterruptedException e) {
        return;
      }
    }
  }

  private synchronized long storedPagesNow() {
    return storedPages;
  }

  private synchronized void stored(long pages, IOException e) {
    storedPages = pages;
    failure = e;
    notifyAll();
  }

  /** Waits until a stored set holds page {@code page}'s rows (pages count from 1). */
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

  @Override
  public void close() throws InterruptedException {
    closed = true;
    synchronized (this) {
      notifyAll();
    }
    thread.interrupt();
    thread.join(10_000);
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
