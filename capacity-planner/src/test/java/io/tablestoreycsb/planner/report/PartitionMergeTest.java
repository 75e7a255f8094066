package io.tablestoreycsb.planner.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.planner.analysis.BindingStats;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.PartitionFigure;
import io.tablestoreycsb.planner.analysis.PartitionMerge;
import io.tablestoreycsb.planner.analysis.TestCells;
import io.tablestoreycsb.kit.hdr.HdrLogs;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * Two runners' per-partition figures merged into one cell: counts are added, rows/s scaled to the window
 * by each runner's share, latency percentiles come from the added histograms (an averaged p99 would be
 * wrong), and the report's table marks the hot partition.
 */
class PartitionMergeTest {
  @Test
  void runnersAreAddedAndTheHotPartitionShows() {
    // Runner A: 9,000 fast requests on partition 1 (hot), 1,000 on each other; runner B: 50 slow requests
    // on partition 1 only. Each had half its requests inside the 10 s window.
    List<BindingStats.Partition> a = List.of(partition("", 1000, 1), partition("4000", 9000, 1),
        partition("8000", 1000, 1), partition("c000", 1000, 1));
    List<BindingStats.Partition> b = List.of(partition("", 0, 100), partition("4000", 50, 100),
        partition("8000", 0, 100), partition("c000", 0, 100));
    List<PartitionFigure> merged = PartitionMerge.of(List.of(new PartitionMerge.Part(Map.of("usertable_p4", a), 0.5),
        new PartitionMerge.Part(Map.of("usertable_p4", b), 0.5)), 10);

    assertThat(merged).extracting(PartitionFigure::rows).containsExactly(1000L, 9050L, 1000L, 1000L);
    assertThat(merged).extracting(PartitionFigure::start).containsExactly("", "4000", "8000", "c000");
    assertThat(merged.get(1).qpsRows()).isCloseTo(9050 * 0.5 / 10, within(1e-9));
    assertThat(merged.get(1).share()).isCloseTo(9050.0 / 12050, within(1e-9));
    // 9,050 requests of which 50 took 100 ms: the merged p99 is 1 ms (the 99th percentile of all of
    // them), not the 50.5 ms an average of the runners' p99s (1 ms and 100 ms) would say.
    assertThat(merged.get(1).latency().p99Ms()).isCloseTo(1.0, within(0.01));
    assertThat(merged.get(1).latency().maxMs()).isCloseTo(100.0, within(0.1));
    assertThat(merged.get(1).requests()).isEqualTo(9050);

    CellResult row = withPartitions(merged);
    assertThat(row.hottestPartition().partition()).isEqualTo(1);
    List<String> cells = PartitionTable.cells(row, 4);
    assertThat(cells.subList(2, 6)).containsExactly("50.0", Formats.num(452.5) + "*", "50.0", "50.0");
    assertThat(cells.get(6)).isEqualTo("P1 (from 4000)");
    assertThat(cells.get(7)).isEqualTo("75%");
    assertThat(cells.get(8)).isEqualTo("3.00");
    assertThat(PartitionTable.csv(List.of(row)).lines()).hasSize(5);
  }

  @Test
  void aBindingWithoutPartitionFiguresGivesNone() {
    assertThat(PartitionMerge.of(List.of(new PartitionMerge.Part(Map.of(), 1)), 10)).isEmpty();
  }

  /** A partition whose {@code rows} requests (one row each) took {@code ms} each. */
  private static BindingStats.Partition partition(String start, long rows, long ms) {
    Histogram h = HdrLogs.newHistogram();
    if (rows > 0) {
      h.recordValueWithCount(ms * 1000, rows);
    }
    return new BindingStats.Partition(start, rows, rows, 0, 0, h);
  }

  private static CellResult withPartitions(List<PartitionFigure> partitions) {
    return TestCells.cell().instanceType("i").partitions(4).runners(2).qps(605).partitionFigures(partitions).build();
  }
}
