package io.tablestoreycsb.planner.store;

import io.tablestoreycsb.cluster.objectstore.KeyPaths;
import io.tablestoreycsb.cluster.objectstore.ObjectStore;
import io.tablestoreycsb.cluster.objectstore.ObjectStoreUri;
import java.io.IOException;
import java.nio.file.Path;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * What a running cell's pods and the planner exchange through the object store while the cell runs,
 * so that a {@code stop = steady} cell can end early on machines the planner cannot reach: each runner
 * uploads its interval log so far, the planner reads them, judges the cell's rate, and stores a stop
 * request that every runner looks for. Laid out beside the cell's result sets as
 * {@code <prefix>/<plan>/<cell>/live/<run>/runner-<index>/<file>} and {@code .../live/<run>/stop}, where
 * {@code run} names one run of the cell (its start instant), so a rerun never sees an earlier run's stop.
 * Nothing here is a result: the result sets ({@link ResultStore}) are uploaded as ever when runners end.
 */
public final class LiveCell {
  private static final String STOP = "stop";

  private final ObjectStore store;
  private final String base;

  /**
   * @param run what tells this run of the cell from others, e.g. its start instant in epoch ms
   */
  public LiveCell(S3Client s3, ObjectStoreUri location, String plan, String cell, String run) {
    this(new ObjectStore(s3, location), plan, cell, run);
  }

  LiveCell(ObjectStore store, String plan, String cell, String run) {
    new ResultStore.AttemptKey(plan, cell, 0, 1); // validates plan and cell as ResultStore does
    KeyPaths.checkRelative("run", run);
    if (run.isEmpty() || run.contains("/")) {
      throw new IllegalArgumentException("run '" + run + "' must be one non-empty segment");
    }
    this.store = store;
    this.base = plan + "/" + cell + "/live/" + run;
  }

  /** A runner stores its file as it is now (replacing what it stored before). */
  public void put(int runnerIndex, Path file) {
    store.put(base + "/runner-" + runnerIndex + "/" + file.getFileName(), file);
  }

  /**
   * The planner reads a runner's latest copy of {@code fileName} into {@code target} (replaced whole, so a
   * reader never sees half a file).
   *
   * @return false when the runner has not stored it yet
   */
  public boolean get(int runnerIndex, String fileName, Path target) throws IOException {
    return store.get(base + "/runner-" + runnerIndex + "/" + fileName, target);
  }

  /** The planner asks every runner of this run to end its run now. */
  public void requestStop() {
    store.putString(base + "/" + STOP, Long.toString(System.currentTimeMillis()));
  }

  /** Whether the planner asked this run to stop. */
  public boolean stopRequested() {
    return store.exists(base + "/" + STOP);
  }

  /** Removes what this run exchanged (the planner, once the cell's results are in): a few objects. */
  public void delete() {
    store.deleteAll(base);
  }
}
