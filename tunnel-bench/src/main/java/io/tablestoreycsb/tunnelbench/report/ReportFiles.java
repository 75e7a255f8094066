package io.tablestoreycsb.tunnelbench.report;

import io.tablestoreycsb.kit.table.Html;
import io.tablestoreycsb.kit.table.Markdown;
import io.tablestoreycsb.tunnelbench.child.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.ArrayList;
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
    List<String> charts = new ArrayList<>(ResultCharts.write(report.facts().title(), report.results(), dir));
    charts.addAll(ResultCharts.writeOverTime(report.results(), dir));
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
        .append("\n\n").append(Markdown.headerTable(report.facts().lines()));
    if (!report.results().isEmpty()) {
      md.append("\n## The paper's columns\n\n").append(PAPER_TEXT).append("\n\n");
      md.append(ScenarioColumns.TABLE.markdown(report.results(), ScenarioColumns.PAPER));
      md.append("\n## What the paper lacks: lag and the consumed-row check\n\n").append(MORE_TEXT).append("\n\n");
      md.append(ScenarioColumns.TABLE.markdown(report.results(), ScenarioColumns.MORE));
      md.append("\n## Per consumer host\n\n").append(HOST_TEXT).append("\n\n");
      md.append(HostRow.TABLE.markdown(HostRow.of(report.results()), null));
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

  /** A line per scenario and consumer host. */
  static String hostCsv(List<ScenarioResult> results) {
    return HostRow.TABLE.csv(HostRow.of(results).stream().filter(h -> !h.total()).toList());
  }

  static String csv(List<ScenarioResult> results) {
    return ScenarioColumns.TABLE.csv(results);
  }

  static String html(BenchReport report, List<String> charts) {
    StringBuilder h = new StringBuilder(Html.page("Tunnel incremental sync: " + report.facts().title(), ""))
        .append(Html.headerTable(report.facts().lines()));
    if (!report.results().isEmpty()) {
      h.append("<h2>The paper's columns</h2>\n<p>").append(Html.esc(PAPER_TEXT)).append("</p>\n");
      h.append(ScenarioColumns.TABLE.html(report.results(), ScenarioColumns.PAPER, null));
      h.append("<h2>What the paper lacks: lag and the consumed-row check</h2>\n<p>").append(Html.esc(MORE_TEXT))
          .append("</p>\n");
      h.append(ScenarioColumns.TABLE.html(report.results(), ScenarioColumns.MORE, null));
      h.append("<h2>Per consumer host</h2>\n<p>").append(Html.esc(HOST_TEXT)).append("</p>\n");
      h.append(HostRow.TABLE.html(HostRow.of(report.results()), null, null));
      List<String> lost = lostLines(report.results());
      if (!lost.isEmpty()) {
        h.append("<h2>Consumers lost while syncing</h2>\n<p>").append(Html.esc(LOST_TEXT)).append("</p>\n<ul>\n");
        lost.forEach(l -> h.append("<li>").append(Html.esc(l)).append("</li>\n"));
        h.append("</ul>\n");
      }
      for (String c : charts) {
        h.append("<div><img src=\"").append(Html.esc(c)).append("\" alt=\"").append(Html.esc(c)).append("\"></div>\n");
      }
    }
    if (!report.goals().isEmpty()) {
      h.append("<h2>Speed goals (measured side by side in this run)</h2>\n<pre>");
      report.goals().forEach(g -> h.append(Html.esc(g.line())).append('\n'));
      h.append("</pre>\n<ul>\n");
      report.goals().forEach(g -> h.append("<li><code>").append(Html.esc(g.name())).append("</code>: ")
          .append(Html.esc(g.meaning())).append("</li>\n"));
      h.append("</ul>\n<pre>");
      report.speedDetails().forEach(d -> h.append(Html.esc(d)).append('\n'));
      h.append("</pre>\n");
    }
    for (ScenarioResult r : report.results()) {
      if (!r.errors().isEmpty()) {
        h.append("<h3>Failed: ").append(Html.esc(r.label())).append("</h3><pre>").append(Html.esc(String.join("\n", r.errors())))
            .append("</pre>\n");
      }
    }
    return h.append("</body></html>\n").toString();
  }
}
