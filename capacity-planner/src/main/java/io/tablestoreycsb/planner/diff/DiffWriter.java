package io.tablestoreycsb.planner.diff;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.tablestoreycsb.kit.report.BuildInfo;
import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.report.SloTable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Writes diff.md, diff.html, diff.csv, diff-slo.csv, diff.json and the charts of a {@link PlanDiff}. */
public final class DiffWriter {
  static final String INTERVAL_TEXT = "Each difference is new minus base, with its 95% confidence interval "
      + "(Welch's t) from the cells' per-interval figures: rows/s and p99 of every status interval inside each "
      + "cell's measured window, merged over its runners. 'within noise' means the interval holds 0: these runs "
      + "cannot tell the two apart. Intervals of one cell are not independent, so a difference just outside the "
      + "noise deserves a second run before it is believed.";

  static final List<String> ANSWER_HEADERS = List.of("Case", "Partitions", "SLO", "Base QPS(row)", "Base at",
      "New QPS(row)", "New at", "Change");
  static final List<String> CELL_HEADERS = List.of("Cell", "Base QPS(row)", "New QPS(row)", "Difference (95% CI)",
      "", "Base p99 (ms)", "New p99 (ms)", "p99 difference (95% CI)", "", "Base verdict", "New verdict");

  private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

  private DiffWriter() {}

  /** Writes every file into {@code dir}; returns the path of diff.html. */
  public static Path write(PlanDiff diff, Path dir) throws IOException {
    Files.createDirectories(dir);
    Map<String, List<String>> charts = DiffCharts.write(diff, dir);
    Map<String, String> header = header(diff);
    Files.writeString(dir.resolve("diff.md"), markdown(diff, header, charts), StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("diff.csv"), csv(diff), StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("diff-slo.csv"), sloCsv(diff), StandardCharsets.UTF_8);
    JSON.writeValue(dir.resolve("diff.json").toFile(), json(diff, header));
    Path html = dir.resolve("diff.html");
    Files.writeString(html, html(diff, header, charts), StandardCharsets.UTF_8);
    return html;
  }

  static Map<String, String> header(PlanDiff diff) {
    Map<String, String> h = new LinkedHashMap<>();
    h.put("Base", diff.baseName());
    h.put("New", diff.newName());
    h.put("Cells", diff.cells().size() + " in both, " + diff.onlyInBase().size() + " only in the base, "
        + diff.onlyInNew().size() + " only in the new");
    h.put("Written", Instant.now().toString().substring(0, 19).replace('T', ' ') + " UTC by tablestore-ycsb "
        + BuildInfo.current().toolVersion());
    return h;
  }

  /** The SLO answer's line: case, partitions, objective, both answers and the change. */
  public static List<String> answerCells(PlanDiff.AnswerChange a) {
    SloTable.Answer slo = a.after() != null ? a.after() : a.base();
    String objective = a.base() != null && a.after() != null && !a.base().slo().equals(a.after().slo())
        ? a.base().slo() + " / " + a.after().slo() : slo.slo().toString();
    return List.of(a.label().substring(0, a.label().lastIndexOf(" p=")), Integer.toString(a.partitions()), objective,
        a.baseFigure().text(), answerAt(a.baseFigure()), a.newFigure().text(), answerAt(a.newFigure()),
        signed(a.change()));
  }

  private static String answerAt(AnswerFigure a) {
    return a.cell() == null ? "" : a.cell().cell().threads() + " threads x " + a.cell().cell().runners() + " runners";
  }

  static List<String> cellCells(PlanDiff.CellChange c) {
    return List.of(c.label(), Formats.num(c.base().rates().qpsRows()), Formats.num(c.after().rates().qpsRows()),
        interval(c.rowsPerSecond(), false), noise(c.rowsPerSecond()), Formats.ms(c.base().latency().p99Ms()),
        Formats.ms(c.after().latency().p99Ms()), interval(c.p99Ms(), true), noise(c.p99Ms()), c.baseVerdict(),
        c.newVerdict());
  }

