package io.tablestoreycsb.planner.analysis;

import io.tablestoreycsb.planner.runner.CellKey;
import java.util.ArrayList;
import java.util.List;

/**
 * A thread point is on the plateau when it gave under 10% more rows/s than the previous (smaller) thread
 * point of the same instance type, case, sweep setting and partition count. A cell bound by something other
 * than the service ({@link Verdict.NotTheService}: its runner host, the mock's own processing) is neither on a
 * plateau nor the point the next one is compared with: its rows/s say what the test set-up delivered.
 */
public final class Plateaus {
  private Plateaus() {}

  /** The cells with their plateau marked; {@code sorted} holds each series' cells together, by threads. */
  public static List<CellResult> mark(List<CellResult> sorted) {
    List<CellResult> out = new ArrayList<>();
    CellResult previous = null;
    for (CellResult r : sorted) {
      CellKey c = r.cell();
      boolean sameSeries = previous != null && previous.cell().instanceType().equals(c.instanceType())
          && previous.cell().caseName().equals(c.caseName()) && previous.cell().sweep().equals(c.sweep())
          && previous.cell().partitions() == c.partitions();
      if (r.verdict() instanceof Verdict.NotTheService) {
        out.add(r.withPlateau(false));
        continue;
      }
      boolean plateau = sameSeries && r.rates().qpsRows() < previous.rates().qpsRows() * 1.10;
      out.add(r.withPlateau(plateau));
      previous = r;
    }
    return List.copyOf(out);
  }
}
