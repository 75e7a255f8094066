package io.tablestoreycsb.planner.report;

import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.EndpointView;
import io.tablestoreycsb.planner.analysis.HostCpu;
import io.tablestoreycsb.planner.analysis.Latency;
import io.tablestoreycsb.planner.matrix.TargetLabel;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The report's table layout, shared by the Markdown, HTML and terminal views. */
final class ReportTable {
  static final List<String> HEADERS = List.of("Partitions", "Runner", "Thread", "QPS(row)", "Avg Latency (ms)",
      "p50 (ms)", "p95 (ms)", "p99 (ms)", "p99.9 (ms)", "max (ms)", "Requests/s", "MB/s", "Read CU/s",
      "Write CU/s", "CPU cores/runner", "Peak mem/runner (MB)", "Predicted QPS(row)", "Measured/Predicted",
      "Window (UTC start, length)", "Warm-up (s)", "Start skew (ms)", "Clock spread (ms)", "Runner host CPU",
      "Endpoint view", "Stopped", "Bound by");

  /**
   * The columns report.html shows in a second table per case, "How each cell ran", beside the cell's key
   * ({@link #KEY}): the identity check's prediction (the first table keeps Measured/Predicted), the runners'
   * resources, the window's timing, the host's and the endpoint's view, why it stopped. The first table keeps
   * the figures and the verdict, so that each fits a 1400 px window with rows of at most two lines.
   */
  static final List<String> HOW_IT_RAN = List.of("Predicted QPS(row)", "CPU cores/runner", "Peak mem/runner (MB)",
      "Window (UTC start, length)", "Warm-up (s)", "Start skew (ms)", "Clock spread (ms)", "Runner host CPU",
      "Endpoint view", "Stopped");

  /** Columns of words rather than figures: left-aligned, and where a long cell wraps. */
  static final List<String> TEXT_COLUMNS = List.of("Runner host CPU", "Endpoint view", "Stopped", "Bound by");

  /** The open-loop columns of latency from each request's intended start: report.html's third table. */
  static final List<String> INTENDED = List.of("Intended avg (ms)", "Intended p50 (ms)", "Intended p99 (ms)",
      "Intended p99.9 (ms)", "Intended max (ms)");

  /** The columns that name a cell in every table. */
  static final List<String> KEY = List.of("Partitions", "Runner", "Thread");

  /** Columns of a table with open-loop cells: the target after the threads, intended latency after max. */
  static final List<String> OPEN_LOOP_HEADERS = openLoopHeaders();

  private ReportTable() {}

  private static List<String> openLoopHeaders() {
    List<String> h = new ArrayList<>(HEADERS);
    h.add(h.indexOf("QPS(row)"), "Target QPS(row)");
    h.addAll(h.indexOf("max (ms)") + 1, INTENDED);
    return List.copyOf(h);
  }

  /** Whether a table of these rows needs the open-loop columns. */
  static boolean anyOpenLoop(List<CellResult> rows) {
    return rows.stream().anyMatch(CellResult::isOpenLoop);
  }

  static List<String> headers(List<CellResult> rows) {
    return anyOpenLoop(rows) ? OPEN_LOOP_HEADERS : HEADERS;
  }

  /** A row's cells; with {@code openLoopColumns}, those of {@link #OPEN_LOOP_HEADERS} ("-" for a closed loop). */
  static List<String> cells(CellResult r, boolean openLoopColumns) {
    List<String> c = new ArrayList<>();
    c.add(Integer.toString(r.cell().partitions()));
    c.add(Integer.toString(r.cell().runners()));
    c.add(Integer.toString(r.cell().threads()));
    if (openLoopColumns) {
      c.add(r.isOpenLoop() ? Formats.num(r.targetRowsPerSecond()) : "-");
    }
    c.add(qps(r));
    Latency latency = r.latency();
    c.add(Formats.ms(latency.avgMs()));
    c.add(Formats.ms(latency.p50Ms()));
    c.add(Formats.ms(latency.p95Ms()));
    c.add(Formats.ms(latency.p99Ms()));
    c.add(Formats.ms(latency.p999Ms()));
    c.add(Formats.ms(latency.maxMs()));
    if (openLoopColumns) {
      Latency i = r.intended();
      for (double v : i == null ? new double[] {Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN}
          : new double[] {i.avgMs(), i.p50Ms(), i.p99Ms(), i.p999Ms(), i.maxMs()}) {
        c.add(Double.isNaN(v) ? "-" : Formats.ms(v));
      }
    }
    c.add(Formats.num(r.rates().requestsPerSecond()));
    c.add(Formats.num(r.rates().mbPerSecond()));
    c.add(Formats.num(r.rates().readCuPerSecond()));
    c.add(Formats.num(r.rates().writeCuPerSecond()));
    c.add(Formats.num(r.resources().cpuCoresPerRunner()));
    c.add(Formats.num(r.resources().peakMemMbPerRunner()));
    c.add(Formats.num(r.prediction().qpsRows()));
    c.add(Formats.percent(r.prediction().measuredOverPredicted()));
    c.add(Formats.timeOfDay(r.window().startEpochMs()) + ", " + Formats.num(r.window().seconds()) + " s");
    c.add(Formats.num(r.window().warmupSeconds()));
    c.add(Formats.num(r.window().startSkewMs()));
    c.add(r.clockSpread() == null ? "-"
        : Formats.num(r.clockSpread().ms()) + " ± " + Formats.num(r.clockSpread().uncertaintyMs()));
    c.add(hostCpu(r));
    c.add(endpointView(r));
    String stopped = StopText.stopped(r.stop());
    c.add(stopped.isEmpty() ? "-" : stopped);
    c.add(boundBy(r));
    return c;
  }