  /** "+120 (+40 to +200)", "n/a" when the per-interval figures were missing. */
  public static String interval(DifferenceInterval d, boolean ms) {
    if (Double.isNaN(d.difference())) {
      return "n/a";
    }
    String range = Double.isInfinite(d.halfWidth()) ? "too few intervals for a range"
        : signed(d.low(), ms) + " to " + signed(d.high(), ms);
    return signed(d.difference(), ms) + " (" + range + ")";
  }

  public static String noise(DifferenceInterval d) {
    return Double.isNaN(d.difference()) ? "" : d.withinNoise() ? "within noise" : d.difference() > 0 ? "higher"
        : "lower";
  }

  private static String signed(double v, boolean ms) {
    String s = ms ? Formats.ms(Math.abs(v)) : Formats.num(Math.abs(v));
    return (v < 0 ? "-" : "+") + s;
  }

  /** A change as a signed percentage, "" when there is none. */
  static String signed(double change) {
    return Double.isNaN(change) ? "" : String.format(Locale.ROOT, "%+.1f%%", change * 100);
  }

  static String markdown(PlanDiff diff, Map<String, String> header, Map<String, List<String>> charts) {
    StringBuilder md = new StringBuilder("# Plan comparison\n\n| | |\n|---|---|\n");
    header.forEach((k, v) -> md.append("| **").append(k).append("** | ").append(v.replace("|", "\\|")).append(" |\n"));
    md.append("\n## The SLO answer, before and after\n\n");
    table(md, ANSWER_HEADERS, diff.answers().stream().map(DiffWriter::answerCells).toList());
    md.append("\n## The cells both plans ran\n\n").append(INTERVAL_TEXT).append("\n\n");
    table(md, CELL_HEADERS, diff.cells().stream().map(DiffWriter::cellCells).toList());
    md.append("\n## Verdicts that changed\n\n");
    List<PlanDiff.CellChange> changed = diff.cells().stream().filter(PlanDiff.CellChange::verdictChanged).toList();
    if (changed.isEmpty()) {
      md.append("None.\n");
    }
    changed.forEach(c -> md.append("- ").append(c.label()).append(": ").append(c.baseVerdict()).append(" -> ")
        .append(c.newVerdict()).append('\n'));
    md.append("\n## Cells only in the base plan\n\n").append(list(diff.onlyInBase()));
    md.append("\n## Cells only in the new plan\n\n").append(list(diff.onlyInNew()));
    md.append("\n## Charts\n");
    charts.forEach((group, files) -> files.forEach(f -> md.append("\n![").append(f).append("](").append(f)
        .append(")\n")));
    return md.toString();
  }

  private static String list(List<String> labels) {
    return labels.isEmpty() ? "None.\n" : String.join("", labels.stream().map(l -> "- " + l + "\n").toList());
  }

  private static void table(StringBuilder md, List<String> headers, List<List<String>> rows) {
    md.append("| ").append(String.join(" | ", headers)).append(" |\n|");
    headers.forEach(h -> md.append("---|"));
    md.append('\n');
    rows.forEach(r -> md.append("| ").append(String.join(" | ", r)).append(" |\n"));
  }

