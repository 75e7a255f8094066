package io.tablestoreycsb.tunnelbench.report;

import io.tablestoreycsb.tunnelbench.child.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Writes report.md, report.csv, report.json, report.html and the charts of a run into a directory. */
public final class ReportFiles {
  static final String PAPER_TEXT = "Rows/s: rows handed to the consumers' processors, all consumers together, per"
      + " 5-second window as the paper's rate counter reported them; 'steady' is the median of the whole windows"
      + " after the warm-up, 'peak' the best window (a sync shorter than the warm-up plus one window shows its"
      + " average in both). ms per 1,000 rows = 1,000,000 / steady rows/s (the"
      + " paper's 'average latency'). Consumer CPU: CPU time of all consumer processes over the sync window (first"
      + " row handed to last) divided by the window. Memory: the consumer processes' peak resident memory, summed."
      + " Bandwidth: bytes through the consumer processes' read and write system calls over the window (almost all"
      + " of it their traffic with the endpoint). 'paper': the white paper's figure for the same number of consumer"
      + " servers and partitions (its servers: 16 cores, 64 GB, 1 Gbit/s, syncing from a high-performance"
      + " instance); '-' where it has no such scenario.";

  static final String MORE_TEXT = "Lag: for every row, from the writer seeing its BatchWriteRow acknowledged to"
      + " the row being handed to a consumer's processor; one HdrHistogram of every row, merged across consumers"
      + " (never averaged). Sync: first row handed to last. Catch-up: from the writer's last acknowledgement to"
      + " the last row handed. Bound by: 'writers' when the consumers kept up (catch-up at most 2.5 s or a tenth of"
      + " the write time): the rate is the write rate and the sync could go faster; 'consumers' when a backlog"
      + " built up: the rate is what the sync managed. CPU us/row: consumer CPU per row synchronized ('paper':"
      + " its CPU cores over its rows/s). Mock CPU: the embedded mock's process over the sync window, serving"
      + " the writes and the tunnel. Consumed rows: the rows the writer saw acknowledged against the union of the"
      + " rows handed to the consumers; duplicates (delivery is at least once: a channel that moves resumes from"
      + " its last checkpoint) are counted, and a written row that never arrived fails the scenario.";

  static final String HOST_TEXT = "The paper's consumer columns for each host the consumers ran on (a pod's node on"
      + " Kubernetes, this machine locally), over the scenario's sync window; with more than one host, the last row"
      + " of the scenario is all of them. Rows handed count duplicates; a consumer lost mid-run left no count.";
  static final String LOST_TEXT = "A consumer that ended while syncing (its pod killed or evicted) gave its channels"
      + " back: the Tunnel service handed them to the other consumers, which resumed each from its last checkpoint."
      + " Its rows up to then are the ones it had stored before any checkpoint could pass them; the consumed-row"
      + " check above counts them with the others' rows.";

  private ReportFiles() {}

  static List<String> lostLines(List<ScenarioResult> results) {
    return results.stream().flatMap(r -> r.lostConsumers().stream().map(l -> r.label() + ": " + l
        + (r.check().passes() ? " (every written row was still consumed)" : ""))).toList();
  }

  /** Writes every file; returns the path of report.html. */
  public static Path write(BenchReport report, Path dir) throws IOException {
    Files.createDirectories(dir);
    List<String> charts = ResultCharts.write(report.facts().title(), report.results(), dir);
    Files.writeString(dir.resolve("report.md"), markdown(report, charts), StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("report.csv"), csv(report.results()), StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("report-hosts.csv"), hostCsv(report.results()), StandardCharsets.UTF_8);
    Json.write(dir.resolve("report.json"), json(report));
    Path html = dir.resolve("report.html");
    Files.writeString(html, html(report, charts), StandardCharsets.UTF_8);
    return html;
  }

