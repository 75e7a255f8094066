package io.tablestoreycsb.planner.diff;

import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.matrix.TargetLabel;
import io.tablestoreycsb.planner.report.SloTable;
import java.util.List;

/**
 * The figure an SLO answer stands for when it is compared (a diff, a threshold): the report's answer; 0 rows/s
 * when cells were judged and none met the objective; and where the report judged no cell (every one unsteady or
 * bound by a saturated runner host) the most rows/s of a cell that met it anyway, marked as no evidence, since
 * it still says more than nothing.
 *
 * @param rowsPerSecond the figure; NaN without an answer
 * @param cell the cell it comes from, or null
 * @param judged false when the report could not judge any cell of the answer
 */
public record AnswerFigure(double rowsPerSecond, CellResult cell, boolean judged) {
  public static final AnswerFigure NONE = new AnswerFigure(Double.NaN, null, true);

  /** The figure of {@code answer} (null: none), its unjudged cells looked up among {@code rows}. */
  public static AnswerFigure of(SloTable.Answer answer, List<CellResult> rows) {
    if (answer == null) {
      return NONE;
    }
    if (answer.best() != null) {
      return new AnswerFigure(answer.best().rates().qpsRows(), answer.best(), true);
    }
    if (answer.closest() != null) {
      return new AnswerFigure(0, null, true);
    }
    CellResult best = null;
    for (CellResult r : rows) {
      if (r.cell().instanceType().equals(answer.instanceType()) && r.cell().partitions() == answer.partitions()
          && r.metSlo() && answer.caseTitle().equals(caseTitle(r))
          && (best == null || r.rates().qpsRows() > best.rates().qpsRows())) {
        best = r;
      }
    }
    return new AnswerFigure(best == null ? 0 : best.rates().qpsRows(), best, false);
  }

  /** "random-read", "batch-write, tablestore.batchsize=50": as the report titles a case. */
  static String caseTitle(CellResult r) {
    String setting = TargetLabel.withoutTarget(r.cell().sweep());
    return r.cell().caseName() + (setting.isEmpty() ? "" : ", " + setting);
  }

  /** "2,000", "none met it", "1,200 (not judged)", "not run". */
  public String text() {
    if (Double.isNaN(rowsPerSecond)) {
      return "not run";
    }
    if (cell == null) {
      return judged ? "none met it" : "not judged, none met it";
    }
    return Formats.num(rowsPerSecond) + (judged ? "" : " (not judged)");
  }

  /** Why the figure is no evidence, or "". */
  public String note() {
    return judged ? "" : " (not judged in the report: unsteady or runner-host-bound cells)";
  }
}
