package io.tablestoreycsb.planner.store;

import io.tablestoreycsb.cluster.objectstore.AttemptStore;
import io.tablestoreycsb.cluster.objectstore.KeyPaths;
import io.tablestoreycsb.cluster.objectstore.ObjectStore;
import io.tablestoreycsb.cluster.objectstore.ObjectStoreUri;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Runners' result sets in an object store, laid out as
 * {@code <prefix>/<plan>/<cell>/runner-<index>/attempt-<n>/<file>}: the planner's plans and cells over
 * the shared {@link AttemptStore}, which keeps an attempt cut short by a killed pod from being taken for
 * a result (the completion file, the runner's {@code runner.json}, goes last) and reads a cell as the
 * latest complete attempt of each runner index.
 */
public final class ResultStore {
  private final ObjectStore objects;
  private final AttemptStore attempts;

  /**
   * @param completionFile the file whose presence marks an attempt complete (uploaded last)
   */
  public ResultStore(S3Client s3, ObjectStoreUri location, String completionFile) {
    this.objects = new ObjectStore(s3, location);
    this.attempts = new AttemptStore(objects, completionFile);
  }

  /** What one run of a cell (named by {@code run}) exchanges with its runners while it runs. */
  public LiveCell live(String plan, String cell, String run) {
    return new LiveCell(objects, plan, cell, run);
  }

  /** How the planner hands a plan's cells to one set of pods ({@code session}) that serve them. */
  public PlanCells planCells(String plan, String session) {
    return new PlanCells(objects, plan, session);
  }

  /** Where one runner's attempt lives. */
  public record AttemptKey(String plan, String cell, int runnerIndex, int attempt) {
    public AttemptKey {
      KeyPaths.checkRelative("plan", plan);
      KeyPaths.checkRelative("cell", cell);
      if (plan.isEmpty() || cell.isEmpty() || plan.contains("/")) {
        throw new IllegalArgumentException("plan '" + plan + "' must be one non-empty segment and cell '" + cell
            + "' non-empty");
      }
      if (runnerIndex < 0 || attempt < 1) {
        throw new IllegalArgumentException("runner index must be >= 0 and attempt >= 1, got " + runnerIndex
            + " and " + attempt);
      }
    }

    String run() {
      return plan + "/" + cell;
    }
  }

  /** The attempt store's run of a cell: {@code plan/cell}, the names checked. */
  private static String run(String plan, String cell) {
    return new AttemptKey(plan, cell, 0, 1).run();
  }

  /**
   * Uploads the regular files directly in {@code dir} under the attempt's key; the completion file
   * goes last and must be present.
   *
   * @return the number of objects stored
   */
  public int upload(AttemptKey attempt, Path dir) throws IOException {
    return attempts.upload(attempt.run(), attempt.runnerIndex(), attempt.attempt(), dir);
  }

  /** The attempt number a new run of this runner index should use: one above any stored attempt. */
  public int nextAttempt(String plan, String cell, int runnerIndex) {
    return attempts.nextAttempt(run(plan, cell), runnerIndex);
  }

  /** The latest complete attempt of each runner index of a cell (indexes without one are absent). */
  public Map<Integer, Integer> latestCompleteAttempts(String plan, String cell) {
    return attempts.latestCompleteAttempts(run(plan, cell));
  }

  /**
   * Downloads the latest complete attempt of every runner index of a cell into
   * {@code target/runner-<index>/}.
   *
   * @return runner index to the attempt number downloaded
   */
  public Map<Integer, Integer> downloadCell(String plan, String cell, Path target) throws IOException {
    return downloadCell(plan, cell, target, Map.of());
  }

  /**
   * As {@link #downloadCell(String, String, Path)}, counting only attempts above {@code after} (per
   * index): a rerun of a cell takes none of an earlier run's result sets.
   */
  public Map<Integer, Integer> downloadCell(String plan, String cell, Path target, Map<Integer, Integer> after)
      throws IOException {
    return attempts.download(run(plan, cell), target, after);
  }

  /**
   * Downloads every cell of every plan below the prefix, the latest complete attempt of each runner,
   * into {@code target/<plan>/<cell>/runner-<index>/} (what {@code capacity-plan report} reads).
   *
   * @return the cells downloaded, as "plan/cell"
   */
  public List<String> downloadAll(Path target) throws IOException {
    // a plan is one segment: a run below the prefix is plan/cell
    List<String> cells = attempts.runs("").stream().filter(r -> r.indexOf('/') > 0).toList();
    for (String planAndCell : cells) {
      int slash = planAndCell.indexOf('/');
      downloadCell(planAndCell.substring(0, slash), planAndCell.substring(slash + 1), target.resolve(planAndCell));
    }
    return cells;
  }

  /** The cells of a plan that hold any result: their relative paths, sorted. */
  public List<String> cells(String plan) {
    run(plan, "x"); // validates the plan's name
    return attempts.runs(plan).stream().map(r -> r.substring(plan.length() + 1)).toList();
  }
}
