package io.tablestoreycsb.mock.persist;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes changes durable in groups: writers apply their changes to the store and take a ticket;
 * a request that must not be answered before its changes are durable asks for a future of its
 * last ticket. One thread commits the store whenever someone waits, and every change applied
 * before that commit began is in it: under load one commit answers many requests (group commit),
 * and no request thread ever waits on the file.
 */
final class GroupCommit implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(GroupCommit.class);

  private record Waiter(long ticket, CompletableFuture<Void> done) implements Comparable<Waiter> {
    @Override
    public int compareTo(Waiter other) {
      return Long.compare(ticket, other.ticket);
    }
  }

  private final StateStore store;
  private final boolean sync;
  /** Changes applied to the store's maps so far; a change takes its ticket after it is applied. */
  private final AtomicLong applied = new AtomicLong();
  private volatile long committed;
  private final PriorityBlockingQueue<Waiter> waiters = new PriorityBlockingQueue<>();
  private final Thread committer;
  private volatile boolean closed;
  /** Set when a commit failed: nothing more is acknowledged (the requests get an error instead). */
  private volatile RuntimeException failure;

  GroupCommit(StateStore store, boolean sync) {
    this.store = store;
    this.sync = sync;
    this.committer = new Thread(this::run, "tablestore-mock-group-commit");
    committer.setDaemon(true);
    committer.start();
  }

  /** Called after a change was applied to the store: its ticket. */
  long applied() {
    return applied.incrementAndGet();
  }

  /** Completes once every change up to {@code ticket} is committed (exceptionally if committing failed). */
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

  private void run() {
    while (!closed) {
      if (waiters.isEmpty()) {
        LockSupport.park(this);
        continue;
      }
      long upTo = applied.get();
      try {
        store.commit();
        if (sync) {
          store.sync();
        }
      } catch (RuntimeException e) {
        LOG.error("Cannot write the data directory; writes are no longer acknowledged", e);
        failure = e;
        Waiter w;
        while ((w = waiters.poll()) != null) {
          w.done().completeExceptionally(e);
        }
        return;
      }
      committed = upTo;
      Waiter w;
      while ((w = waiters.peek()) != null && w.ticket() <= upTo) {
        waiters.poll().done().complete(null);
      }
    }
  }

  /** Stops the committer after a last commit (a clean stop leaves everything in the file). */
  @Override
  public void close() {
    closed = true;
    LockSupport.unpark(committer);
    try {
      committer.join(10_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      store.commit();
    } catch (RuntimeException e) {
      LOG.warn("Last commit of the data directory failed", e);
    }
    Waiter w;
    while ((w = waiters.poll()) != null) {
      w.done().complete(null);
    }
  }
}
