package io.tablestoreycsb.planner.report;

import io.tablestoreycsb.planner.hdr.HdrLogs;
import io.tablestoreycsb.planner.hdr.LatencySummary;
import io.tablestoreycsb.planner.runner.ClockReading;
import io.tablestoreycsb.planner.matrix.Slo;
import io.tablestoreycsb.planner.matrix.TargetLabel;
import io.tablestoreycsb.planner.runner.RunnerRecord;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;

/** Turns the runners of one cell into a report row. */
public final class CellAnalyzer {
  /** Below this measured / predicted ratio the runners' threads were often not waiting on the service. */
  public static final double IDENTITY_TOLERANCE = 0.90;
  /**
   * Above this measured / predicted ratio the window was too short for the cell's latency spread:
   * requests begun before the window count their whole latency inside it. Such a cell is not
   * evidence of anything and is labelled so rather than called service-bound.
   */
  public static final double IDENTITY_OVERSHOOT = 1.10;
  /**
   * A window shorter than this many mean latencies is no evidence. Requests in flight at the window's
   * edges complete just inside or just outside it, and runners released together complete their first
   * requests in waves, so the count inside a window of W seconds is off by about L / (4W) for a mean
   * latency L (batch writes of 1 s in 2.4 s windows came out 9% high against a mock's fixed capacity);
   * five latencies keep that near the 5% a cell may exceed the service's rate by.
   */
  public static final int MIN_WINDOW_LATENCIES = 5;
  /** The limit of a cell whose runners never ran past their start-up together for two status intervals. */
  public static final String NO_COMMON_WINDOW =
      "unsteady (no two status intervals when every runner was past its start-up; run longer cells)";
  /** At or above this share of the host's processors the runners' own CPU inflates the latency. */
  public static final double HOST_CPU_LIMIT = 0.85;

  private CellAnalyzer() {}

  public static ReportRow analyze(List<RunnerResult> runners) {
    return analyze(runners, null);
  }

  /** The row of a cell judged by {@code slo} (null: none). */
  public static ReportRow analyze(List<RunnerResult> runners, Slo slo) {
    return analyze(runners, slo, null);
  }

  /**
   * The row of a cell judged by {@code slo} (null: none), measured after its warm-up when {@code stop}
   * (null: not recorded) says from when its rate was steady.
   */
  public static ReportRow analyze(List<RunnerResult> runners, Slo slo, CellStop stop) {
    if (runners.isEmpty()) {
      throw new IllegalArgumentException("a cell needs at least one runner");
    }
    RunnerRecord first = runners.get(0).record();
    MeasuredWindow window = MeasuredWindow.of(runners, stop == null ? 0 : stop.steadyFromEpochMs());
    double seconds = Math.max(0.001, window.seconds());
    List<Histogram> histograms = new ArrayList<>();
    List<Histogram> intendedHistograms = new ArrayList<>();
    double requests = 0;
    double rows = 0;
    double readCu = 0;
    double writeCu = 0;
    boolean cuReported = true;
    long failed = 0;
    double cpuCores = 0;
    double peakMem = 0;
    double ioMbPerSecond = 0;
    Map<String, Double> cpuPerHost = new TreeMap<>();
    Map<String, Integer> cpusOfHost = new TreeMap<>();
    int threadsTotal = 0;
    List<PartitionMerge.Part> partitionParts = new ArrayList<>();
    for (RunnerResult r : runners) {
      histograms.add(window.latencyIn(r));
      intendedHistograms.add(window.latencyIn(r.intendedIntervals()));
      double inWindow = window.requestsIn(r);
      requests += inWindow;
      rows += inWindow * r.rowsPerRequest();
      if (r.stats().isPresent()) {
        // Whole-run counters, scaled to the window by its share of the runner's requests.
        double share = r.allRequests() == 0 ? 0 : inWindow / r.allRequests();
        readCu += r.stats().get().readCu() * share;
        writeCu += r.stats().get().writeCu() * share;
        failed += r.stats().get().rowsFailed();
        partitionParts.add(new PartitionMerge.Part(r.stats().get().partitions(), share));
      } else {
        cuReported = false;
      }
      failed += r.output().failedOperations();
      double cores = r.record().cpuSeconds() / r.processSeconds();
      cpuCores += cores;
      cpuPerHost.merge(r.record().host(), cores, Double::sum);
      cpusOfHost.put(r.record().host(), r.record().hostCpus());
      peakMem = Math.max(peakMem, r.record().peakRssBytes() / 1e6);
      ioMbPerSecond += (r.record().ioReadBytes() + r.record().ioWriteBytes()) / 1e6 / r.processSeconds();
      threadsTotal += r.record().threads();
    }
    double requestsPerSecond = requests / seconds;
    double rowsPerSecond = rows / seconds;
    Histogram all = HdrLogs.merge(histograms);
    LatencySummary merged = LatencySummary.of(all);
    double target = TargetLabel.target(first.sweep() == null ? "" : first.sweep());
    Histogram intendedAll = HdrLogs.merge(intendedHistograms);
    boolean openLoop = !Double.isNaN(target);
    // An open-loop cell is judged by the latency a request arriving at the target rate sees: from its
    // intended start, queueing behind late requests included.
    Histogram judged = openLoop && intendedAll.getTotalCount() > 0 ? intendedAll : all;
    double sloLatencyMs = slo == null || judged.getTotalCount() == 0 ? Double.NaN
        : judged.getValueAtPercentile(slo.percentile()) / 1000.0;
    int n = runners.size();
    // Rows per request as measured (a range read near the end of the key space returns fewer than 100).
    double rowsPerRequest = requests > 0 ? rows / requests : first.rowsPerRequest();
    double predicted = merged.meanUs() > 0 ? 1_000_000.0 / merged.meanUs() * threadsTotal * rowsPerRequest : 0;
    double ratio = predicted > 0 ? rowsPerSecond / predicted : 0;
    String limit;
    if (!window.common()) {
      limit = NO_COMMON_WINDOW;
    } else if (window.seconds() < MIN_WINDOW_LATENCIES * merged.meanUs() / 1e6) {
      limit = String.format(Locale.ROOT, "unsteady (the %.1f s window is under %d mean latencies of %.2f s; run"
          + " longer cells)", window.seconds(), MIN_WINDOW_LATENCIES, merged.meanUs() / 1e6);
    } else if (openLoop) {
      limit = openLoopLimit(rowsPerSecond / target, ratio, cpuPerHost, cpusOfHost);
    } else {
      limit = limit(ratio, cpuPerHost, cpusOfHost);
    }
    Optional<ClockReading.Spread> clocks = ClockReading.spread(runners.stream().map(RunnerResult::clock).toList());
    return new ReportRow(first.instanceType(), first.caseName(), first.sweep() == null ? "" : first.sweep(),
        first.partitions(), n, first.threads(), first.measure(), first.rowsPerRequest(), rowsPerSecond,
        requestsPerSecond, merged.meanUs() / 1000.0, merged.p50Us() / 1000.0, merged.p95Us() / 1000.0,
        merged.p99Us() / 1000.0, merged.p999Us() / 1000.0, merged.maxUs() / 1000.0, merged.count(), failed,
        rowsPerSecond * first.rowBytes() / 1e6, cuReported ? readCu / seconds : Double.NaN,
        cuReported ? writeCu / seconds : Double.NaN, cpuCores / n, peakMem, ioMbPerSecond / n, predicted, ratio,
        limit, false, String.join(" ", new TreeSet<>(cpuPerHost.keySet())), window.seconds(),
        window.startEpochMs(), window.warmupSeconds(), window.startSkewMs(),
        clocks.map(ClockReading.Spread::ms).orElse(Double.NaN),
        clocks.map(ClockReading.Spread::uncertaintyMs).orElse(Double.NaN), slo, sloLatencyMs, target,
        openLoop ? latency(intendedAll) : null, stop == null ? "" : stop.text(),
        PartitionMerge.of(partitionParts, window.seconds()));
  }

