package io.tablestoreycsb.planner.report;

import io.tablestoreycsb.planner.analysis.CellResult;
import java.util.List;
import java.util.Map;

/** Report data of constructed cells for tests of other packages (a diff, a gate). */
public final class TestReports {
  private TestReports() {}

  public static ReportData of(List<CellResult> rows) {
    return new ReportData(rows, Map.of(), ReportHeader.empty());
  }
}
