package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.runner.CellKey;
import io.tablestoreycsb.planner.runner.CellOutcome;
import io.tablestoreycsb.planner.runner.CellExecutor;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalInt;

/**
 * The load before a table's read cells: batch writes of keys [0, N) split across the runners, once per
 * table (kept when an earlier run finished it), then the table's rows counted to verify it.
 */
final class LoadStep {
  private static final long NO_TIMEOUT_SECONDS = 365L * 24 * 3600;

  private final PlanSetup setup;
  private final PrintStream out;

  LoadStep(PlanSetup setup) {
    this.setup = setup;
    this.out = setup.progress().out();
  }

  /** Loads keys [0, N) unless an earlier run did; verifies the row count. */
  boolean ensureLoaded(int partitions) throws IOException, InterruptedException {
    Matrix matrix = setup.matrix();
    Path outDir = setup.outDir();
    CellKey key = new CellKey(matrix.instanceType(), CellKey.LOAD_CASE, partitions, matrix.loadThreads(), "");
    Path dir = outDir.resolve(matrix.instanceType()).resolve("p" + partitions).resolve(CellKey.LOAD_CASE);
    if (ResumeMarkers.isComplete(dir)) {
      return true;
    }
    ResumeMarkers.startOver(dir);
    long total = matrix.totalLoadedRows(partitions);
    String table = RunnerSpecFactory.tableName(matrix, partitions);
    OptionalInt batch = setup.runners().loadBatchSize();
    out.printf("load %s: %,d rows (%,d per partition) with %s from %d runners x %d threads%n", table,
        total, matrix.rowsPerPartition(), batch.isPresent() ? "BatchWriteRow of " + batch.getAsInt() + " rows"
            : "batch writes", matrix.runners(), matrix.loadThreads());
    long started = System.nanoTime();
    List<RunnerSpec> specs = setup.runners().load(key, dir);
    CellOutcome outcome;
    try (TableAdmin.Loading loading = setup.tables().loading(table)) {
      outcome = run(key, specs, table, started);
    }
    if (!outcome.succeeded()) {
      out.printf("load %s: FAILED%n%s%n", table, Plan.indent(outcome.errors()));
      return false;
    }
    long count;
    try {
      count = setup.tables().countRows(table);
    } catch (Exception e) {
      out.printf("load %s: FAILED to count rows: %s%n", table, e.getMessage());
      return false;
    }
    // The load writes keys [0, N) only: fewer rows is a failed load. More are rows it did not write, added
    // beyond the loaded range by write cells, of this plan's earlier run or of an earlier plan on the
    // same instance (compared with another --out): the read cells read [0, N) all the same.
    if (count >= 0 && count < total) {
      out.printf("load %s: FAILED verification: %,d rows in the table, expected at least %,d%n", table, count, total);
      return false;
    }
    String verified = count < 0 ? "row count not verified (this DB cannot count)"
        : String.format("verified %,d rows", total);
    if (count > total && !ResumeMarkers.anyWriteCellComplete(matrix, outDir, partitions)) {
      verified += String.format(", and %,d more that earlier plans' write cells added to the table (drop it before"
          + " the plan for exactly %,d: bin/tablestore-table drop -P FILE --table %s)", count - total, total, table);
    } else if (count > total) {
      verified += String.format(", and %,d more that this plan's write cells added", count - total);
    }
    out.printf("load %s: done in %.0f s; %s%n", table, outcome.wallSeconds(), verified);
    ResumeMarkers.markComplete(dir, "rows=" + count);
    return true;
  }

  private CellOutcome run(CellKey key, List<RunnerSpec> specs, String table, long started)
      throws IOException, InterruptedException {
    return setup.executor().run(key, specs, NO_TIMEOUT_SECONDS, new CellExecutor.Listener() {
      @Override
      public void starting(int ready, int total) {
        starting(ready, total, "");
      }

      @Override
      public void starting(int ready, int total, String detail) {
        setup.progress().starting(0, 0, "load " + table, ready, total, detail);
      }

      @Override
      public void running(double opsPerSecond) {
        setup.progress().tick(0, 0, "load " + table, started, opsPerSecond, 0, 0, 0);
      }
    });
  }
}
