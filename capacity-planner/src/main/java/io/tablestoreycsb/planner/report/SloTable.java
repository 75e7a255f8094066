package io.tablestoreycsb.planner.report;

import io.tablestoreycsb.kit.table.Html;
import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.Verdict;
import io.tablestoreycsb.planner.matrix.Slo;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The answer a plan is run for: per instance type, case and partition count, the highest rows/s whose
 * request latency met the objective ({@code p99 < 10ms}), and the capacity units an hour of that load.
 *
 * <p>Only cells whose figures are evidence are judged: an unsteady cell (no common window, or one too
 * short for its latency) is left out, since its percentiles are noise. When the best cell is also the
 * heaviest load tried on that table (the sweep never broke the objective), the answer is a lower
 * bound and says so.
 */
public final class SloTable {

  /**
   * The answer for one case on one table.
   *
   * @param instanceType instance type
   * @param caseTitle case (and sweep setting)
   * @param partitions the table's partition count
   * @param slo the objective
   * @param best the cell with the most rows/s that met it, or null when none did
   * @param closest without a best: the judged cell with the lowest latency at the objective's percentile
   * @param heaviestTried whether {@code best} is the heaviest load tried (more may meet the objective)
   * @param unsteadyCells cells left out because their figures are not evidence (runner-host-bound ones
   *     included)
   * @param hostBoundCells of those, cells bound by a saturated runner host
   */
  public record Answer(String instanceType, String caseTitle, int partitions, Slo slo, CellResult best,
      CellResult closest, boolean heaviestTried, int unsteadyCells, int hostBoundCells) {

    /** The answer's last column: why the figure is what it is. */
    String note() {
      List<String> notes = new ArrayList<>();
      if (best == null && closest == null && hostBoundCells > 0) {
        notes.add(NOT_JUDGED_HOST);
      } else if (best == null) {
        notes.add(closest == null ? "no steady cell to judge" : "no cell met it; the lowest " + slo.percentileName()
            + " was " + Formats.ms(closest.sloLatencyMs()) + " ms at " + Formats.num(closest.rates().qpsRows())
            + " rows/s");
      } else if (heaviestTried) {
        notes.add("the heaviest load tried: more may meet it");
      }
      if (best != null && best.runnerHostSaturated()) {
        notes.add("measured on a saturated runner host, at the partitions' capacity (the latency holds)");
      }
      if (best != null && best.hostBusyWithOtherWork()) {
        notes.add("its runner host was busy with other work: measure it again on a calm host");
      }
      if (hostBoundCells > 0 && (best != null || closest != null)) {
        notes.add(hostBoundCells + " cell(s) not judged: runner host saturated; add runner machines");
      }
      int otherUnjudged = unsteadyCells - hostBoundCells;
      if (otherUnjudged > 0) {
        notes.add(otherUnjudged + " unsteady cell(s) not judged");
      }
      return String.join("; ", notes);
    }
  }

  /** The answer where every cell was bound by its runner host. */
  static final String NOT_JUDGED_HOST = "not judged: runner host saturated; add runner machines";

  static final List<String> HEADERS = List.of("Case", "SLO", "Partitions", "Highest QPS(row) within the SLO",
      "At", "Latency at the SLO's percentile (ms)", "CU per hour", "Note");

  static final String TEXT = "The answer: for each case and partition count, the highest QPS(row) of a cell whose "
      + "request latency met the SLO (merged over its runners, in its measured window), the load that gave it "
      + "(threads per runner x runners, and the target of an open-loop cell), and the capacity units (read + write)"
      + " an hour of that load consumes: multiply by your price per CU for its cost. An open-loop cell is judged by"
      + " its latency from each request's intended start (what a request arriving at that rate sees). Unsteady"
      + " cells, and cells bound by their runner host or by the mock's own processing, are not judged; nor is a"
      + " cell on a saturated runner host, unless its partitions served their capacity all along.";

  private SloTable() {}

  /** The answers for every row that has an objective, in report order. */
  public static List<Answer> answers(List<CellResult> rows) {
    Map<String, List<CellResult>> series = new LinkedHashMap<>();
    for (CellResult r : rows) {
      if (r.slo() != null) {
        series.computeIfAbsent(r.cell().instanceType() + "\u0000" + ReportTable.caseTitle(r) + "\u0000"
            + r.cell().partitions(),
            k -> new ArrayList<>()).add(r);
      }
    }
    List<Answer> answers = new ArrayList<>();
    for (List<CellResult> cells : series.values()) {
      answers.add(answer(cells));
    }
    return answers;
  }

  private static Answer answer(List<CellResult> cells) {
    CellResult first = cells.get(0);
    List<CellResult> judged = cells.stream().filter(SloTable::judged).toList();
    CellResult best = judged.stream().filter(CellResult::metSlo)
        .max(Comparator.comparingDouble((CellResult r) -> r.rates().qpsRows())).orElse(null);
    CellResult closest = judged.stream().min(Comparator.comparingDouble(CellResult::sloLatencyMs)).orElse(null);
    CellResult heaviest = cells.stream().max(Comparator.comparingDouble((CellResult r) -> r.isOpenLoop()
        ? r.targetRowsPerSecond() : -1).thenComparingInt(r -> r.cell().threads())).orElseThrow();
    return new Answer(first.cell().instanceType(), ReportTable.caseTitle(first), first.cell().partitions(),
        first.slo(), best,
        best == null ? closest : null, best != null && best == heaviest, cells.size() - judged.size(),
        (int) cells.stream().filter(r -> r.runnerHostSaturated() && !judged(r)).count());
  }

