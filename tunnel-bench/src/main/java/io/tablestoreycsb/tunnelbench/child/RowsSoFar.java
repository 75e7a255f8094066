package io.tablestoreycsb.tunnelbench.child;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Where a consumer keeps the rows it has been handed so far, somewhere that outlives it (a pod's object
 * store): a consumer killed mid-run leaves them for the consumed-row check, while the channels it held
 * resume at another consumer from their last checkpoint.
 */
public interface RowsSoFar {
  /** Stores {@code file}, the rows so far, replacing the earlier set; returns once it is stored. */
  void store(Path file) throws IOException;
}
