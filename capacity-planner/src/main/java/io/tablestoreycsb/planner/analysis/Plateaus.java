package io.tablestoreycsb.planner.analysis;

import java.util.ArrayList;
import java.util.List;

/**
 * A thread point is on the plateau when it gave under 10% more rows/s than the previous (smaller) thread
 * point of the same instance type, case, sweep setting and partition count.
 */
public final class Plateaus {
  private Plateaus() {}

  /** The cells with their plateau marked; {@code sorted} holds each series' cells together, by threads. */
  public static List<CellResult> mark(List<CellResult> sorted) {
    List<CellResult> out = new ArrayList<>();
    CellResult previous = null;
    for (CellResult r : sorted) {
      CellIdentity c = r.cell();
      boolean sameSeries = previous != null && previous.cell().instanceType().equals(c.instanceType())
          && previous.cell().caseName().equals(c.caseName()) && previous.cell().sweep().equals(c.sweep())
          && previous.cell().partitions() == c.partitions();
      boolean plateau = sameSeries && r.rates().qpsRows() < previous.rates().qpsRows() * 1.10;
      out.add(r.withPlateau(plateau));
      previous = r;
    }
    return List.copyOf(out);
  }
}
