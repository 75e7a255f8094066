package io.tablestoreycsb.planner.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.tablestoreycsb.kit.report.BuildInfo;
import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.kit.table.Html;
import io.tablestoreycsb.kit.table.Markdown;
import io.tablestoreycsb.planner.analysis.CellAnalyzer;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.timeline.OverTimeCharts;
import io.tablestoreycsb.planner.timeline.PlanTimelines;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Writes report.md, report.csv, report.json, report.html and the charts into a directory. */
public final class ReportWriter {
  static final String IDENTITY_TEXT = "Identity check: every runner thread calls the API synchronously, so if "
      + "threads always wait on the service, QPS(row) = 1000 / avg latency (ms) x runners x threads x rows per "
      + "request (the paper's worked example: 4 partitions, 5 runners x 5 threads, 4 ms -> 6,250). "
      + "'Measured/Predicted' compares the two. Below " + Math.round(CellAnalyzer.IDENTITY_TOLERANCE * 100)
      + "% the threads spent time outside requests and the cell is bound by the client; when the runners "
      + "used " + Math.round(CellAnalyzer.HOST_CPU_LIMIT * 100) + "% or more of their host's processors the "
      + "latency itself includes client-side queueing, also bound by the client. Above " + Math.round(CellAnalyzer.IDENTITY_OVERSHOOT * 100)
      + "% the cell was too short for its latency spread (requests begun before the measurement window "
      + "count whole inside it) and is marked 'unsteady': run longer cells. 'service' means the threads "
      + "were waiting on the service; a service-bound cell marked (plateau) - under 10% more QPS than the "
      + "previous thread point - is where the table saturates.";

  static final String COLUMNS_TEXT = "Latencies are from the runners' HdrHistogram logs merged into one "
      + "histogram per cell (never averaged across runners), over the cell's measured window. QPS(row) and "
      + "Requests/s count every runner's requests in that window. Rows per request are as the binding counted "
      + "them. MB/s = QPS(row) x row bytes (key + fields). CU/s are the capacity units the service reported as "
      + "consumed (binding stats file). CPU cores/runner = process CPU time / process life; Peak mem/runner = "
      + "largest VmHWM (peak RSS) of a runner.";

  static final String WINDOW_TEXT = "Measured window: a cell's rows/s are the rows all its runners completed "
      + "inside one window every runner covered, divided by that window; latencies come from the same window. "
      + "'Window' gives its start (UTC) and length; 'Warm-up (s)' is what was left out before it (start-up, "
      + "connection set-up); 'Start skew (ms)' is how far apart the runners started, each by its own clock; 'Clock spread (ms)' is how far apart those clocks were, each read against the endpoint's ('-': not measured). The tail after the window "
      + "(runners stopping) is left out too. A cell whose runners were never all past their start-up at the "
      + "same time has no such window and is marked unsteady. 'Stopped' says why a cell ended: its fixed "
      + "duration, or as soon as its rate was steady (stop = steady; the window then starts where the rate "
      + "became steady, and the warm-up before it is left out), or its cap before the rate was steady.";

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private ReportWriter() {}

  /** Writes every file; returns the path of report.html. */
  public static Path write(ReportData data, Path dir) throws IOException {
    return write(data, dir, PlanTimelines.none());
  }

  /** Writes every file, with each cell's charts over time from {@code timelines}; returns report.html's path. */
  public static Path write(ReportData data, Path dir, PlanTimelines timelines) throws IOException {
    Files.createDirectories(dir);
    Map<String, String> header = data.header().lines(data.rows(), BuildInfo.current(), Instant.now());
    Map<String, List<String>> charts = new LinkedHashMap<>(ChartWriter.write(data.rows(), dir));
    charts.putAll(OverTimeCharts.write(data.rows(), timelines, dir));
    Files.writeString(dir.resolve("report.md"), markdown(data, header, charts), StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("report.csv"), csv(data.rows()), StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("partitions.csv"), PartitionTable.csv(data.rows()), StandardCharsets.UTF_8);
    JSON.writeValue(dir.resolve("report.json").toFile(), json(data, header));
    Path html = dir.resolve("report.html");
    Files.writeString(html, html(data, header, charts), StandardCharsets.UTF_8);
    return html;
  }

