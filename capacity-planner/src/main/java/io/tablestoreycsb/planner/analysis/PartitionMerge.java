package io.tablestoreycsb.planner.analysis;

import io.tablestoreycsb.kit.hdr.HdrLogs;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * Merges the runners' per-partition figures of one cell: counts are added, latency histograms are
 * added into one per partition, and rows/s are each runner's rows on the partition scaled to the cell's
 * window by that runner's share of its requests inside the window.
 */
public final class PartitionMerge {
  /**
   * One runner's part.
   *
   * @param partitions its binding's partitions of each table
   * @param windowShare the share of the runner's requests that fell in the cell's window, 0..1
   */
  public record Part(Map<String, List<BindingStats.Partition>> partitions, double windowShare) {}

  private PartitionMerge() {}

  /** The partitions of the table the runners moved the most rows on; empty when none counted any. */
  public static List<PartitionFigure> of(List<Part> parts, double windowSeconds) {
    Map<String, Long> rowsByTable = new LinkedHashMap<>();
    for (Part p : parts) {
      p.partitions().forEach((table, ps) -> rowsByTable.merge(table,
          ps.stream().mapToLong(BindingStats.Partition::rows).sum(), Long::sum));
    }
    String table = rowsByTable.entrySet().stream().max(Map.Entry.comparingByValue()).map(Map.Entry::getKey)
        .orElse(null);
    if (table == null) {
      return List.of();
    }
    int n = parts.stream().mapToInt(p -> p.partitions().getOrDefault(table, List.of()).size()).max().orElse(0);
    double[] inWindow = new double[n];
    long[] rows = new long[n];
    long[] requests = new long[n];
    long[] errors = new long[n];
    String[] starts = new String[n];
    List<List<Histogram>> latencies = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      latencies.add(new ArrayList<>());
    }
    for (Part p : parts) {
      List<BindingStats.Partition> ps = p.partitions().getOrDefault(table, List.of());
      for (int i = 0; i < ps.size(); i++) {
        BindingStats.Partition q = ps.get(i);
        starts[i] = q.start();
        inWindow[i] += q.rows() * p.windowShare();
        rows[i] += q.rows();
        requests[i] += q.requests();
        errors[i] += q.errors();
        latencies.get(i).add(q.latencyUs());
      }
    }
    long allRows = 0;
    for (long r : rows) {
      allRows += r;
    }
    List<PartitionFigure> out = new ArrayList<>(n);
    double seconds = Math.max(0.001, windowSeconds);
    for (int i = 0; i < n; i++) {
      Histogram merged = HdrLogs.merge(latencies.get(i));
      out.add(new PartitionFigure(i, starts[i] == null ? "" : starts[i], inWindow[i] / seconds,
          allRows == 0 ? 0 : rows[i] / (double) allRows, rows[i], requests[i], errors[i], Latency.ofRecorded(merged)));
    }
    return List.copyOf(out);
  }
}
