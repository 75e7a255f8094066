package io.tablestoreycsb.planner.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The report's table layout, shared by the Markdown, HTML and terminal views. */
final class ReportTable {
  static final List<String> HEADERS = List.of("Partitions", "Runner", "Thread", "QPS(row)", "Avg Latency (ms)",
      "p50 (ms)", "p95 (ms)", "p99 (ms)", "p99.9 (ms)", "max (ms)", "Requests/s", "MB/s", "Read CU/s",
      "Write CU/s", "CPU cores/runner", "Peak mem/runner (MB)", "Predicted QPS(row)", "Measured/Predicted",
      "Window (UTC start, length)", "Warm-up (s)", "Start skew (ms)", "Clock spread (ms)", "Bound by");

  private ReportTable() {}

  static List<String> cells(ReportRow r) {
    List<String> c = new ArrayList<>();
    c.add(Integer.toString(r.partitions()));
    c.add(Integer.toString(r.runners()));
    c.add(Integer.toString(r.threads()));
    c.add(Formats.num(r.qpsRows()) + (r.plateau() ? " (plateau)" : ""));
    c.add(Formats.ms(r.avgMs()));
    c.add(Formats.ms(r.p50Ms()));
    c.add(Formats.ms(r.p95Ms()));
    c.add(Formats.ms(r.p99Ms()));
    c.add(Formats.ms(r.p999Ms()));
    c.add(Formats.ms(r.maxMs()));
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
    return caseName + (sweep == null || sweep.isEmpty() ? "" : ", " + sweep);
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
