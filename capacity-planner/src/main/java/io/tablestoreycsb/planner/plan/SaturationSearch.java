package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.CellStop;
import io.tablestoreycsb.planner.analysis.SearchMark;
import io.tablestoreycsb.planner.matrix.Slo;
import io.tablestoreycsb.planner.matrix.ThreadSearch;
import io.tablestoreycsb.planner.runner.CellKey;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The saturation search of {@code threads = auto} cases: each series (a case on one table, with one
 * sweep setting and target) runs its thread points in order until its rows per second grew by less than
 * the search's gain over the last two steps, or a cell broke its SLO; the rest of the series is
 * skipped. The knee (two steps before saturation, or the last cell within the SLO) is marked in its
 * cell's {@link CellStop} ({@link SearchMark}), and so in the report.
 *
 * <p>When the two-step rule stopped a series below its most threads and the search confirms
 * ({@link ThreadSearch#confirm}), the series' last point still runs as a probe: within the gain of the
 * best steady reading before it, the knee stands; beyond it, the rate was still climbing, and the probe
 * is the knee (at or below its threads: the points between were not tried).
 */
final class SaturationSearch {
  /** A cell of a series, with how it ended (its mark is replaced when the search marks it). */
  private record Step(int threads, Path dir, double qpsRows, CellStop stop) {}

  /** A series stopped by the two-step rule, waiting for its probe at {@code threads}. */
  private record Probe(int threads, Step knee, double bestQpsRows, SearchMark.Levelled why) {}

  private final Map<String, List<Step>> steps = new HashMap<>();
  private final Map<String, SearchMark> stopped = new HashMap<>();
  private final Map<String, Probe> probes = new HashMap<>();

  private static String series(CellKey k) {
    return k.instanceType() + "\u0000" + k.caseName() + "\u0000" + k.partitions() + "\u0000" + k.sweep();
  }

  /** Why {@code cell} is not run (its series' search has stopped), or null when it is to run. */
  SearchMark.Skipped skipReason(PlannedCell cell) {
    if (cell.spec().search() == null) {
      return null;
    }
    Probe probe = probes.get(series(cell.key()));
    if (probe != null) {
      return cell.key().threads() == probe.threads() ? null : new SearchMark.Skipped(probe.why(), probe.threads());
    }
    SearchMark why = stopped.get(series(cell.key()));
    return why == null ? null : new SearchMark.Skipped(why, 0);
  }

  /**
   * Takes a finished cell of a searched case into account, as analysed ({@code result}, judged by the case's
   * objective); returns what the search concluded, or null.
   */
  SearchMark record(PlannedCell cell, Path dir, CellResult result) throws IOException {
    ThreadSearch search = cell.spec().search();
    if (search == null) {
      return null;
    }
    String key = series(cell.key());
    List<Step> done = steps.computeIfAbsent(key, k -> new ArrayList<>());
    int threads = cell.key().threads();
    double qpsRows = result.rates().qpsRows();
    Step step = new Step(threads, dir, qpsRows, result.stop() == null ? CellStop.notRecorded() : result.stop());
    Slo slo = result.slo();
    Probe probe = probes.remove(key);
    if (probe != null) {
      return probed(key, probe, step, result, search);
    }
    if (brokeSlo(result)) {
      done.add(step);
      int n = done.size();
      if (n >= 2) {
        mark(done.get(n - 2), new SearchMark.KneeWithinSlo(slo));
      }
      return stop(key, done.get(n - 1), new SearchMark.BrokeSlo(threads, slo, result.sloLatencyMs()));
    }
    // A cell whose rate never settled (noisy or drifting until its cap: a busy runner machine) or whose
    // window was too short for its latency gives one reading of a moving figure: comparing two such
    // readings once stopped a search at 4 threads with "-0%" between 701 and 699 rows/s while a steady
    // 2-thread cell between them had 970. The search judges saturation by steady cells only.
    Optional<SearchMark.Unproven> unproven = SearchMark.Unproven.of(result);
    if (unproven.isPresent()) {
      return new SearchMark.NoEvidence(threads, qpsRows, unproven.get());
    }
    done.add(step);
    int n = done.size();
    if (n >= 3) {
      double growth = done.get(n - 1).qpsRows() / done.get(n - 3).qpsRows() - 1;
      if (growth < search.gain()) {
        Step knee = done.get(n - 3);
        mark(knee, new SearchMark.Knee(knee.threads(), done.get(n - 1).threads(), growth));
        SearchMark.Levelled why = new SearchMark.Levelled(threads, growth, search.gain(), 0);
        if (search.confirm() && threads < search.maxThreads()) {
          probes.put(key, new Probe(search.maxThreads(), knee, done.stream().mapToDouble(Step::qpsRows).max()
              .orElseThrow(), why));
          SearchMark probing = new SearchMark.Levelled(threads, growth, search.gain(), search.maxThreads());
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
  private SearchMark probed(String key, Probe probe, Step step, CellResult result, ThreadSearch search)
      throws IOException {
    int kneeThreads = probe.knee().threads();
    if (brokeSlo(result)) {
      return stop(key, step, new SearchMark.ProbeBrokeSlo(step.threads(), result.slo(), result.sloLatencyMs(),
          kneeThreads));
    }
    Optional<SearchMark.Unproven> unproven = SearchMark.Unproven.of(result);
    if (unproven.isPresent()) {
      return stop(key, step, new SearchMark.ProbeNoEvidence(step.threads(), step.qpsRows(), unproven.get(),
          kneeThreads));
    }
    double growth = step.qpsRows() / probe.bestQpsRows() - 1;
    if (growth <= search.gain()) {
      return stop(key, step, new SearchMark.ProbeConfirmed(step.threads(), growth, probe.bestQpsRows(), search.gain(),
          kneeThreads));
    }
    // The rate was still climbing: the two-step rule stopped on a flat stretch, not the plateau.
    mark(probe.knee(), new SearchMark.Overturned(step.threads(), growth));
    SearchMark climbing = new SearchMark.ProbeClimbing(step.threads(), growth, probe.bestQpsRows(), search.gain());
    stopped.put(key, climbing);
    mark(step, new SearchMark.KneeAtProbe(step.threads(), growth, probe.bestQpsRows()));
    return climbing;
  }

  private static boolean brokeSlo(CellResult result) {
    return result.slo() != null && !Double.isNaN(result.sloLatencyMs()) && !result.metSlo();
  }

  private SearchMark stop(String key, Step last, SearchMark why) throws IOException {
    stopped.put(key, why);
    mark(last, why);
    return why;
  }

  private static void mark(Step step, SearchMark mark) throws IOException {
    StopFile.write(step.dir(), step.stop().withMark(mark));
  }
}