  static Map<String, Object> json(BenchReport report) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("title", report.facts().title());
    json.put("header", report.facts().lines());
    json.put("scenarios", report.results());
    json.put("paper", PaperFigures.FIGURES);
    json.put("speedGoals", report.goals());
    json.put("speedDetails", report.speedDetails());
    return json;
  }

  static String markdown(BenchReport report, List<String> charts) {
    StringBuilder md = new StringBuilder("# Tunnel incremental sync: ").append(report.facts().title())
        .append("\n\n| | |\n|---|---|\n");
    report.facts().lines().forEach((k, v) -> md.append("| **").append(k).append("** | ")
        .append(v.replace("|", "\\|")).append(" |\n"));
    if (!report.results().isEmpty()) {
      md.append("\n## The paper's columns\n\n").append(PAPER_TEXT).append("\n\n");
      table(md, ResultTables.PAPER_HEADERS, report.results().stream().map(ResultTables::paperCells).toList());
      md.append("\n## What the paper lacks: lag and the consumed-row check\n\n").append(MORE_TEXT).append("\n\n");
      table(md, ResultTables.MORE_HEADERS, report.results().stream().map(ResultTables::moreCells).toList());
      md.append("\n## Per consumer host\n\n").append(HOST_TEXT).append("\n\n");
      table(md, ResultTables.HOST_HEADERS, ResultTables.hostRows(report.results()));
      List<String> lost = lostLines(report.results());
      if (!lost.isEmpty()) {
        md.append("\n## Consumers lost while syncing\n\n").append(LOST_TEXT).append("\n\n");
        lost.forEach(l -> md.append("- ").append(l).append('\n'));
      }
      if (!charts.isEmpty()) {
        md.append("\n## Charts\n\n");
        charts.forEach(c -> md.append("![").append(c).append("](").append(c).append(")\n\n"));
      }
    }
    if (!report.goals().isEmpty()) {
      md.append("\n## Speed goals (measured side by side in this run)\n\n```\n");
      report.goals().forEach(g -> md.append(g.line()).append('\n'));
      md.append("```\n\n");
      report.goals().forEach(g -> md.append("- `").append(g.name()).append("`: ").append(g.meaning()).append('\n'));
      md.append('\n');
      report.speedDetails().forEach(d -> md.append("    ").append(d).append('\n'));
    }
    List<ScenarioResult> failed = report.results().stream().filter(r -> !r.errors().isEmpty()).toList();
    if (!failed.isEmpty()) {
      md.append("\n## Failures\n\n");
      failed.forEach(r -> md.append("- **").append(r.label()).append("**\n\n```\n")
          .append(String.join("\n", r.errors())).append("\n```\n"));
    }
    return md.toString();
  }

  private static void table(StringBuilder md, List<String> headers, List<List<String>> rows) {
    md.append("| ").append(String.join(" | ", headers)).append(" |\n|");
    headers.forEach(h -> md.append("---|"));
    md.append('\n');
    for (List<String> r : rows) {
      md.append("| ").append(String.join(" | ", r.stream().map(c -> c.replace("|", "\\|")).toList())).append(" |\n");
    }
  }

  /** A row per scenario and consumer host. */
  static String hostCsv(List<ScenarioResult> results) {
    StringBuilder csv = new StringBuilder("group,partitions,consumers,host,host_consumers,rows_handed,rows_per_s,"
        + "ms_per_1000_rows,cpu_cores,memory_gb,bandwidth_mbps\n");
    for (ScenarioResult r : results) {
      for (HostFigures h : r.hosts()) {
        csv.append(String.join(",", r.group(), Integer.toString(r.partitions()), Integer.toString(r.consumers()),
            h.host().replace(",", " "), Integer.toString(h.consumers()), Long.toString(h.rowsHanded()),
            Numbers.csv(h.rowsPerSecond()), Numbers.csv(h.msPer1000Rows()), Numbers.csv(h.cpuCores()),
            Numbers.csv(h.memoryGb()), Numbers.csv(h.bandwidthMbps()))).append('\n');
      }
    }
    return csv.toString();
  }

  static String csv(List<ScenarioResult> results) {
    StringBuilder csv = new StringBuilder("group,partitions,consumers,writer_threads,target_rows_per_s,row_bytes,"
        + "rows_written,written_rows_per_s,rows_consumed,rows_handed,missing,duplicates,not_acknowledged,unexpected,"
        + "steady_rows_per_s,peak_rows_per_s,average_rows_per_s,rate_windows,ms_per_1000_rows,sync_s,catch_up_s,"
        + "consumer_cpu_cores,consumer_cpu_us_per_row,consumer_memory_gb,bandwidth_mbps,lag_p50_ms,lag_p99_ms,"
        + "lag_p999_ms,lag_max_ms,mock_cpu_cores,bound_by,paper_rows_per_s,paper_ms_per_1000_rows,paper_cpu_cores,"
        + "paper_memory_gb,paper_bandwidth_mbps,passed\n");
    for (ScenarioResult r : results) {
      var p = PaperFigures.of(r.consumers(), r.partitions());
      csv.append(String.join(",", r.group(), Integer.toString(r.partitions()), Integer.toString(r.consumers()),
          Integer.toString(r.writerThreads()), Numbers.csv(r.targetRowsPerSecond()), Integer.toString(r.rowBytes()),
          Long.toString(r.rowsWritten()), Numbers.csv(r.writeRowsPerSecond()), Long.toString(r.check().consumed()),
          Long.toString(r.check().handed()), Long.toString(r.check().missing()), Long.toString(r.check().duplicates()),
          Long.toString(r.check().notAcknowledged()), Long.toString(r.check().unexpected()),
          Numbers.csv(r.rates().steady()), Numbers.csv(r.rates().peak()), Numbers.csv(r.rates().average()),
          Integer.toString(r.rates().windows()), Numbers.csv(r.rates().msPer1000Rows()), Numbers.csv(r.syncSeconds()),
          Numbers.csv(r.catchUpSeconds()), Numbers.csv(r.consumerCpuCores()), Numbers.csv(r.consumerCpuMicrosPerRow()),
          Numbers.csv(r.consumerMemoryGb()), Numbers.csv(r.bandwidthMbps()), Numbers.csv(r.lagP50Ms()),
          Numbers.csv(r.lagP99Ms()), Numbers.csv(r.lagP999Ms()), Numbers.csv(r.lagMaxMs()),
          Numbers.csv(r.mockCpuCores()), r.boundBy(),
          p.map(f -> Numbers.csv(f.steadyRowsPerSecond())).orElse(""),
          p.map(f -> Numbers.csv(f.msPer1000Rows())).orElse(""), p.map(f -> Numbers.csv(f.cpuCores())).orElse(""),
          p.map(f -> Numbers.csv(f.memoryGb())).orElse(""), p.map(f -> Numbers.csv(f.bandwidthMbps())).orElse(""),
          Boolean.toString(r.passed()))).append('\n');
    }
    return csv.toString();
  }

  static String html(BenchReport report, List<String> charts) {
    StringBuilder h = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>Tunnel incremental"
        + " sync: ").append(esc(report.facts().title())).append("</title><style>body{font-family:sans-serif;margin:2em}"
        + "table{border-collapse:collapse;font-size:13px;margin-bottom:1em}td,th{border:1px solid #bbb;padding:2px 4px;"
        + "text-align:right}th{background:#eee}td.t{text-align:left}img{margin:8px 0;max-width:100%}"
        + "table.header th,table.header td{text-align:left;vertical-align:top}"
        + "pre{background:#f6f6f6;padding:6px;white-space:pre-wrap}</style></head><body>\n<h1>Tunnel incremental sync: ")
        .append(esc(report.facts().title())).append("</h1>\n<table class=\"header\">\n");
    report.facts().lines().forEach((k, v) -> h.append("<tr><th>").append(esc(k)).append("</th><td>").append(esc(v))
        .append("</td></tr>\n"));
    h.append("</table>\n");
    if (!report.results().isEmpty()) {
      h.append("<h2>The paper's columns</h2>\n<p>").append(esc(PAPER_TEXT)).append("</p>\n");
      htmlTable(h, ResultTables.PAPER_HEADERS, report.results().stream().map(ResultTables::paperCells).toList());
      h.append("<h2>What the paper lacks: lag and the consumed-row check</h2>\n<p>").append(esc(MORE_TEXT))
          .append("</p>\n");
      htmlTable(h, ResultTables.MORE_HEADERS, report.results().stream().map(ResultTables::moreCells).toList());
      h.append("<h2>Per consumer host</h2>\n<p>").append(esc(HOST_TEXT)).append("</p>\n");
      htmlTable(h, ResultTables.HOST_HEADERS, ResultTables.hostRows(report.results()));
      List<String> lost = lostLines(report.results());
      if (!lost.isEmpty()) {
        h.append("<h2>Consumers lost while syncing</h2>\n<p>").append(esc(LOST_TEXT)).append("</p>\n<ul>\n");
        lost.forEach(l -> h.append("<li>").append(esc(l)).append("</li>\n"));
        h.append("</ul>\n");
      }
      for (String c : charts) {
        h.append("<div><img src=\"").append(esc(c)).append("\" alt=\"").append(esc(c)).append("\"></div>\n");
      }
    }
    if (!report.goals().isEmpty()) {
      h.append("<h2>Speed goals (measured side by side in this run)</h2>\n<pre>");
      report.goals().forEach(g -> h.append(esc(g.line())).append('\n'));
      h.append("</pre>\n<ul>\n");
      report.goals().forEach(g -> h.append("<li><code>").append(esc(g.name())).append("</code>: ")
          .append(esc(g.meaning())).append("</li>\n"));
      h.append("</ul>\n<pre>");
      report.speedDetails().forEach(d -> h.append(esc(d)).append('\n'));
      h.append("</pre>\n");
    }
    for (ScenarioResult r : report.results()) {
      if (!r.errors().isEmpty()) {
        h.append("<h3>Failed: ").append(esc(r.label())).append("</h3><pre>").append(esc(String.join("\n", r.errors())))
            .append("</pre>\n");
      }
    }
    return h.append("</body></html>\n").toString();
  }

  private static void htmlTable(StringBuilder h, List<String> headers, List<List<String>> rows) {
    h.append("<table><tr>");
    headers.forEach(c -> h.append("<th>").append(esc(c)).append("</th>"));
    h.append("</tr>\n");
    for (List<String> r : rows) {
      h.append("<tr>");
      for (int i = 0; i < r.size(); i++) {
        h.append(i == 0 || i == r.size() - 1 ? "<td class=\"t\">" : "<td>").append(esc(r.get(i))).append("</td>");
      }
      h.append("</tr>\n");
    }
    h.append("</table>\n");
  }

  private static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