  /** The header as text (for people) and as the plan records it came from (for programs), then the rows. */
  static Map<String, Object> json(ReportData data, Map<String, String> header) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("header", header);
    json.put("plans", data.header().plans());
    json.put("runStarted", Formats.isoInstant(data.header().firstStartEpochMs()));
    json.put("runEnded", Formats.isoInstant(data.header().lastEndEpochMs()));
    json.put("rowBytesByCase", data.header().rowBytesByCase());
    json.put("sloAnswers", SloTable.answers(data.rows()).stream().map(ReportWriter::json).toList());
    json.put("rows", CellColumns.TABLE.json(data.rows()));
    json.put("failedCells", data.failures());
    return json;
  }

  private static Map<String, Object> json(SloTable.Answer a) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("instanceType", a.instanceType());
    json.put("case", a.caseTitle());
    json.put("partitions", a.partitions());
    json.put("slo", a.slo().toString());
    json.put("met", a.best() != null);
    if (a.best() != null) {
      json.put("qpsRows", a.best().rates().qpsRows());
      json.put("threads", a.best().cell().threads());
      json.put("runners", a.best().shape().runners());
      json.put("latencyMs", a.best().sloLatencyMs());
      json.put("cuPerHour", a.best().rates().cuPerHour());
      json.put("heaviestTried", a.heaviestTried());
    }
    json.put("note", a.note());
    return json;
  }

  static String markdown(ReportData data, Map<String, String> header, Map<String, List<String>> charts) {
    StringBuilder md = new StringBuilder("# Capacity planning report\n\n").append(Markdown.headerTable(header));
    String answers = SloTable.markdown(data.rows());
    if (!answers.isEmpty()) {
      md.append(answers).append("\n## The cells\n");
    }
    md.append('\n').append(COLUMNS_TEXT).append("\n\n").append(WINDOW_TEXT).append("\n\n").append(IDENTITY_TEXT)
        .append("\n\n").append(PartitionTable.TEXT).append("\n");
    for (Map.Entry<String, Map<String, List<CellResult>>> inst : ReportTable.grouped(data.rows()).entrySet()) {
      md.append("\n## Instance type: ").append(inst.getKey()).append("\n");
      for (Map.Entry<String, List<CellResult>> g : inst.getValue().entrySet()) {
        md.append("\n### ").append(g.getKey()).append("\n\n")
            .append(ReportTable.latencyNote(g.getValue().get(0))).append(".\n\n");
        md.append(markdownTable(g.getValue()));
        if (PartitionTable.any(g.getValue())) {
          md.append("\nPer partition, QPS(row):\n\n").append(PartitionTable.markdown(g.getValue()));
        }
        for (String img : charts.getOrDefault(inst.getKey() + "/" + g.getKey(), List.of())) {
          md.append("\n![").append(img).append("](").append(img).append(")\n");
        }
        appendOverTime(md, g.getValue(), charts);
      }
      for (String img : charts.getOrDefault(inst.getKey() + "/partitions", List.of())) {
        md.append("\n### Scaling with partitions\n\n![").append(img).append("](").append(img).append(")\n");
      }
    }
    appendFailures(md, data);
    return md.toString();
  }

  /** Each cell's charts over time, under its case's charts. */
  private static void appendOverTime(StringBuilder md, List<CellResult> rows, Map<String, List<String>> charts) {
    for (CellResult r : rows) {
      String images = OverTimeCharts.markdown(r.cell(), charts);
      md.append(images.isEmpty() ? "" : "\n" + images);
    }
  }

  public static String markdownTable(List<CellResult> rows) {
    return CellColumns.TABLE.markdown(rows, null);
  }

  /** The paper's four columns (plus p99) per case, for the terminal. */
  public static String terminalTable(List<CellResult> rows) {
    StringBuilder out = new StringBuilder();
    for (Map.Entry<String, Map<String, List<CellResult>>> inst : ReportTable.grouped(rows).entrySet()) {
      for (Map.Entry<String, List<CellResult>> g : inst.getValue().entrySet()) {
        out.append('\n').append(inst.getKey()).append(" - ").append(g.getKey()).append('\n');
        out.append(CellColumns.TABLE.terminalHeader());
        g.getValue().forEach(r -> out.append(CellColumns.TABLE.terminalLine(r)));
      }
    }
    return out.toString();
  }

  private static void appendFailures(StringBuilder md, ReportData data) {
    if (data.failures().isEmpty()) {
      return;
    }
    md.append("\n## Failed cells\n\n");
    data.failures().forEach((cell, error) -> md.append("- **").append(cell).append("**\n\n```\n").append(error)
        .append("\n```\n"));
  }

  static String csv(List<CellResult> rows) {
    return CellColumns.TABLE.csv(rows);
  }

  static String html(ReportData data, Map<String, String> header, Map<String, List<String>> charts) {
    // The verdict gets the width of two lines; the numbers beside it give up theirs.
    StringBuilder h = new StringBuilder(Html.page("Capacity planning report", "table.figures td.t{min-width:36em}"))
        .append(Html.headerTable(header));
    String answers = SloTable.html(data.rows());
    h.append(answers).append(answers.isEmpty() ? "" : "<h2>The cells</h2>\n").append("<p>")
        .append(Html.esc(COLUMNS_TEXT)).append("</p>\n<p>").append(Html.esc(WINDOW_TEXT))
        .append("</p>\n<p>").append(Html.esc(IDENTITY_TEXT)).append("</p>\n<p>").append(Html.esc(PartitionTable.TEXT))
        .append("</p>\n");
    for (Map.Entry<String, Map<String, List<CellResult>>> inst : ReportTable.grouped(data.rows()).entrySet()) {
      h.append("<h2>Instance type: ").append(Html.esc(inst.getKey())).append("</h2>\n");
      for (Map.Entry<String, List<CellResult>> g : inst.getValue().entrySet()) {
        h.append("<h3>").append(Html.esc(g.getKey())).append("</h3>\n<p>")
            .append(Html.esc(ReportTable.latencyNote(g.getValue().get(0)))).append(".</p>\n");
        // Three tables of the same rows rather than one of 26 to 32 columns: each fits a 1400 px window.
        h.append(CellColumns.TABLE.html(g.getValue(), CellColumns.FIGURES, "figures"));
        if (g.getValue().stream().anyMatch(CellResult::isOpenLoop)) {
          h.append("<p>Open loop, latency from each request's intended start:</p>\n");
          h.append(CellColumns.TABLE.html(g.getValue(), CellColumns.INTENDED, "intended"));
        }
        h.append("<p>How each cell ran:</p>\n");
        h.append(CellColumns.TABLE.html(g.getValue(), CellColumns.RAN, "ran"));
        if (PartitionTable.any(g.getValue())) {
          h.append("<p>Per partition, QPS(row):</p>\n").append(PartitionTable.html(g.getValue()));
        }
        h.append("<div class=\"charts\">\n");
        for (String img : charts.getOrDefault(inst.getKey() + "/" + g.getKey(), List.of())) {
          h.append("<img src=\"").append(Html.esc(img)).append("\" alt=\"").append(Html.esc(img)).append("\">\n");
        }
        h.append("</div>\n");
        g.getValue().forEach(r -> h.append(OverTimeCharts.html(r.cell(), charts)));
      }
      for (String img : charts.getOrDefault(inst.getKey() + "/partitions", List.of())) {
        h.append("<h3>Scaling with partitions</h3>\n<div><img src=\"").append(Html.esc(img)).append("\" alt=\"")
            .append(Html.esc(img)).append("\"></div>\n");
      }
    }
    if (!data.failures().isEmpty()) {
      h.append("<h2>Failed cells</h2>\n");
      data.failures().forEach((cell, error) -> h.append("<h4>").append(Html.esc(cell)).append("</h4><pre>")
          .append(Html.esc(error)).append("</pre>\n"));
    }
    return h.append("</body></html>\n").toString();
  }
}
