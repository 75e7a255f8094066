package io.tablestoreycsb.mock.persist;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.zip.CRC32C;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes changes durable in groups: a writer appends its change's log record to an in-memory
 * buffer and takes a ticket; a request that must not be answered before its changes are durable
 * asks for a future of its last ticket. One thread writes the buffer to the write-ahead log
 * whenever someone waits (and forces it to the disk with --sync-writes): under load one write
 * answers many requests (group commit), and no request thread ever waits on the file.
 */
final class GroupCommit implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(GroupCommit.class);

  private record Waiter(long ticket, CompletableFuture<Void> done) implements Comparable<Waiter> {
    @Override
    public int compareTo(Waiter other) {
      return Long.compare(ticket, other.ticket);
    }
  }

  private final WalWriter log;
  private final boolean sync;
  /** Told after each write of the buffer (the checkpointer watches the log grow). */
  private final Runnable written;
  /** Guards the buffer and the ticket count: a record's ticket is its place in the log. */
  private final Object appendLock = new Object();
  /** Framed records not yet written (appended under {@link #appendLock}). */
  private byte[] pending = new byte[1 << 16];
  private int pendingBytes;
  /** The buffer being written, swapped with {@link #pending} (two, so that neither is allocated per write). */
  private byte[] writing = new byte[1 << 16];
  private long appended;
  /** Held while a buffer is written or the log rolled, so that buffers reach the log in the order they were taken. */
  private final ReentrantLock writeLock = new ReentrantLock();
  private volatile long committed;
  private final PriorityBlockingQueue<Waiter> waiters = new PriorityBlockingQueue<>();
  private final Thread committer;
  private volatile boolean closed;
  /** Set when a write failed: nothing more is acknowledged (the requests get an error instead). */
  private volatile RuntimeException failure;

  GroupCommit(WalWriter log, boolean sync, Runnable written) {
    this.log = log;
    this.sync = sync;
    this.written = written;
    this.committer = new Thread(this::run, "tablestore-mock-group-commit");
    committer.setDaemon(true);
    committer.start();
  }

  /**
   * Appends one record ({@link WalRecords}) after the change it says was applied; its ticket.
   * Called inside the storage's lock for the row, so a row's records are in the log in order.
   */
  long append(byte[] record) {
    CRC32C crc = new CRC32C();
    crc.update(record);
    int checksum = (int) crc.getValue();
    synchronized (appendLock) {
      int needed = pendingBytes + WalWriter.HEADER_BYTES + record.length;
      if (needed > pending.length) {
        pending = java.util.Arrays.copyOf(pending, Math.max(needed, pending.length * 2));
      }
      putInt(pending, pendingBytes, record.length);
      putInt(pending, pendingBytes + 4, checksum);
      System.arraycopy(record, 0, pending, pendingBytes + WalWriter.HEADER_BYTES, record.length);
      pendingBytes = needed;
      return ++appended;
    }
  }

  /** Completes once every record up to {@code ticket} is written (exceptionally if writing failed). */
  CompletableFuture<Void> durable(long ticket) {
    CompletableFuture<Void> done = new CompletableFuture<>();
    if (committed >= ticket) {
      done.complete(null);
      return done;
    }
    waiters.add(new Waiter(ticket, done));
    LockSupport.unpark(committer);
    if (committed >= ticket) { // the committer may have finished between the check and the add
      done.complete(null);
    }
    RuntimeException failed = failure;
    if (failed != null) {
      done.completeExceptionally(failed);
    }
    return done;
  }

  /** The log position after the last record written. */
  long logPosition() {
    writeLock.lock();
    try {
      return log.position();
    } finally {
      writeLock.unlock();
    }
  }

  /**
   * Writes what is buffered, then begins a new log segment; returns its start: every change whose
   * record is before it was applied to the storage before this returned (what a checkpoint needs).
   */
  long roll() {
    writeLock.lock();
    try {
      writeBuffered();
      return log.roll();
    } finally {
      writeLock.unlock();
    }
  }

  /** Writes the buffer to the log (forced to the disk with --sync-writes); the tickets it covers are committed. */
  private void writeBuffered() {
    RuntimeException failed = failure;
    if (failed != null) {
      throw failed;
    }
    long upTo;
    int bytes;
    byte[] buffer;
    synchronized (appendLock) {
      upTo = appended;
      bytes = pendingBytes;
      buffer = pending;
      pending = writing;
      pendingBytes = 0;
      writing = buffer;
    }
    try {
      if (bytes > 0) {
        log.write(buffer, bytes);
        if (sync) {
          log.sync();
        }
      }
    } catch (RuntimeException e) {
      failure = e; // the records taken are lost: acknowledging any later one would break the log's order
      throw e;
    }
    committed = upTo;
  }

  private void run() {
    while (!closed) {
      if (waiters.isEmpty()) {
        LockSupport.park(this);
        continue;
      }
      try {
        writeLock.lock();
        try {
          writeBuffered();
        } finally {
          writeLock.unlock();
        }
      } catch (RuntimeException e) {
        LOG.error("Cannot write the data directory's log; writes are no longer acknowledged", e);
        Waiter w;
        while ((w = waiters.poll()) != null) {
          w.done().completeExceptionally(e);
        }
        return;
      }
      long upTo = committed;
      Waiter w;
      while ((w = waiters.peek()) != null && w.ticket() <= upTo) {
        waiters.poll().done().complete(null);
      }
      written.run();
    }
  }

  /** Stops the committer after writing what is left (a clean stop leaves every record in the log). */
  @Override
  public void close() {
    closed = true;
    LockSupport.unpark(committer);
    try {
      committer.join(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    writeLock.lock();
    try {
      if (failure == null) {
        writeBuffered();
        log.sync();
      }
    } catch (RuntimeException e) {
      LOG.warn("Last write of the data directory's log failed", e);
    } finally {
      writeLock.unlock();
    }
    Waiter w;
    while ((w = waiters.poll()) != null) {
      w.done().complete(null);
    }
  }

  private static void putInt(byte[] out, int at, int value) {
    out[at] = (byte) (value >>> 24);
    out[at + 1] = (byte) (value >>> 16);
    out[at + 2] = (byte) (value >>> 8);
    out[at + 3] = (byte) value;
  }
}