  /**
   * A cell's rows/s as every table shows it: marked "(plateau)", "(knee)", and "(host busy)" when its runner host
   * was busy with other work (the figure may move when measured again on a calm host).
   */
  static String qps(CellResult r) {
    return Formats.num(r.rates().qpsRows()) + (r.plateau() ? " (plateau)" : "") + (r.knee() ? " (knee)" : "")
        + (r.hostBusyWithOtherWork() ? " (host busy)" : "");
  }

  /** The "Runner host CPU" column: the busiest runner host and what used it; "-" when not read. */
  static String hostCpu(CellResult r) {
    HostCpu h = r.hostCpu().stream().max(Comparator.comparingDouble(HostCpu::busy)).orElse(null);
    if (h == null) {
      return "-";
    }
    String endpoint = h.endpointLocal() ? String.format(Locale.ROOT, ", endpoint %.0f%%", h.endpoint() * 100) : "";
    String throttled = Double.isNaN(h.throttled()) ? ""
        : String.format(Locale.ROOT, ", throttled %.0f%%", h.throttled() * 100);
    return String.format(Locale.ROOT, "%s%.0f%% of %d (runners %.0f%%%s, others %.0f%%, steal %.0f%%%s)",
        r.hostCpu().size() > 1 ? h.host() + " " : "", h.busy() * 100, h.cpus(), h.runners() * 100, endpoint,
        h.others() * 100, h.steal() * 100, throttled);
  }

  /**
   * The "Endpoint view" column: the mock's busiest partition and its queueing (and injected latency), or a real
   * service's refusals; "-" when there is neither.
   */
  static String endpointView(CellResult r) {
    EndpointView e = r.endpoint();
    if (e != null) {
      EndpointView.PartitionLoad p = e.busiest();
      EndpointView.InjectedLatency i = e.mostInjected();
      String partitions = p == null ? "no capacity limit" : String.format(Locale.ROOT,
          "P%d %.0f%% busy, waited %.1f ms", p.partition(), p.busy() * 100, p.meanWaitMs());
      return partitions + (i == null ? "" : String.format(Locale.ROOT, "; %s +%.2f ms injected", i.action(),
          i.meanMs()));
    }
    if (r.serviceErrors().perSecond() > 0) {
      return String.format(Locale.ROOT, "%.1f throttled/s, %.1f server-busy/s", r.serviceErrors().throttledPerSecond(),
          r.serviceErrors().unavailablePerSecond());
    }
    return "-";
  }

  /** The "Bound by" column: the verdict, and the failed operations when there were any. */
  static String boundBy(CellResult r) {
    return VerdictText.of(r.verdict()) + failed(r);
  }

  /** The "Bound by" column of report.html's cells table: the brief verdict ({@link VerdictText#brief}). */
  static String boundByBrief(CellResult r) {
    return VerdictText.brief(r.verdict()) + failed(r);
  }

  private static String failed(CellResult r) {
    return r.rates().failed() > 0 ? "; " + r.rates().failed() + " failed" : "";
  }

  /** The hosts the runners ran on, space-separated. */
  static String hosts(CellResult r) {
    return String.join(" ", r.resources().hosts());
  }

  /** How far apart the runners' clocks were, or NaN when not measured. */
  static double clockSpreadMs(CellResult r) {
    return r.clockSpread() == null ? Double.NaN : r.clockSpread().ms();
  }

  /** Plus or minus this, or NaN. */
  static double clockSpreadUncertaintyMs(CellResult r) {
    return r.clockSpread() == null ? Double.NaN : r.clockSpread().uncertaintyMs();
  }

  /** Rows grouped by instance type, then by case and sweep setting, keeping the report order. */
  static Map<String, Map<String, List<CellResult>>> grouped(List<CellResult> rows) {
    Map<String, Map<String, List<CellResult>>> groups = new LinkedHashMap<>();
    for (CellResult r : rows) {
      groups.computeIfAbsent(r.cell().instanceType(), k -> new LinkedHashMap<>())
          .computeIfAbsent(caseTitle(r), k -> new ArrayList<>()).add(r);
    }
    return groups;
  }

  static String caseTitle(CellResult r) {
    return caseTitle(r.cell().caseName(), r.cell().sweep());
  }

  /** A case and its sweep setting, as the report's section titles name them. */
  static String caseTitle(String caseName, String sweep) {
    String setting = sweep == null ? "" : TargetLabel.withoutTarget(sweep);
    return caseName + (setting.isEmpty() ? "" : ", " + setting);
  }

  static String latencyNote(CellResult r) {
    int rowsPerRequest = r.cell().rowsPerRequest();
    return switch (r.cell().measure()) {
      case "BATCH_WRITE" -> "request latency = BATCH_WRITE (one BatchWriteRow of " + rowsPerRequest
          + " rows); YCSB's INSERT only times buffering a row and is not used";
      case "SCAN" -> "request latency = SCAN (one GetRange of up to " + rowsPerRequest + " rows)";
      case "READ" -> "request latency = READ (one GetRow)";
      case "INSERT" -> "request latency = INSERT (one PutRow)";
      default -> "request latency = " + r.cell().measure();
    };
  }
}
