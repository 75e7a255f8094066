package io.tablestoreycsb.planner.run;

import io.tablestoreycsb.planner.matrix.Slo;
import io.tablestoreycsb.planner.matrix.ThreadSearch;
import io.tablestoreycsb.planner.report.CellStop;
import io.tablestoreycsb.planner.report.ReportRow;
import io.tablestoreycsb.planner.runner.CellKey;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The saturation search of {@code threads = auto} cases: each series (a case on one table, with one
 * sweep setting and target) runs its thread points in order until its rows per second grew by less than
 * the search's gain over the last two steps, or a cell broke its SLO; the rest of the series is
 * skipped. The knee (two steps before saturation, or the last cell within the SLO) is noted in its
 * cell's {@link CellStop}, and so in the report.
 *
 * <p>When the two-step rule stopped a series below its most threads and the search confirms
 * ({@link ThreadSearch#confirm}), the series' last point still runs as a probe: within the gain of the
 * best steady reading before it, the knee stands; beyond it, the rate was still climbing, and the probe
 * is the knee (at or below its threads: the points between were not tried).
 */
final class SaturationSearch {
  private record Step(int threads, Path dir, double qpsRows) {}

  /** A series stopped by the two-step rule, waiting for its probe at {@code threads}. */
  private record Probe(int threads, Step knee, double bestQpsRows, String why) {}

  private final Map<String, List<Step>> steps = new HashMap<>();
  private final Map<String, String> stopped = new HashMap<>();
  private final Map<String, Probe> probes = new HashMap<>();

  private static String series(CellKey k) {
    return k.instanceType() + "\u0000" + k.caseName() + "\u0000" + k.partitions() + "\u0000" + k.sweep();
  }

  /** Why {@code cell} is not run (its series' search has stopped), or null when it is to run. */
  String skipReason(PlannedCell cell) {
    if (cell.spec().search() == null) {
      return null;
    }
    Probe probe = probes.get(series(cell.key()));
    if (probe != null) {
      return cell.key().threads() == probe.threads() ? null : probe.why() + "; probing " + probe.threads()
          + " threads";
    }
    return stopped.get(series(cell.key()));
  }

  /** Takes a finished cell of a searched case into account; returns what the search concluded, or null. */
  String record(PlannedCell cell, Path dir, ReportRow row, Slo slo) throws IOException {
    ThreadSearch search = cell.spec().search();
    if (search == null) {
      return null;
    }
    String key = series(cell.key());
    List<Step> done = steps.computeIfAbsent(key, k -> new ArrayList<>());
    Step step = new Step(cell.key().threads(), dir, row.qpsRows());
    Probe probe = probes.remove(key);
    if (probe != null) {
      return probed(key, probe, step, row, slo, search);
    }
    if (brokeSlo(row, slo)) {
      done.add(step);
      int n = done.size();
      String why = String.format(Locale.ROOT, "saturation search stopped at %d threads: %s %.2f ms broke %s",
          row.threads(), slo.percentileName(), row.sloLatencyMs(), slo);
      if (n >= 2) {
        mark(done.get(n - 2), CellStop.KNEE + " (the last thread point within " + slo + ")");
      }
      return stop(key, done.get(n - 1), why);
    }
    // A cell whose rate never settled (noisy or drifting until its cap: a busy runner machine) or whose
    // window was too short for its latency gives one reading of a moving figure: comparing two such
    // readings once stopped a search at 4 threads with "-0%" between 701 and 699 rows/s while a steady
    // 2-thread cell between them had 970. The search judges saturation by steady cells only.
    String noEvidence = noEvidence(dir, row);
    if (noEvidence != null) {
      return String.format(Locale.ROOT, "%,.0f rows/s at %d threads is no evidence of saturation (%s): the search goes"
          + " on", row.qpsRows(), row.threads(), noEvidence);
    }
    done.add(step);
    int n = done.size();
    if (n >= 3) {
      double growth = done.get(n - 1).qpsRows() / done.get(n - 3).qpsRows() - 1;
      if (growth < search.gain()) {
        Step knee = done.get(n - 3);
        mark(knee, String.format(Locale.ROOT, "%s (%d to %d threads added %+.0f%% rows/s)", CellStop.KNEE,
            knee.threads(), done.get(n - 1).threads(), growth * 100));
        String why = String.format(Locale.ROOT, "saturation search stopped at %d threads: rows/s grew %+.0f%% over"
            + " the last two steps (under %.0f%%)", row.threads(), growth * 100, search.gain() * 100);
        if (search.confirm() && row.threads() < search.maxThreads()) {
          probes.put(key, new Probe(search.maxThreads(), knee, done.stream().mapToDouble(Step::qpsRows).max()
              .orElseThrow(), why));
          String probing = why + "; probing " + search.maxThreads() + " threads to confirm";
          mark(done.get(n - 1), probing);
          return probing;
        }
        return stop(key, done.get(n - 1), why);
      }
    }
    return null;
  }

  /**
   * The probe's verdict. Its rows/s count like any cell's (the report's saturation is the most of them); the
   * verdict says whether the two-step rule's knee stands.
   */
  private String probed(String key, Probe probe, Step step, ReportRow row, Slo slo, ThreadSearch search)
      throws IOException {
    String at = String.format(Locale.ROOT, "probe at %d threads", step.threads());
    if (brokeSlo(row, slo)) {
      return stop(key, step, String.format(Locale.ROOT, "%s: %s %.2f ms broke %s; the knee at %d threads stands", at,
          slo.percentileName(), row.sloLatencyMs(), slo, probe.knee().threads()));
    }
    String noEvidence = noEvidence(step.dir(), row);
    if (noEvidence != null) {
      return stop(key, step, String.format(Locale.ROOT, "%s: %,.0f rows/s is no evidence (%s); the knee at %d"
          + " threads stands unconfirmed", at, row.qpsRows(), noEvidence, probe.knee().threads()));
    }
    double growth = row.qpsRows() / probe.bestQpsRows() - 1;
    if (growth <= search.gain()) {
      return stop(key, step, String.format(Locale.ROOT, "%s: %+.0f%% over the best before it (%,.0f rows/s), within"
          + " %.0f%%: the knee at %d threads stands", at, growth * 100, probe.bestQpsRows(), search.gain() * 100,
          probe.knee().threads()));
    }
    // The rate was still climbing: the two-step rule stopped on a flat stretch, not the plateau.
    mark(probe.knee(), String.format(Locale.ROOT, "the two-step rule's knee, overturned: %d threads gave %+.0f%%",
        step.threads(), growth * 100));
    stopped.put(key, at);
    mark(step, String.format(Locale.ROOT, "%s (at or below %d threads: it gave %+.0f%% over the best before it, %,.0f"
        + " rows/s, where the two-step rule had stopped; the points between were not tried)", CellStop.KNEE,
        step.threads(), growth * 100, probe.bestQpsRows()));
    return String.format(Locale.ROOT, "%s: %+.0f%% over the best before it (%,.0f rows/s), beyond %.0f%%: the rate was"
        + " still climbing; the knee is at or below %d threads", at, growth * 100, probe.bestQpsRows(),
        search.gain() * 100, step.threads());
  }

  private static boolean brokeSlo(ReportRow row, Slo slo) {
    return slo != null && !Double.isNaN(row.sloLatencyMs()) && !row.metSlo();
  }

  /** Why a cell's rows/s are no evidence of where the rate levels off, or null when they are. */
  private static String noEvidence(Path dir, ReportRow row) throws IOException {
    if (CellStop.readCell(dir).map(CellStop::reachedCapUnsteady).orElse(false)) {
      return "its rate was not steady by its cap";
    }
    return row.steady() ? null : row.limit();
  }

  private String stop(String key, Step last, String why) throws IOException {
    stopped.put(key, why);
    mark(last, why);
    return why;
  }

  private static void mark(Step step, String note) throws IOException {
    CellStop stop = CellStop.readCell(step.dir()).orElse(new CellStop("fixed", false, "", 0));
    stop.withSearch(note).write(step.dir());
  }
}
