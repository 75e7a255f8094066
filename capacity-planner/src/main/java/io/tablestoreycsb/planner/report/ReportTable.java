package io.tablestoreycsb.planner.report;

import io.tablestoreycsb.planner.matrix.TargetLabel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The report's table layout, shared by the Markdown, HTML and terminal views. */
final class ReportTable {
  static final List<String> HEADERS = List.of("Partitions", "Runner", "Thread", "QPS(row)", "Avg Latency (ms)",
      "p50 (ms)", "p95 (ms)", "p99 (ms)", "p99.9 (ms)", "max (ms)", "Requests/s", "MB/s", "Read CU/s",
      "Write CU/s", "CPU cores/runner", "Peak mem/runner (MB)", "Predicted QPS(row)", "Measured/Predicted",
      "Window (UTC start, length)", "Warm-up (s)", "Start skew (ms)", "Clock spread (ms)", "Stopped", "Bound by");

  /** Columns of a table with open-loop cells: the target after the threads, intended latency after max. */
  static final List<String> OPEN_LOOP_HEADERS = openLoopHeaders();

  private ReportTable() {}

  private static List<String> openLoopHeaders() {
    List<String> h = new ArrayList<>(HEADERS);
    h.add(h.indexOf("QPS(row)"), "Target QPS(row)");
    h.addAll(h.indexOf("max (ms)") + 1, List.of("Intended avg (ms)", "Intended p50 (ms)", "Intended p99 (ms)",
        "Intended p99.9 (ms)", "Intended max (ms)"));
    return List.copyOf(h);
  }

  /** Whether a table of these rows needs the open-loop columns. */
  static boolean anyOpenLoop(List<ReportRow> rows) {
    return rows.stream().anyMatch(ReportRow::openLoop);
  }

  static List<String> headers(List<ReportRow> rows) {
    return anyOpenLoop(rows) ? OPEN_LOOP_HEADERS : HEADERS;
  }

  static List<String> cells(ReportRow r) {
    return cells(r, false);
  }

  /** A row's cells; with {@code openLoopColumns}, those of {@link #OPEN_LOOP_HEADERS} ("-" for a closed loop). */
  static List<String> cells(ReportRow r, boolean openLoopColumns) {
    List<String> c = new ArrayList<>();
    c.add(Integer.toString(r.partitions()));
    c.add(Integer.toString(r.runners()));
    c.add(Integer.toString(r.threads()));
    if (openLoopColumns) {
      c.add(r.openLoop() ? Formats.num(r.targetRowsPerSecond()) : "-");
    }
    c.add(Formats.num(r.qpsRows()) + (r.plateau() ? " (plateau)" : "") + (r.knee() ? " (knee)" : ""));
    c.add(Formats.ms(r.avgMs()));
    c.add(Formats.ms(r.p50Ms()));
    c.add(Formats.ms(r.p95Ms()));
    c.add(Formats.ms(r.p99Ms()));
    c.add(Formats.ms(r.p999Ms()));
    c.add(Formats.ms(r.maxMs()));
    if (openLoopColumns) {
      ReportRow.Latency i = r.intended();
      for (double v : i == null ? new double[] {Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN}
          : new double[] {i.avgMs(), i.p50Ms(), i.p99Ms(), i.p999Ms(), i.maxMs()}) {
        c.add(Double.isNaN(v) ? "-" : Formats.ms(v));
      }
    }
    c.add(Formats.num(r.requestsPerSecond()));
    c.add(Formats.num(r.mbPerSecond()));
    c.add(Formats.num(r.readCuPerSecond()));
    c.add(Formats.num(r.writeCuPerSecond()));
    c.add(Formats.num(r.cpuCoresPerRunner()));
    c.add(Formats.num(r.peakMemMbPerRunner()));
    c.add(Formats.num(r.predictedQpsRows()));
    c.add(Formats.percent(r.measuredOverPredicted()));
    c.add(Formats.timeOfDay(r.windowStartEpochMs()) + ", " + Formats.num(r.windowSeconds()) + " s");
    c.add(Formats.num(r.warmupSeconds()));
    c.add(Formats.num(r.startSkewMs()));
    c.add(Double.isNaN(r.clockSpreadMs()) ? "-"
        : Formats.num(r.clockSpreadMs()) + " ± " + Formats.num(r.clockSpreadUncertaintyMs()));
    c.add(r.stopped().isEmpty() ? "-" : r.stopped());
    c.add(r.limit() + (r.failed() > 0 ? "; " + r.failed() + " failed" : ""));
    return c;
  }

  /** Rows grouped by instance type, then by case and sweep setting, keeping the report order. */
  static Map<String, Map<String, List<ReportRow>>> grouped(List<ReportRow> rows) {
    Map<String, Map<String, List<ReportRow>>> groups = new LinkedHashMap<>();
    for (ReportRow r : rows) {
      groups.computeIfAbsent(r.instanceType(), k -> new LinkedHashMap<>())
          .computeIfAbsent(caseTitle(r), k -> new ArrayList<>()).add(r);
    }
    return groups;
  }

  static String caseTitle(ReportRow r) {
    return caseTitle(r.caseName(), r.sweep());
  }

  /** A case and its sweep setting, as the report's section titles name them. */
  static String caseTitle(String caseName, String sweep) {
    String setting = sweep == null ? "" : TargetLabel.withoutTarget(sweep);
    return caseName + (setting.isEmpty() ? "" : ", " + setting);
  }

  static String latencyNote(ReportRow r) {
    return switch (r.measure()) {
      case "BATCH_WRITE" -> "request latency = BATCH_WRITE (one BatchWriteRow of " + r.rowsPerRequest()
          + " rows); YCSB's INSERT only times buffering a row and is not used";
      case "SCAN" -> "request latency = SCAN (one GetRange of up to " + r.rowsPerRequest() + " rows)";
      case "READ" -> "request latency = READ (one GetRow)";
      case "INSERT" -> "request latency = INSERT (one PutRow)";
      default -> "request latency = " + r.measure();
    };
  }
}