  static String csv(PlanDiff diff) {
    StringBuilder csv = new StringBuilder("instance_type_base,instance_type_new,case,sweep,partitions,threads,"
        + "qps_rows_base,qps_rows_new,qps_rows_diff,qps_rows_diff_low,qps_rows_diff_high,qps_rows_within_noise,"
        + "p99_ms_base,p99_ms_new,p99_ms_diff,p99_ms_diff_low,p99_ms_diff_high,p99_within_noise,verdict_base,"
        + "verdict_new,verdict_changed\n");
    for (PlanDiff.CellChange c : diff.cells()) {
      CellResult b = c.base();
      CellResult a = c.after();
      csv.append(String.join(",", quote(b.cell().instanceType()), quote(a.cell().instanceType()),
          quote(a.cell().caseName()), quote(a.cell().sweep()), Integer.toString(a.cell().partitions()),
          Integer.toString(a.cell().threads()), d(b.rates().qpsRows()), d(a.rates().qpsRows()),
          d(c.rowsPerSecond().difference()), d(c.rowsPerSecond().low()), d(c.rowsPerSecond().high()),
          Boolean.toString(c.rowsPerSecond().withinNoise()), d(b.latency().p99Ms()), d(a.latency().p99Ms()),
          d(c.p99Ms().difference()), d(c.p99Ms().low()), d(c.p99Ms().high()), Boolean.toString(c.p99Ms().withinNoise()),
          quote(c.baseVerdict()), quote(c.newVerdict()), Boolean.toString(c.verdictChanged()))).append('\n');
    }
    return csv.toString();
  }

  static String sloCsv(PlanDiff diff) {
    StringBuilder csv = new StringBuilder("instance_type,case,partitions,slo_base,slo_new,qps_rows_base,threads_base,"
        + "qps_rows_new,threads_new,change,judged\n");
    for (PlanDiff.AnswerChange a : diff.answers()) {
      csv.append(String.join(",", quote(a.instanceType()), quote(a.label().substring(0, a.label().lastIndexOf(" p="))),
          Integer.toString(a.partitions()), quote(a.base() == null ? "" : a.base().slo().toString()),
          quote(a.after() == null ? "" : a.after().slo().toString()), d(a.baseFigure().rowsPerSecond()),
          threads(a.baseFigure()), d(a.newFigure().rowsPerSecond()), threads(a.newFigure()), d(a.change()),
          Boolean.toString(a.baseFigure().judged() && a.newFigure().judged())))
          .append('\n');
    }
    return csv.toString();
  }

  private static String threads(AnswerFigure a) {
    return a.cell() == null ? "" : Integer.toString(a.cell().cell().threads());
  }

