package io.tablestoreycsb.binding.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tablestoreycsb.mock.faults.FaultRule;
import io.tablestoreycsb.mock.journal.RecordedRequest;
import io.tablestoreycsb.mock.journal.RecordedRow;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code tablestore.batchgrouping=partition} as the server sees it: the mock's request journal gives the
 * primary keys of every BatchWriteRow's rows, and the table's partition ranges (DescribeTable) say which
 * partition each fell in. Grouped batches touch one partition each; ungrouped ones many. Rows failing
 * with injected row faults are sent again, and every row ends up in the table.
 */
class BatchGroupingTest {
  private static final int ROWS = 4000;
  private static final int PARTITIONS = 16;

  @RegisterExtension
  static final MockFixture fx =
      MockFixture.perClass(FaultRule.onRows(ActionName.BATCH_WRITE_ROW, ErrorCode.SERVER_BUSY, 0.1));

  @Test
  void groupedBatchesTouchOnePartitionEachAndLoseNoRowUnderRowFaults(@TempDir Path dir) throws Exception {
    List<Set<String>> grouped = load("grouped", "partition", dir);
    assertThat(grouped).isNotEmpty();
    assertThat(grouped).as("partitions of each BatchWriteRow, as the server saw them").allSatisfy(partitions ->
        assertThat(partitions).hasSizeLessThanOrEqualTo(1));
    assertThat(grouped.stream().flatMap(Set::stream).distinct().count()).isEqualTo(PARTITIONS);

    // Without grouping a 50-row batch of MD5-spread keys falls in most of the 16 partitions.
    List<Set<String>> mixed = load("mixed", "none", dir);
    assertThat(mixed.stream().mapToInt(Set::size).max().orElse(0)).isGreaterThan(8);
  }

  /** Loads ROWS rows with 50-row batches from 4 threads; returns the partitions of each BatchWriteRow. */
  private static List<Set<String>> load(String table, String grouping, Path dir) throws Exception {
    fx.createTable(table, "--partitions", Integer.toString(PARTITIONS));
    Path stats = dir.resolve(table + ".json");
    Properties p = fx.phase(table, ROWS, stats, "fieldcount=2", "fieldlength=20",
        "tablestore.batchsize=50", "tablestore.batchretries=50", "tablestore.batchgrouping=" + grouping);
    fx.mock.journal().clear();

    YcsbRun.run(p, true, 4);

    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    assertThat(json.at("/errors/OTSServerBusy").asLong()).as("row faults were injected").isPositive();
    assertThat(json.at("/batch/rowsFailed").asLong()).isZero();
    assertThat(json.at("/rows/written").asLong()).isEqualTo(ROWS);
    assertThat(fx.count(table)).as("rows in the table").isEqualTo(ROWS);
    return partitionsOfEachBatch(table);
  }

  /** The partitions ("table/index") of each BatchWriteRow on {@code table} the mock served, in order. */
  private static List<Set<String>> partitionsOfEachBatch(String table) {
    TablePartitions partitions = TablePartitions.of(fx.mock, table);
    List<Set<String>> batches = new ArrayList<>();
    for (RecordedRequest request : fx.mock.journal().requests(ActionName.BATCH_WRITE_ROW)) {
      Set<String> touched = new TreeSet<>();
      for (RecordedRow row : request.rows()) {
        if (row.table().equals(table)) {
          touched.add(table + "/" + partitions.of(row.primaryKey()));
        }
      }
      if (!touched.isEmpty()) {
        batches.add(touched);
      }
    }
    assertThat(fx.mock.journal().droppedCount()).as("requests the journal had no room for").isZero();
    return batches;
  }
}
