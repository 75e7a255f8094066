package io.tablestoreycsb.planner.report;

import io.tablestoreycsb.kit.table.Table;
import io.tablestoreycsb.kit.table.Html;
import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.Latency;
import io.tablestoreycsb.planner.analysis.PartitionFigure;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The report's per-partition table of one case: a row per cell, a column of QPS(row) per partition
 * (merged over the cell's runners), then the hottest partition: its share of the rows, how many times
 * the mean partition's rows it moved (a hot partition shows as well above 1x), its merged p99 and the
 * errors on it. Hot partitions (at least {@link PartitionFigure#HOT} x the mean) are marked with '*'.
 */
final class PartitionTable {
  static final String TEXT = "Per partition: the rows each partition of the cell's table served, merged over the "
      + "runners (sums), as QPS(row) over the cell's window (each runner's rows on the partition scaled by its "
      + "share of requests in the window). A GetRow, PutRow or GetRange page counts on its key's partition and "
      + "each row on its own; a BatchWriteRow counts on every partition its rows fall in. 'Hottest' is the "
      + "partition with the most rows, with its share and how many times the mean partition's rows it moved; "
      + "'*' marks partitions at " + PartitionFigure.HOT + "x the mean or more. Its p99 comes from the runners' "
      + "per-partition HdrHistograms added together (whole runs). report.json (partitionFigures) and "
      + "partitions.csv have every partition's requests, errors and latencies.";

  private PartitionTable() {}

  /**
   * One cell of the table: its text, and whether it is a hot partition's QPS (marked '*' in Markdown,
   * highlighted in HTML).
   */
  record Cell(String text, boolean hot) {
    static Cell of(String text) {
      return new Cell(text, false);
    }

    /** The Markdown (and terminal) text: a hot partition's QPS with its '*'. */
    String marked() {
      return hot ? text + "*" : text;
    }
  }

  /** Whether any cell of {@code rows} has per-partition figures. */
  static boolean any(List<CellResult> rows) {
    return rows.stream().anyMatch(r -> !r.partitionFigures().isEmpty());
  }

  static List<String> headers(List<CellResult> rows) {
    int n = rows.stream().mapToInt(r -> r.partitionFigures().size()).max().orElse(0);
    List<String> h = new ArrayList<>(List.of("Partitions", "Thread"));
    for (int i = 0; i < n; i++) {
      h.add("P" + i);
    }
    h.addAll(List.of("Hottest", "Share", "x Mean", "Hottest p99 (ms)", "Errors"));
    return h;
  }

  /** A row's cells as Markdown shows them. */
  static List<String> cells(CellResult r, int columns) {
    return values(r, columns).stream().map(Cell::marked).toList();
  }

  /** A row's cells: the partitions' QPS(row), then its hottest partition's figures. */
  static List<Cell> values(CellResult r, int columns) {
    // A cell that ran beside other work is marked in every table that shows it.
    List<Cell> c = new ArrayList<>(List.of(Cell.of(Integer.toString(r.cell().partitions())),
        Cell.of(r.cell().threads() + (r.hostBusyWithOtherWork() ? " (host busy)" : ""))));
    List<PartitionFigure> ps = r.partitionFigures();
    double mean = ps.stream().mapToLong(PartitionFigure::rows).average().orElse(0);
    for (int i = 0; i < columns; i++) {
      if (i >= ps.size()) {
        c.add(Cell.of(""));
        continue;
      }
      PartitionFigure p = ps.get(i);
      c.add(new Cell(Formats.num(p.qpsRows()), ps.size() > 1 && mean > 0 && p.rows() >= PartitionFigure.HOT * mean));
    }
    PartitionFigure hot = r.hottestPartition();
    if (hot == null) {
      List.of("-", "", "", "", "").forEach(text -> c.add(Cell.of(text)));
      return c;
    }
    c.add(Cell.of("P" + hot.partition() + (hot.start().isEmpty() ? "" : " (from " + hot.start() + ")")));
    c.add(Cell.of(String.format(Locale.ROOT, "%.0f%%", hot.share() * 100)));
    c.add(Cell.of(mean > 0 ? String.format(Locale.ROOT, "%.2f", hot.rows() / mean) : ""));
    c.add(Cell.of(hot.latency() == null ? "" : Formats.ms(hot.latency().p99Ms())));
    c.add(Cell.of(Long.toString(ps.stream().mapToLong(PartitionFigure::errors).sum())));
    return c;
  }

  static String markdown(List<CellResult> rows) {
    List<String> headers = headers(rows);
    int columns = headers.size() - 7;
    StringBuilder md = new StringBuilder("| ").append(String.join(" | ", headers)).append(" |\n|");
    headers.forEach(h -> md.append("---|"));
    md.append('\n');
    for (CellResult r : rows) {
      md.append("| ").append(String.join(" | ", cells(r, columns))).append(" |\n");
    }
    return md.toString();
  }

  static String html(List<CellResult> rows) {
    List<String> headers = headers(rows);
    int columns = headers.size() - 7;
    StringBuilder h = new StringBuilder("<table><tr>");
    headers.forEach(col -> h.append("<th>").append(Html.esc(col)).append("</th>"));
    h.append("</tr>\n");
    for (CellResult r : rows) {
      h.append("<tr>");
      for (Cell cell : values(r, columns)) {
        h.append(cell.hot() ? "<td style=\"background:#fdd\"><b>" : "<td>").append(Html.esc(cell.marked()))
            .append(cell.hot() ? "</b></td>" : "</td>");
      }
      h.append("</tr>\n");
    }
    return h.append("</table>\n").toString();
  }

  /** partitions.csv: one line per cell and partition. */
  static String csv(List<CellResult> rows) {
    StringBuilder csv = new StringBuilder("instance_type,case,sweep,partitions,threads,partition,start_key,qps_rows,"
        + "share,rows,requests,errors,avg_ms,p50_ms,p95_ms,p99_ms,p999_ms,max_ms\n");
    for (CellResult r : rows) {
      for (PartitionFigure p : r.partitionFigures()) {
        Latency l = p.latency();
        csv.append(String.join(",", Table.csvValue(r.cell().instanceType()), Table.csvValue(r.cell().caseName()),
            Table.csvValue(r.cell().sweep()), Integer.toString(r.cell().partitions()),
            Integer.toString(r.cell().threads()),
            Integer.toString(p.partition()), Table.csvValue(p.start()), Table.csvValue(p.qpsRows()),
            Table.csvValue(p.share()), Long.toString(p.rows()), Long.toString(p.requests()), Long.toString(p.errors()),
            l == null ? ",,,,," : String.join(",", Table.csvValue(l.avgMs()), Table.csvValue(l.p50Ms()),
                Table.csvValue(l.p95Ms()), Table.csvValue(l.p99Ms()), Table.csvValue(l.p999Ms()),
                Table.csvValue(l.maxMs())))).append('\n');
      }
    }
    return csv.toString();
  }
}