  static Map<String, Object> json(PlanDiff diff, Map<String, String> header) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("header", header);
    List<Map<String, Object>> answers = new ArrayList<>();
    for (PlanDiff.AnswerChange a : diff.answers()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("case", a.label().substring(0, a.label().lastIndexOf(" p=")));
      m.put("instanceType", a.instanceType());
      m.put("partitions", a.partitions());
      m.put("sloBase", a.base() == null ? null : a.base().slo().toString());
      m.put("sloNew", a.after() == null ? null : a.after().slo().toString());
      m.put("qpsRowsBase", nullable(a.baseFigure().rowsPerSecond()));
      m.put("qpsRowsNew", nullable(a.newFigure().rowsPerSecond()));
      m.put("judged", a.baseFigure().judged() && a.newFigure().judged());
      m.put("change", nullable(a.change()));
      answers.add(m);
    }
    json.put("sloAnswers", answers);
    List<Map<String, Object>> cells = new ArrayList<>();
    for (PlanDiff.CellChange c : diff.cells()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("cell", c.label());
      m.put("qpsRowsBase", c.base().rates().qpsRows());
      m.put("qpsRowsNew", c.after().rates().qpsRows());
      m.put("qpsRowsDifference", interval(c.rowsPerSecond()));
      m.put("p99MsBase", c.base().latency().p99Ms());
      m.put("p99MsNew", c.after().latency().p99Ms());
      m.put("p99MsDifference", interval(c.p99Ms()));
      m.put("verdictBase", c.baseVerdict());
      m.put("verdictNew", c.newVerdict());
      m.put("verdictChanged", c.verdictChanged());
      cells.add(m);
    }
    json.put("cells", cells);
    json.put("onlyInBase", diff.onlyInBase());
    json.put("onlyInNew", diff.onlyInNew());
    return json;
  }

  private static Map<String, Object> interval(DifferenceInterval d) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("difference", nullable(d.difference()));
    m.put("low", nullable(d.low()));
    m.put("high", nullable(d.high()));
    m.put("withinNoise", d.withinNoise());
    m.put("baseIntervals", d.baseCount());
    m.put("newIntervals", d.newCount());
    return m;
  }

  /** JSON has no NaN or infinity: null instead. */
  private static Double nullable(double v) {
    return Double.isNaN(v) || Double.isInfinite(v) ? null : v;
  }

  static String html(PlanDiff diff, Map<String, String> header, Map<String, List<String>> charts) {
    StringBuilder h = new StringBuilder("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">"
        + "<title>Plan comparison</title><style>body{font-family:sans-serif;margin:2em}"
        + "table{border-collapse:collapse;font-size:13px}td,th{border:1px solid #bbb;padding:2px 4px;"
        + "text-align:right}th{background:#eee}td.t{text-align:left}td.lower{background:#fdd}"
        + "td.higher{background:#dfd}img{margin:8px}</style></head><body>\n<h1>Plan comparison</h1>\n"
        + "<table class=\"header\">\n");
    header.forEach((k, v) -> h.append("<tr><th>").append(esc(k)).append("</th><td class=\"t\">").append(esc(v))
        .append("</td></tr>\n"));
    h.append("</table>\n<h2>The SLO answer, before and after</h2>\n");
    htmlTable(h, ANSWER_HEADERS, diff.answers().stream().map(DiffWriter::answerCells).toList(), "answers");
    h.append("<h2>The cells both plans ran</h2>\n<p>").append(esc(INTERVAL_TEXT)).append("</p>\n");
    htmlTable(h, CELL_HEADERS, diff.cells().stream().map(DiffWriter::cellCells).toList(), "cells");
    h.append("<h2>Verdicts that changed</h2>\n<ul>\n");
    diff.cells().stream().filter(PlanDiff.CellChange::verdictChanged).forEach(c -> h.append("<li>")
        .append(esc(c.label() + ": " + c.baseVerdict() + " -> " + c.newVerdict())).append("</li>\n"));
    h.append("</ul>\n<h2>Cells only in the base plan</h2>\n<ul>\n");
    diff.onlyInBase().forEach(l -> h.append("<li>").append(esc(l)).append("</li>\n"));
    h.append("</ul>\n<h2>Cells only in the new plan</h2>\n<ul>\n");
    diff.onlyInNew().forEach(l -> h.append("<li>").append(esc(l)).append("</li>\n"));
    h.append("</ul>\n<h2>Both plans on the same axes</h2>\n");
    charts.forEach((group, files) -> {
      h.append("<h3>").append(esc(group)).append("</h3>\n<div>");
      files.forEach(f -> h.append("<img src=\"").append(esc(f)).append("\" alt=\"").append(esc(f)).append("\">"));
      h.append("</div>\n");
    });
    return h.append("</body></html>\n").toString();
  }

  private static void htmlTable(StringBuilder h, List<String> headers, List<List<String>> rows, String css) {
    h.append("<table class=\"").append(css).append("\"><tr>");
    headers.forEach(c -> h.append("<th>").append(esc(c)).append("</th>"));
    h.append("</tr>\n");
    for (List<String> r : rows) {
      h.append("<tr>");
      for (int i = 0; i < r.size(); i++) {
        String v = r.get(i);
        String cls = v.equals("lower") || v.equals("higher") ? v : i == 0 || v.matches(".*[a-z]{3}.*") ? "t" : "";
        h.append(cls.isEmpty() ? "<td>" : "<td class=\"" + cls + "\">").append(esc(v)).append("</td>");
      }
      h.append("</tr>\n");
    }
    h.append("</table>\n");
  }

  private static String d(double v) {
    return Double.isNaN(v) || Double.isInfinite(v) ? "" : String.format(Locale.ROOT, "%.4f", v);
  }

  private static String quote(String s) {
    return s.contains(",") || s.contains("\"") ? "\"" + s.replace("\"", "\"\"") + "\"" : s;
  }

  private static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
