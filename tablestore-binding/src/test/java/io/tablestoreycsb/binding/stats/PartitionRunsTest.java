package io.tablestoreycsb.binding.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Rows added to their partitions once per run of one partition, every row counted exactly once. */
class PartitionRunsTest {
  private final List<String> added = new ArrayList<>();
  private final PartitionRuns runs = new PartitionRuns((partition, rows) -> added.add(partition + ":" + rows));

  @Test
  void consecutiveRowsOfOnePartitionAreAddedAsOneRun() {
    for (int p : new int[] {0, 0, 0, 2, 2, 1, 2}) {
      runs.row(p);
    }
    runs.flush();

    assertThat(added).containsExactly("0:3", "2:2", "1:1", "2:1");
  }

  @Test
  void nothingIsAddedWithoutRowsAndAFlushEmptiesTheTally() {
    runs.flush();
    assertThat(added).isEmpty();

    runs.row(3);
    runs.flush();
    runs.flush();

    assertThat(added).containsExactly("3:1");
  }
}
