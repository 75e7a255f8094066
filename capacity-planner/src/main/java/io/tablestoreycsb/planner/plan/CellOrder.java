package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.planner.matrix.CaseSpec;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.matrix.TargetLabel;
import io.tablestoreycsb.planner.runner.CellKey;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The cells of a plan in the order they run: per partition count, read cases first (so they read exactly
 * the loaded rows), then write cases, each at every thread point the filter accepts; under a sweep, each
 * write case once per swept value.
 */
public final class CellOrder {
  private CellOrder() {}

  /** The cells of the plan in the order they run. */
  public static List<PlannedCell> of(Matrix matrix, CellFilter filter, Sweep sweep) {
    List<PlannedCell> cells = new ArrayList<>();
    for (int p : matrix.partitions()) {
      List<CaseSpec> ordered = new ArrayList<>(matrix.cases());
      ordered.sort(Comparator.comparing(c -> c.readsLoadedData() ? 0 : 1)); // stable: file order otherwise
      for (CaseSpec c : ordered) {
        for (int t : c.threads()) {
          if (!filter.accepts(c.name(), p, t)) {
            continue;
          }
          // Sweeps vary the write cases; read cases read the loaded data once.
          if (sweep == null || c.phase() != CaseSpec.Phase.LOAD) {
            addAtTargets(cells, matrix, c, p, t, "", null, null);
          } else {
            for (String v : sweep.values()) {
              addAtTargets(cells, matrix, sweptCase(c, sweep.property(), v), p, t, sweep.label(v), sweep.property(),
                  v);
            }
          }
        }
      }
    }
    return cells;
  }

  /** The cell, or one cell per target rate of an open-loop case (the target travels in the sweep label). */
  private static void addAtTargets(List<PlannedCell> cells, Matrix matrix, CaseSpec c, int p, int t, String sweepLabel,
      String sweepProperty, String sweepValue) {
    if (c.targets().isEmpty()) {
      cells.add(new PlannedCell(new CellKey(matrix.instanceType(), c.name(), p, t, sweepLabel), c, sweepProperty,
          sweepValue));
      return;
    }
    for (long target : c.targets()) {
      cells.add(new PlannedCell(new CellKey(matrix.instanceType(), c.name(), p, t,
          TargetLabel.with(sweepLabel, target)), c, sweepProperty, sweepValue));
    }
  }

  /**
   * A write case under a batch-size sweep: with tablestore.batchsize = 1 the binding sends PutRow (timed as
   * INSERT), above 1 BatchWriteRow of that many rows (timed as BATCH_WRITE).
   */
  static CaseSpec sweptCase(CaseSpec c, String property, String value) {
    boolean writeMeasure = c.measure().equals("INSERT") || c.measure().equals("BATCH_WRITE");
    if (!property.equals("tablestore.batchsize") || !writeMeasure) {
      return c;
    }
    int batch;
    try {
      batch = Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--sweep tablestore.batchsize: '" + value + "' is not a whole number");
    }
    if (batch < 1) {
      throw new IllegalArgumentException("--sweep tablestore.batchsize: " + batch + " must be 1 or more");
    }
    return c.withRequests(batch == 1 ? "INSERT" : "BATCH_WRITE", batch);
  }

}
