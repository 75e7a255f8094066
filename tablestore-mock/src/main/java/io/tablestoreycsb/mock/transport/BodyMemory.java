package io.tablestoreycsb.mock.transport;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The bytes that request bodies hold across all connections, from their first byte until their
 * action has been executed, under one cap. A body reserves memory as its bytes arrive (never what
 * its Content-Length announces), so clients that announce large bodies and send little cost
 * little, and many that send a lot at once are refused (OTSServerBusy) instead of exhausting the
 * heap.
 */
final class BodyMemory {
  private final long limitBytes;
  private final AtomicLong heldBytes = new AtomicLong();

  BodyMemory(long limitBytes) {
    this.limitBytes = limitBytes;
  }

  /** Takes {@code bytes} if they fit under the cap; false (and nothing taken) when they do not. */
  boolean tryReserve(int bytes) {
    while (true) {
      long held = heldBytes.get();
      if (held + bytes > limitBytes) {
        return false;
      }
      if (heldBytes.compareAndSet(held, held + bytes)) {
        return true;
      }
    }
  }

  void release(int bytes) {
    heldBytes.addAndGet(-bytes);
  }

  long heldBytes() {
    return heldBytes.get();
  }

  long limitBytes() {
    return limitBytes;
  }
}
