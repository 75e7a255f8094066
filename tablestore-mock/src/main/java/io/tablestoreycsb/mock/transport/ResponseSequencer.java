package io.tablestoreycsb.mock.transport;

import java.util.HashMap;
import java.util.Map;

/**
 * Keeps responses on one connection in request order although requests finish out of order
 * (injected delays differ; with a worker pool, workers run in parallel): HTTP/1.1 pipelining
 * demands it. Used only on the connection's event loop, so it needs no locking.
 */
final class ResponseSequencer {
  private long nextToAssign;
  private long nextToWrite;
  /** Responses that finished before an earlier one; empty in the common case (one request in flight). */
  private final Map<Long, Runnable> ready = new HashMap<>();

  long assign() {
    return nextToAssign++;
  }

  /** Marks response {@code sequence} ready and runs every write that is now in order. */
  void complete(long sequence, Runnable write) {
    if (sequence != nextToWrite) {
      ready.put(sequence, write);
      return;
    }
    nextToWrite++;
    write.run();
    if (!ready.isEmpty()) {
      Runnable next;
      while ((next = ready.remove(nextToWrite)) != null) {
        nextToWrite++;
        next.run();
      }
    }
  }
}
