package io.tablestoreycsb.planner.report;

import io.tablestoreycsb.kit.table.Table;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.matrix.TargetLabel;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** How the report groups its cells into tables: by instance type, then by case and sweep setting. */
final class ReportTable {
  private ReportTable() {}

  /** A cell's rows/s as every table shows it, with its marks: "2,049 (plateau) (host busy)". */
  static String qps(CellResult r) {
    return Table.cell(CellColumns.QPS, r);
  }

  /** Rows grouped by instance type, then by case and sweep setting, keeping the report order. */
  static Map<String, Map<String, List<CellResult>>> grouped(List<CellResult> rows) {
    Map<String, Map<String, List<CellResult>>> groups = new LinkedHashMap<>();
    for (CellResult r : rows) {
      groups.computeIfAbsent(r.cell().instanceType(), k -> new LinkedHashMap<>())
          .computeIfAbsent(caseTitle(r), k -> new ArrayList<>()).add(r);
    }
    return groups;
  }

  static String caseTitle(CellResult r) {
    return caseTitle(r.cell().caseName(), r.cell().sweep());
  }

  /** A case and its sweep setting, as the report's section titles name them. */
  static String caseTitle(String caseName, String sweep) {
    String setting = sweep == null ? "" : TargetLabel.withoutTarget(sweep);
    return caseName + (setting.isEmpty() ? "" : ", " + setting);
  }

  static String latencyNote(CellResult r) {
    int rowsPerRequest = r.shape().rowsPerRequest();
    return switch (r.shape().measure()) {
      case "BATCH_WRITE" -> "request latency = BATCH_WRITE (one BatchWriteRow of " + rowsPerRequest
          + " rows); YCSB's INSERT only times buffering a row and is not used";
      case "SCAN" -> "request latency = SCAN (one GetRange of up to " + rowsPerRequest + " rows)";
      case "READ" -> "request latency = READ (one GetRow)";
      case "INSERT" -> "request latency = INSERT (one PutRow)";
      default -> "request latency = " + r.shape().measure();
    };
  }
}
