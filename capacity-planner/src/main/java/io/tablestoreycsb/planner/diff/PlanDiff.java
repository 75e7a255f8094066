package io.tablestoreycsb.planner.diff;

import io.tablestoreycsb.planner.runner.CellKey;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.Verdict;
import io.tablestoreycsb.planner.matrix.TargetLabel;
import io.tablestoreycsb.planner.report.ReportData;
import io.tablestoreycsb.planner.report.SloTable;
import io.tablestoreycsb.planner.text.VerdictText;
import io.tablestoreycsb.planner.timeline.IntervalFigures;
import io.tablestoreycsb.planner.timeline.PlanTimelines;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.ToDoubleFunction;

/**
 * Two plans side by side: the SLO answers before and after per case and partition count, every cell both ran with
 * the difference of its rows/s and p99 and an interval for it, verdicts that changed, and the cells only one ran.
 *
 * <p>Cells match by case, sweep setting, partition count and thread count (and open-loop target). When each plan
 * has one instance type, those may differ (the white paper's comparison of two instance types); when a plan
 * has several, cells match within the same instance type only.
 *
 * @param baseName what the base plan is called in the report (its directory)
 * @param newName the same for the new plan
 * @param answers the SLO answers of both, matched
 * @param cells the cells both ran, matched
 * @param onlyInBase cells only the base plan ran (their labels)
 * @param onlyInNew cells only the new plan ran
 * @param newRows the new plan's cells, for thresholds that judge it alone
 */