  /**
   * Whether a cell's figures can answer the objective. A saturated runner host's latencies include waiting for a
   * processor, so a cell on one says nothing of the service, with one exception: a cell whose partitions served
   * their capacity all along and that met the objective. Its rows/s are the partitions' capacity, and its threads
   * kept that rate going, so its mean latency is threads / rate (Little's law) whether a thread waited on the
   * partition or on a processor. One that missed the objective may have missed it for want of a processor.
   */
  static boolean judged(CellResult r) {
    if (!r.evidence()) {
      return false;
    }
    return !r.runnerHostSaturated() || (r.verdict() instanceof Verdict.PartitionsAtCapacity && r.metSlo());
  }

  /** Answers grouped by instance type, in order. */
  static Map<String, List<Answer>> byInstanceType(List<Answer> answers) {
    Map<String, List<Answer>> grouped = new TreeMap<>();
    answers.forEach(a -> grouped.computeIfAbsent(a.instanceType(), k -> new ArrayList<>()).add(a));
    return grouped;
  }

  /** The cells of one answer's line, as the report's tables show them. */
  static List<String> cells(Answer a) {
    CellResult b = a.best();
    return List.of(a.caseTitle(), a.slo().toString(), Integer.toString(a.partitions()),
        b == null ? (a.hostBoundCells() > 0 && a.closest() == null ? "not judged" : "none") : ReportTable.qps(b),
        b == null ? "" : (b.isOpenLoop() ? "target " + Formats.num(b.targetRowsPerSecond()) + ", " : "")
            + b.cell().threads() + " threads x " + b.shape().runners() + " runners",
        b == null ? "" : Formats.ms(b.sloLatencyMs()), b == null ? "" : Formats.num(b.rates().cuPerHour()), a.note());
  }

  /** The answers for the terminal: one table per instance type. */
  public static String terminal(List<CellResult> rows) {
    List<Answer> answers = answers(rows);
    if (answers.isEmpty()) {
      return "";
    }
    StringBuilder out = new StringBuilder();
    for (Map.Entry<String, List<Answer>> e : byInstanceType(answers).entrySet()) {
      out.append('\n').append(e.getKey()).append(" - the SLO answer: highest QPS(row) within the SLO\n");
      out.append(String.format(Locale.ROOT, "%-16s %-14s %10s %14s %24s %12s %14s  %s%n", "Case", "SLO",
          "Partitions", "QPS(row)", "At", "Latency (ms)", "CU per hour", "Note"));
      for (Answer a : e.getValue()) {
        List<String> c = cells(a);
        out.append(String.format(Locale.ROOT, "%-16s %-14s %10s %14s %24s %12s %14s  %s%n", c.get(0), c.get(1),
            c.get(2), c.get(3), c.get(4), c.get(5), c.get(6), c.get(7)).stripTrailing()).append('\n');
      }
    }
    return out.toString();
  }

  /** The answers as HTML: a heading and a table per instance type. */
  static String html(List<CellResult> rows) {
    List<Answer> answers = answers(rows);
    if (answers.isEmpty()) {
      return "";
    }
    StringBuilder h = new StringBuilder("<h2>The SLO answer</h2>\n<p>").append(Html.esc(TEXT)).append("</p>\n");
    for (Map.Entry<String, List<Answer>> e : byInstanceType(answers).entrySet()) {
      h.append("<h3>Instance type: ").append(Html.esc(e.getKey())).append("</h3>\n<table><tr>");
      HEADERS.forEach(col -> h.append("<th>").append(Html.esc(col)).append("</th>"));
      h.append("</tr>\n");
      for (Answer a : e.getValue()) {
        h.append("<tr>");
        List<String> c = cells(a);
        for (int i = 0; i < c.size(); i++) {
          h.append(i < 2 || i == c.size() - 1 ? "<td class=\"t\">" : "<td>").append(Html.esc(c.get(i)))
              .append("</td>");
        }
        h.append("</tr>\n");
      }
      h.append("</table>\n");
    }
    return h.toString();
  }

  /** The answers as Markdown: a heading and a table per instance type. */
  static String markdown(List<CellResult> rows) {
    List<Answer> answers = answers(rows);
    if (answers.isEmpty()) {
      return "";
    }
    StringBuilder md = new StringBuilder("\n## The SLO answer\n\n").append(TEXT).append('\n');
    for (Map.Entry<String, List<Answer>> e : byInstanceType(answers).entrySet()) {
      md.append("\n### Instance type: ").append(e.getKey()).append("\n\n| ").append(String.join(" | ", HEADERS))
          .append(" |\n|");
      HEADERS.forEach(h -> md.append("---|"));
      md.append('\n');
      for (Answer a : e.getValue()) {
        md.append("| ").append(String.join(" | ", cells(a))).append(" |\n");
      }
    }
    return md.toString();
  }
}