  private static ReportRow.Latency latency(Histogram h) {
    if (h.getTotalCount() == 0) {
      return null;
    }
    LatencySummary s = LatencySummary.of(h);
    return new ReportRow.Latency(s.meanUs() / 1000.0, s.p50Us() / 1000.0, s.p95Us() / 1000.0, s.p99Us() / 1000.0,
        s.p999Us() / 1000.0, s.maxUs() / 1000.0);
  }

  /**
   * An open-loop cell's threads wait by design when the service keeps up, so the identity check does not
   * judge it; what matters is whether it reached its target and, if not, whether its threads were all
   * waiting on the service (then the service, or too few threads for its latency, held it back) or not
   * (the client did).
   */
  static String openLoopLimit(double ofTarget, double ratio, Map<String, Double> cpuPerHost,
      Map<String, Integer> cpusOfHost) {
    String closedLoopVerdict = limit(ratio, cpuPerHost, cpusOfHost);
    if (closedLoopVerdict.startsWith("client CPU") || closedLoopVerdict.startsWith("unsteady")) {
      return closedLoopVerdict;
    }
    if (ofTarget >= ReportRow.TARGET_REACHED) {
      return "target met";
    }
    String reached = String.format(Locale.ROOT, "target not reached (%.0f%% of it)", ofTarget * 100);
    return ratio >= IDENTITY_TOLERANCE ? reached + ": every thread was waiting on the service"
        : reached + ": " + closedLoopVerdict;
  }

  /**
   * The paper's identity holds when every runner thread is always inside a request: rows/s =
   * 1000 / avg latency (ms) x runners x threads x rows per request. When the measured figure is more
   * than 10% below, threads spent time outside requests (client CPU, GC, the binding's buffering): the
   * client, not the service, limited the cell. When the runners used 85% or more of their host's
   * processors, the measured latency itself includes client-side queueing, so the cell is client-bound
   * even if the identity holds. Well above 100% (Little's law caps a steady closed loop at it), the
   * measurement window was too short for the latency spread and the cell is marked unsteady.
   */
  static String limit(double ratio, Map<String, Double> cpuPerHost, Map<String, Integer> cpusOfHost) {
    for (Map.Entry<String, Double> e : cpuPerHost.entrySet()) {
      int cpus = cpusOfHost.getOrDefault(e.getKey(), 0);
      if (cpus > 0 && e.getValue() >= HOST_CPU_LIMIT * cpus) {
        return String.format(Locale.ROOT, "client CPU (%.1f of %d cores on host %s)", e.getValue(), cpus,
            e.getKey());
      }
    }
    if (ratio > 0 && ratio < IDENTITY_TOLERANCE) {
      return String.format("client (%.0f%% of identity)", ratio * 100);
    }
    if (ratio > IDENTITY_OVERSHOOT) {
      return "unsteady (window too short for its latency; run longer cells)";
    }
    return "service";
  }
}
