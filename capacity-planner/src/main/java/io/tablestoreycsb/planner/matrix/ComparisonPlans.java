package io.tablestoreycsb.planner.matrix;

import java.time.Duration;
import java.util.Collections;
import java.util.List;

/**
 * The two plans {@code capacity-plan compare} runs over one matrix at its quick data scale: the fixed
 * sweep (every thread point of each case's list, every cell its whole duration) and the search
 * ({@code threads = auto} up to the list's largest point, {@code stop = steady}). Neither has an SLO: the
 * search is to find saturation, not stop where an objective broke.
 */
public final class ComparisonPlans {
  private ComparisonPlans() {}

  /** Every case with its full thread list, run for {@code duration}, closed loop. */
  public static Matrix fixedSweep(Matrix m, Duration duration) {
    return with(m, m.cases().stream().map(c -> new CaseSpec(c.name(), c.workload(), c.phase(), c.measure(),
        c.rowsPerRequest(), c.readsLoadedData(), c.properties(), c.line(), null,
        CaseSpec.Cells.fixed(c.threads(), duration))).toList());
  }

  /** Every case searched from 1 thread up to its list's largest point, each cell ending once steady. */
  public static Matrix search(Matrix m, Duration cap, Duration minDuration, double tolerance, double gain) {
    StopRule stop = new StopRule(true, minDuration, tolerance).cappedAt(cap);
    return with(m, m.cases().stream().map(c -> {
      ThreadSearch search = new ThreadSearch(gain, Collections.max(c.threads()));
      return new CaseSpec(c.name(), c.workload(), c.phase(), c.measure(), c.rowsPerRequest(), c.readsLoadedData(),
          c.properties(), c.line(), null, new CaseSpec.Cells(search.points(), cap, List.of(), stop, search));
    }).toList());
  }

  private static Matrix with(Matrix m, List<CaseSpec> cases) {
    return new Matrix(m.source(), m.name(), m.instanceType(), m.runners(), m.partitions(), m.table(), m.db(),
        m.quick() == null ? m.load() : m.load().withRowsPerPartition(m.quick().rowsPerPartition()), m.properties(),
        cases, m.quick(), Matrix.Objectives.NONE);
  }
}
