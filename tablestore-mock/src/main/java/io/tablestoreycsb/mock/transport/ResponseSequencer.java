package io.tablestoreycsb.mock.transport;

import java.util.HashMap;
import java.util.Map;

/**
 * Keeps responses on one connection in request order although requests finish out of order
 * (workers run in parallel, injected delays differ): HTTP/1.1 pipelining demands it. Used only on
 * the connection's event loop, so it needs no locking.
 */
final class ResponseSequencer {
  private long nextToAssign;
  private long nextToWrite;
  private final Map<Long, Runnable> ready = new HashMap<>();

  long assign() {
    return nextToAssign++;
  }

  /** Marks response {@code sequence} ready and runs every write that is now in order. */
  void complete(long sequence, Runnable write) {
    ready.put(sequence, write);
    Runnable next;
    while ((next = ready.remove(nextToWrite)) != null) {
      nextToWrite++;
      next.run();
    }
  }
}
