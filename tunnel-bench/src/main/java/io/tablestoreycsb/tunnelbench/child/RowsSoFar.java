package io.tablestoreycsb.tunnelbench.child;

import java.io.IOException;

/**
 * Where a consumer keeps what it has been handed so far, somewhere that outlives it (a pod's object
 * store): a consumer killed mid-run leaves it for the consumed-row and hand-over checks, while the
 * channels it held resume at another consumer from their last checkpoint. It is kept as numbered
 * segments ({@link RowSegment}), each what was handed since the one before: their union is the whole.
 */
public interface RowsSoFar {
  /**
   * Stores segment {@code sequence} (1, 2, ... one after the other; the same number again when a store
   * failed and is tried again, with the same bytes); returns once it is stored.
   */
  void store(long sequence, byte[] segment) throws IOException;
}
