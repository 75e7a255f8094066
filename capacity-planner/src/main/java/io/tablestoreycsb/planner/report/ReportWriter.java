package io.tablestoreycsb.planner.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.tablestoreycsb.kit.report.BuildInfo;
import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.planner.analysis.CellAnalyzer;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.EndpointView;
import io.tablestoreycsb.planner.analysis.HostCpu;
import io.tablestoreycsb.planner.analysis.Latency;
import io.tablestoreycsb.planner.timeline.OverTimeCharts;
import io.tablestoreycsb.planner.timeline.PlanTimelines;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
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
    json.put("rows", data.rows().stream().map(RowJson::of).toList());
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
      json.put("runners", a.best().cell().runners());
      json.put("latencyMs", a.best().sloLatencyMs());
      json.put("cuPerHour", a.best().rates().cuPerHour());
      json.put("heaviestTried", a.heaviestTried());
    }
    json.put("note", a.note());
    return json;
  }

  static String markdown(ReportData data, Map<String, String> header, Map<String, List<String>> charts) {
    StringBuilder md = new StringBuilder("# Capacity planning report\n\n| | |\n|---|---|\n");
    header.forEach((label, text) -> md.append("| **").append(label).append("** | ")
        .append(text.replace("|", "\\|")).append(" |\n"));
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
    List<String> headers = ReportTable.headers(rows);
    boolean openLoop = ReportTable.anyOpenLoop(rows);
    StringBuilder md = new StringBuilder("| ").append(String.join(" | ", headers)).append(" |\n|");
    headers.forEach(h -> md.append("---|"));
    md.append('\n');
    for (CellResult r : rows) {
      md.append("| ").append(String.join(" | ", ReportTable.cells(r, openLoop))).append(" |\n");
    }
    return md.toString();
  }

  /** The paper's four columns (plus p99) per case, for the terminal. */
  public static String terminalTable(List<CellResult> rows) {
    StringBuilder out = new StringBuilder();
    for (Map.Entry<String, Map<String, List<CellResult>>> inst : ReportTable.grouped(rows).entrySet()) {
      for (Map.Entry<String, List<CellResult>> g : inst.getValue().entrySet()) {
        out.append('\n').append(inst.getKey()).append(" - ").append(g.getKey()).append('\n');
        out.append(String.format(Locale.ROOT, "%10s %7s %7s %14s %17s %9s %9s  %s%n", "Partitions", "Runner",
            "Thread", "QPS(row)", "Avg Latency (ms)", "p99 (ms)", "Meas/Pred", "Bound by"));
        for (CellResult r : g.getValue()) {
          Latency latency = r.latency();
          out.append(String.format(Locale.ROOT, "%10d %7d %7d %14s %17s %9s %9s  %s%n", r.cell().partitions(),
              r.cell().runners(), r.cell().threads(), Formats.num(r.rates().qpsRows()), Formats.ms(latency.avgMs()),
              Formats.ms(latency.p99Ms()), Formats.percent(r.prediction().measuredOverPredicted()),
              VerdictText.of(r.verdict()) + (r.plateau() ? ", plateau" : "") + (r.knee() ? ", knee" : "")
                  + (r.hostBusyWithOtherWork() ? ", host busy with other work" : "") + openLoopNote(r)));
        }
      }
    }
    return out.toString();
  }

  /** For the terminal: an open-loop cell's target and the latency from the intended start. */
  private static String openLoopNote(CellResult r) {
    if (!r.isOpenLoop()) {
      return "";
    }
    return "; target " + Formats.num(r.targetRowsPerSecond()) + (r.intended() == null ? ""
        : ", intended avg " + Formats.ms(r.intended().avgMs()) + " ms, p99 " + Formats.ms(r.intended().p99Ms())
            + " ms");
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
    StringBuilder csv = new StringBuilder("instance_type,case,sweep,partitions,runners,threads,measure,"
        + "rows_per_request,qps_rows,requests_per_s,avg_ms,p50_ms,p95_ms,p99_ms,p999_ms,max_ms,requests,failed,"
        + "mb_per_s,read_cu_per_s,write_cu_per_s,cpu_cores_per_runner,peak_mem_mb_per_runner,"
        + "io_mb_per_s_per_runner,predicted_qps_rows,measured_over_predicted,bound_by,plateau,hosts,"
        + "window_start_utc,window_s,warmup_s,start_skew_ms,clock_spread_ms,clock_spread_uncertainty_ms,slo,slo_latency_ms,met_slo,target_qps_rows,"
        + "target_reached,intended_avg_ms,intended_p50_ms,intended_p95_ms,intended_p99_ms,intended_p999_ms,"
        + "intended_max_ms,stopped,host_cpu_busy,host_cpu_runners,host_cpu_endpoint,host_cpu_others,host_cpu_steal,"
        + "host_cpu_throttled,host_busy_with_other_work,endpoint_busiest_partition_busy,endpoint_mean_wait_ms\n");
    for (CellResult r : rows) {
      Latency l = r.latency();
      csv.append(String.join(",", quote(r.cell().instanceType()), quote(r.cell().caseName()), quote(r.cell().sweep()),
          Integer.toString(r.cell().partitions()), Integer.toString(r.cell().runners()),
          Integer.toString(r.cell().threads()), r.cell().measure(), Integer.toString(r.cell().rowsPerRequest()),
          d(r.rates().qpsRows()), d(r.rates().requestsPerSecond()), d(l.avgMs()), d(l.p50Ms()), d(l.p95Ms()),
          d(l.p99Ms()), d(l.p999Ms()), d(l.maxMs()), Long.toString(r.rates().requests()),
          Long.toString(r.rates().failed()), d(r.rates().mbPerSecond()), d(r.rates().readCuPerSecond()),
          d(r.rates().writeCuPerSecond()), d(r.resources().cpuCoresPerRunner()),
          d(r.resources().peakMemMbPerRunner()), d(r.resources().ioMbPerSecondPerRunner()),
          d(r.prediction().qpsRows()), d(r.prediction().measuredOverPredicted()), quote(VerdictText.of(r.verdict())),
          Boolean.toString(r.plateau()), quote(ReportTable.hosts(r)), Formats.isoInstant(r.window().startEpochMs()),
          d(r.window().seconds()), d(r.window().warmupSeconds()), d(r.window().startSkewMs()),
          d(ReportTable.clockSpreadMs(r)), d(ReportTable.clockSpreadUncertaintyMs(r)),
          quote(r.slo() == null ? "" : r.slo().toString()), d(r.sloLatencyMs()),
          r.slo() == null ? "" : Boolean.toString(r.metSlo()), d(r.targetRowsPerSecond()),
          r.isOpenLoop() ? Boolean.toString(r.targetReached()) : "", intended(r.intended()),
          quote(StopText.stopped(r.stop())), hostCpuCsv(r), endpointCsv(r))).append('\n');
    }
    return csv.toString();
  }

  /** The busiest runner host's shares; empty fields when not read. */
  private static String hostCpuCsv(CellResult r) {
    HostCpu h = r.hostCpu().stream().max(Comparator.comparingDouble(HostCpu::busy)).orElse(null);
    return h == null ? ",,,,,," + r.hostBusyWithOtherWork() : String.join(",", d(h.busy()), d(h.runners()),
        d(h.endpoint()), d(h.others()), d(h.steal()), d(h.throttled()), Boolean.toString(r.hostBusyWithOtherWork()));
  }

  /** The mock's busiest partition; empty fields without the mock's view. */
  private static String endpointCsv(CellResult r) {
    EndpointView.PartitionLoad p = r.endpoint() == null ? null : r.endpoint().busiest();
    return p == null ? "," : d(p.busy()) + "," + d(p.meanWaitMs());
  }

  private static String intended(Latency i) {
    return i == null ? ",,,,," : String.join(",", d(i.avgMs()), d(i.p50Ms()), d(i.p95Ms()), d(i.p99Ms()),
        d(i.p999Ms()), d(i.maxMs()));
  }

  static String d(double v) {
    return Double.isNaN(v) ? "" : String.format(Locale.ROOT, "%.4f", v);
  }

  static String quote(String s) {
    return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
  }

  static String html(ReportData data, Map<String, String> header, Map<String, List<String>> charts) {
    StringBuilder h = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
        + "<title>Capacity planning report</title><style>body{font-family:sans-serif;margin:2em}"
        + "table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #bbb;padding:2px 4px;"
        + "text-align:right}th{background:#eee}td.t{text-align:left}"
        // The verdict gets the width of two lines; the numbers beside it give up theirs.
        + "table.figures td.t{min-width:36em}img{margin:8px 0;max-width:100%}"
        + "div.charts{display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start}"
        + "table.header{font-size:14px;margin-bottom:1em}table.header th,table.header td{text-align:left;"
        + "vertical-align:top}table.header td{max-width:70em}"
        + "pre{background:#f6f6f6;padding:6px;white-space:pre-wrap}</style></head><body>\n"
        + "<h1>Capacity planning report</h1>\n");
    h.append("<table class=\"header\">\n");
    header.forEach((label, text) -> h.append("<tr><th>").append(esc(label)).append("</th><td>").append(esc(text))
        .append("</td></tr>\n"));
    String answers = SloTable.html(data.rows());
    h.append("</table>\n").append(answers).append(answers.isEmpty() ? "" : "<h2>The cells</h2>\n").append("<p>")
        .append(esc(COLUMNS_TEXT)).append("</p>\n<p>").append(esc(WINDOW_TEXT))
        .append("</p>\n<p>").append(esc(IDENTITY_TEXT)).append("</p>\n<p>").append(esc(PartitionTable.TEXT))
        .append("</p>\n");
    for (Map.Entry<String, Map<String, List<CellResult>>> inst : ReportTable.grouped(data.rows()).entrySet()) {
      h.append("<h2>Instance type: ").append(esc(inst.getKey())).append("</h2>\n");
      for (Map.Entry<String, List<CellResult>> g : inst.getValue().entrySet()) {
        h.append("<h3>").append(esc(g.getKey())).append("</h3>\n<p>")
            .append(esc(ReportTable.latencyNote(g.getValue().get(0)))).append(".</p>\n");
        List<String> headers = ReportTable.headers(g.getValue());
        // Three tables of the same rows rather than one of 26 to 32 columns: each fits a 1400 px window.
        List<String> figures = headers.stream()
            .filter(col -> !ReportTable.HOW_IT_RAN.contains(col) && !ReportTable.INTENDED.contains(col)).toList();
        htmlTable(h, g.getValue(), headers, figures, "figures");
        if (ReportTable.anyOpenLoop(g.getValue())) {
          h.append("<p>Open loop, latency from each request's intended start:</p>\n");
          htmlTable(h, g.getValue(), headers, withKey(List.of("Target QPS(row)"), ReportTable.INTENDED), "intended");
        }
        h.append("<p>How each cell ran:</p>\n");
        htmlTable(h, g.getValue(), headers, withKey(ReportTable.HOW_IT_RAN), "ran");
        if (PartitionTable.any(g.getValue())) {
          h.append("<p>Per partition, QPS(row):</p>\n").append(PartitionTable.html(g.getValue()));
        }
        h.append("<div class=\"charts\">\n");
        for (String img : charts.getOrDefault(inst.getKey() + "/" + g.getKey(), List.of())) {
          h.append("<img src=\"").append(esc(img)).append("\" alt=\"").append(esc(img)).append("\">\n");
        }
        h.append("</div>\n");
        g.getValue().forEach(r -> h.append(OverTimeCharts.html(r.cell(), charts)));
      }
      for (String img : charts.getOrDefault(inst.getKey() + "/partitions", List.of())) {
        h.append("<h3>Scaling with partitions</h3>\n<div><img src=\"").append(esc(img)).append("\" alt=\"")
            .append(esc(img)).append("\"></div>\n");
      }
    }
    if (!data.failures().isEmpty()) {
      h.append("<h2>Failed cells</h2>\n");
      data.failures().forEach((cell, error) -> h.append("<h4>").append(esc(cell)).append("</h4><pre>")
          .append(esc(error)).append("</pre>\n"));
    }
    return h.append("</body></html>\n").toString();
  }

  /** The columns that name a cell, then {@code columns}. */
  @SafeVarargs
  private static List<String> withKey(List<String>... columns) {
    List<String> all = new ArrayList<>(ReportTable.KEY);
    for (List<String> c : columns) {
      all.addAll(c);
    }
    return all;
  }

  /**
   * One HTML table of the rows with the {@code shown} columns of {@code headers}; text columns (the verdict,
   * the host's and endpoint's view, why a cell stopped) are left-aligned and wrap, numbers do not.
   */
  private static void htmlTable(StringBuilder h, List<CellResult> rows, List<String> headers, List<String> shown,
      String cssClass) {
    boolean openLoop = ReportTable.anyOpenLoop(rows);
    h.append("<table class=\"").append(cssClass).append("\"><tr>");
    // A break opportunity after each '/' keeps "Measured/Predicted" from widening its column.
    shown.forEach(col -> h.append("<th>").append(esc(col).replace("/", "/<wbr>")).append("</th>"));
    h.append("</tr>\n");
    for (CellResult r : rows) {
      h.append("<tr>");
      List<String> cells = ReportTable.cells(r, openLoop);
      for (String col : shown) {
        String text = cells.get(headers.indexOf(col));
        if (col.equals("Bound by")) {
          // Brief in the table, every figure when the pointer rests on it (and in report.md).
          h.append("<td class=\"t\" title=\"").append(esc(text)).append("\">")
              .append(esc(ReportTable.boundByBrief(r)));
        } else if (col.equals("QPS(row)")) {
          // "2,049 (plateau) (host busy)" breaks after the figure only: two lines at most.
          int marks = text.indexOf(" (");
          h.append("<td>").append(marks < 0 ? esc(text) : esc(text.substring(0, marks)) + " "
              + esc(text.substring(marks + 1)).replace(" ", "&nbsp;"));
        } else {
          h.append(ReportTable.TEXT_COLUMNS.contains(col) ? "<td class=\"t\">" : "<td>").append(esc(text));
        }
        h.append("</td>");
      }
      h.append("</tr>\n");
    }
    h.append("</table>\n");
  }

  static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