public record PlanDiff(String baseName, String newName, List<AnswerChange> answers, List<CellChange> cells,
    List<String> onlyInBase, List<String> onlyInNew, List<CellResult> newRows) {

  /** The p99, the latency the diff compares (the report's headline percentile). */
  public static final double PERCENTILE = 99;

  /**
   * One case and partition count's SLO answer in both plans.
   *
   * @param label case (and sweep) and partitions, "random-read p=16"
   * @param caseName the case
   * @param partitions partition count
   * @param base the base plan's answer, or null when it had none for this case and table
   * @param after the new plan's answer, or null
   * @param baseFigure what the base answer stands for
   * @param newFigure what the new answer stands for
   */
  public record AnswerChange(String label, String caseName, String instanceType, int partitions,
      SloTable.Answer base, SloTable.Answer after, AnswerFigure baseFigure, AnswerFigure newFigure) {

    /** (after - base) / base; NaN when either is missing or the base was 0. */
    public double change() {
      double b = baseFigure.rowsPerSecond();
      double a = newFigure.rowsPerSecond();
      return b > 0 && !Double.isNaN(a) ? (a - b) / b : Double.NaN;
    }
  }

  /**
   * One cell in both plans.
   *
   * @param label "random-read p=16 threads=8"
   * @param base the base plan's cell
   * @param after the new plan's cell
   * @param rowsPerSecond the difference of the per-interval rows/s in the cells' measured windows
   * @param p99Ms the difference of the per-interval p99 (ms)
   */
  public record CellChange(String label, CellResult base, CellResult after, DifferenceInterval rowsPerSecond,
      DifferenceInterval p99Ms) {

    public String baseVerdict() {
      return VerdictText.brief(base.verdict());
    }

    public String newVerdict() {
      return VerdictText.brief(after.verdict());
    }

    /** Whether the kind of bound changed (service to runner host, say); its figures may move without that. */
    public boolean verdictChanged() {
      return !kind(base.verdict()).equals(kind(after.verdict()));
    }

    private static String kind(Verdict v) {
      return v instanceof Verdict.TargetNotReached t ? "TargetNotReached/" + kind(t.cause())
          : v.getClass().getSimpleName();
    }

    /** (after - base) / base of the cell's rows/s. */
    public double rowsChange() {
      double b = base.rates().qpsRows();
      return b > 0 ? (after.rates().qpsRows() - b) / b : Double.NaN;
    }
  }

  /** Compares two plans' report data, with their timelines for the intervals. */
  public static PlanDiff of(String baseName, ReportData base, PlanTimelines baseTimelines, String newName,
      ReportData after, PlanTimelines newTimelines) {
    boolean acrossInstances = instanceTypes(base.rows()).size() == 1 && instanceTypes(after.rows()).size() == 1;
    Map<String, CellResult> before = byKey(base.rows(), acrossInstances);
    Map<String, CellResult> now = byKey(after.rows(), acrossInstances);
    List<CellChange> cells = new ArrayList<>();
    List<String> onlyInBase = new ArrayList<>();
    List<String> onlyInNew = new ArrayList<>();
    before.forEach((k, b) -> {
      CellResult a = now.get(k);
      if (a == null) {
        onlyInBase.add(label(b, !acrossInstances));
      } else {
        cells.add(new CellChange(label(a, !acrossInstances), b, a,
            interval(b, baseTimelines, a, newTimelines, IntervalFigures::requestsPerSecond, true),
            interval(b, baseTimelines, a, newTimelines, f -> f.percentileMs(PERCENTILE), false)));
      }
    });
    now.forEach((k, a) -> {
      if (!before.containsKey(k)) {
        onlyInNew.add(label(a, !acrossInstances));
      }
    });
    return new PlanDiff(baseName, newName, answers(base.rows(), after.rows(), acrossInstances), cells, onlyInBase,
        onlyInNew, after.rows());
  }

  private static List<AnswerChange> answers(List<CellResult> base, List<CellResult> after, boolean acrossInstances) {
    Map<String, SloTable.Answer[]> matched = new LinkedHashMap<>();
    for (SloTable.Answer a : SloTable.answers(base)) {
      matched.computeIfAbsent(answerKey(a, acrossInstances), k -> new SloTable.Answer[2])[0] = a;
    }
    for (SloTable.Answer a : SloTable.answers(after)) {
      matched.computeIfAbsent(answerKey(a, acrossInstances), k -> new SloTable.Answer[2])[1] = a;
    }
    List<AnswerChange> changes = new ArrayList<>();
    matched.values().forEach(pair -> {
      SloTable.Answer any = pair[1] != null ? pair[1] : pair[0];
      int comma = any.caseTitle().indexOf(',');
      changes.add(new AnswerChange((acrossInstances ? "" : any.instanceType() + " ") + any.caseTitle() + " p="
          + any.partitions(), comma < 0 ? any.caseTitle() : any.caseTitle().substring(0, comma),
          any.instanceType(), any.partitions(), pair[0], pair[1], AnswerFigure.of(pair[0], base),
          AnswerFigure.of(pair[1], after)));
    });
    return changes;
  }

  private static String answerKey(SloTable.Answer a, boolean acrossInstances) {
    return (acrossInstances ? "" : a.instanceType()) + "\u0000" + a.caseTitle() + "\u0000" + a.partitions();
  }

  /** The difference of a per-interval figure over the two cells' measured windows. */
  private static DifferenceInterval interval(CellResult b, PlanTimelines bt, CellResult a, PlanTimelines at,
      ToDoubleFunction<IntervalFigures> figure, boolean scaleToRows) {
    return DifferenceInterval.of(perInterval(b, bt, figure, scaleToRows), perInterval(a, at, figure, scaleToRows));
  }

  /** A figure per interval of the cell's window; requests/s scaled to rows/s by the cell's own rows per request. */
  static double[] perInterval(CellResult r, PlanTimelines timelines, ToDoubleFunction<IntervalFigures> figure,
      boolean scaleToRows) {
    double rowsPerRequest = r.rates().requestsPerSecond() > 0 ? r.rates().qpsRows() / r.rates().requestsPerSecond()
        : r.shape().rowsPerRequest();
    return timelines.of(r.cell()).map(t -> t.within(r.window()).stream()
        .mapToDouble(f -> figure.applyAsDouble(f) * (scaleToRows ? rowsPerRequest : 1))
        .filter(v -> !Double.isNaN(v)).toArray()).orElse(new double[0]);
  }

  private static Set<String> instanceTypes(List<CellResult> rows) {
    Set<String> types = new TreeSet<>();
    rows.forEach(r -> types.add(r.cell().instanceType()));
    return types;
  }

  private static Map<String, CellResult> byKey(List<CellResult> rows, boolean acrossInstances) {
    Map<String, CellResult> map = new LinkedHashMap<>();
    for (CellResult r : rows) {
      CellKey c = r.cell();
      map.put((acrossInstances ? "" : c.instanceType()) + "\u0000" + c.caseName() + "\u0000" + c.sweep() + "\u0000"
          + c.partitions() + "\u0000" + c.threads(), r);
    }
    return map;
  }

  /** "random-read p=16 threads=8", the sweep and open-loop target after the case. */
  static String label(CellResult r, boolean withInstance) {
    CellKey c = r.cell();
    String setting = TargetLabel.withoutTarget(c.sweep());
    return (withInstance ? c.instanceType() + " " : "") + c.caseName() + (setting.isEmpty() ? "" : ", " + setting)
        + " p=" + c.partitions() + " threads=" + c.threads()
        + (r.isOpenLoop() ? " target=" + Math.round(r.targetRowsPerSecond()) : "");
  }
}
