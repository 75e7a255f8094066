package io.tablestoreycsb.planner.report;

import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.planner.runner.CellKey;
import io.tablestoreycsb.planner.analysis.CellResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The saturation rows/s of each case and partition count found by two plans over the same matrix: a
 * fixed sweep (every thread point, every cell its whole duration) and a search ({@code threads = auto},
 * {@code stop = steady}). A series' saturation rows/s is the most rows/s any of its cells measured; cells
 * whose figures are no evidence (unsteady: no common window, or one too short for their latency) are
 * left out, as the SLO answer leaves them out.
 *
 * <p>How far apart two measurements of the same cell land is the yardstick for the difference: the thread
 * points both plans ran (1, 2 and the most threads, for the shipped matrices) are the same cell measured
 * twice, minutes apart. On a machine whose CPU binds the cells they differed by up to 26% at 16
 * partitions; a difference inside that spread says nothing against the search.
 */
public final class SaturationComparison {
  /** How close the search must come to the fixed sweep's saturation rows/s. */
  public static final double TOLERANCE = 0.05;

  /**
   * One case on one table.
   *
   * @param caseName case
   * @param partitions partition count
   * @param fixed the fixed sweep's best steady cell, or null when it had none
   * @param searched the search's best steady cell, or null
   * @param fixedCells cells the fixed sweep ran of this series
   * @param searchedCells cells the search ran
   * @param sameCellSpread the largest relative difference between the two plans' steady cells at a thread
   *     count both ran (NaN when they share none)
   */
  public record Series(String caseName, int partitions, CellResult fixed, CellResult searched, int fixedCells,
      int searchedCells, double sameCellSpread) {
    /** The search's saturation rows/s relative to the fixed sweep's, minus 1 (NaN when one is missing). */
    public double difference() {
      return fixed == null || searched == null ? Double.NaN : searched.rates().qpsRows() / fixed.rates().qpsRows() - 1;
    }

    /** Whether the search came within {@link #TOLERANCE} of the fixed sweep. */
    public boolean within() {
      return Math.abs(difference()) <= TOLERANCE;
    }

    /** Whether the difference is no larger than the same cells measured in both plans differed by. */
    public boolean withinSameCellSpread() {
      return !Double.isNaN(sameCellSpread) && Math.abs(difference()) <= sameCellSpread;
    }
  }

  private SaturationComparison() {}

  /** The series of both plans, in the fixed sweep's order (then any only the search ran). */
  public static List<Series> of(List<CellResult> fixedRows, List<CellResult> searchedRows) {
    Map<String, List<CellResult>> fixed = bySeries(fixedRows);
    Map<String, List<CellResult>> searched = bySeries(searchedRows);
    Map<String, Boolean> keys = new LinkedHashMap<>();
    fixed.keySet().forEach(k -> keys.put(k, true));
    searched.keySet().forEach(k -> keys.put(k, true));
    List<Series> out = new ArrayList<>();
    for (String k : keys.keySet()) {
      List<CellResult> f = fixed.getOrDefault(k, List.of());
      List<CellResult> s = searched.getOrDefault(k, List.of());
      CellResult any = f.isEmpty() ? s.get(0) : f.get(0);
      out.add(new Series(any.cell().caseName(), any.cell().partitions(), best(f), best(s), f.size(), s.size(),
          spread(f, s)));
    }
    return out;
  }

  private static Map<String, List<CellResult>> bySeries(List<CellResult> rows) {
    Map<String, List<CellResult>> out = new LinkedHashMap<>();
    for (CellResult r : rows) {
      CellKey c = r.cell();
      if (c.caseName().equals(CellKey.LOAD_CASE)) {
        continue;
      }
      out.computeIfAbsent(c.caseName() + "\u0000" + c.sweep() + "\u0000" + c.partitions(), k -> new ArrayList<>())
          .add(r);
    }
    return out;
  }

  private static double spread(List<CellResult> fixed, List<CellResult> searched) {
    double spread = Double.NaN;
    for (CellResult f : fixed) {
      for (CellResult s : searched) {
        if (f.cell().threads() == s.cell().threads() && f.evidence() && s.evidence()) {
          double d = Math.abs(s.rates().qpsRows() / f.rates().qpsRows() - 1);
          spread = Double.isNaN(spread) ? d : Math.max(spread, d);
        }
      }
    }
    return spread;
  }

  private static CellResult best(List<CellResult> rows) {
    CellResult best = null;
    for (CellResult r : rows) {
      if (r.evidence() && (best == null || r.rates().qpsRows() > best.rates().qpsRows())) {
        best = r;
      }
    }
    return best;
  }

  /**
   * The comparison as a text table, then the wall times and the verdict.
   *
   * @param fixedSeconds the fixed sweep's wall time (loads included)
   * @param searchedSeconds the search's wall time
   */
  public static String text(List<Series> series, double fixedSeconds, double searchedSeconds) {
    StringBuilder b = new StringBuilder();
    b.append("Saturation rows/s: the most rows/s of a steady cell of each case and partition count\n");
    b.append(String.format(Locale.ROOT, "%-14s %10s %16s %8s %6s %16s %8s %6s %11s %10s  %s%n", "Case",
        "Partitions", "Fixed QPS(row)", "Threads", "Cells", "Search QPS(row)", "Threads", "Cells", "Difference",
        "Same cells", "Within 5%"));
    int within = 0;
    int withinSpread = 0;
    for (Series s : series) {
      boolean ok = s.within();
      within += ok ? 1 : 0;
      withinSpread += !ok && s.withinSameCellSpread() ? 1 : 0;
      String verdict = Double.isNaN(s.difference()) ? "no steady cell" : ok ? "yes"
          : s.withinSameCellSpread() ? "no, within the same cells' spread" : "NO";
      b.append(String.format(Locale.ROOT, "%-14s %10d %16s %8s %6d %16s %8s %6d %11s %10s  %s%n", s.caseName(),
          s.partitions(), rate(s.fixed()), threads(s.fixed()), s.fixedCells(), rate(s.searched()),
          threads(s.searched()), s.searchedCells(), Double.isNaN(s.difference()) ? "-"
              : String.format(Locale.ROOT, "%+.1f%%", s.difference() * 100),
          Double.isNaN(s.sameCellSpread()) ? "-" : String.format(Locale.ROOT, "%.1f%%", s.sameCellSpread() * 100),
          verdict));
    }
    b.append("Same cells: the largest difference between the two plans' steady cells at a thread count both ran"
        + " (the same cell measured twice)\n");
    b.append(String.format(Locale.ROOT, "%nWall time: fixed sweep %s, search %s: the search took %.0f%% of the"
        + " fixed sweep's time (goal: at most 33%%)%n", clock(fixedSeconds), clock(searchedSeconds),
        searchedSeconds / fixedSeconds * 100));
    b.append(String.format(Locale.ROOT, "%d of %d series within 5%%%s; time goal %s%n", within, series.size(),
        withinSpread == 0 ? "" : String.format(Locale.ROOT, " (%d more within the same cells' spread)", withinSpread),
        searchedSeconds * 3 <= fixedSeconds ? "met" : "not met"));
    return b.toString();
  }

  private static String rate(CellResult r) {
    return r == null ? "-" : String.format(Locale.ROOT, "%,.0f", r.rates().qpsRows())
        + (r.hostBusyWithOtherWork() ? " (host busy)" : "");
  }

  private static String threads(CellResult r) {
    return r == null ? "-" : Integer.toString(r.cell().threads());
  }

  private static String clock(double seconds) {
    return Formats.clock(seconds);
  }
}
