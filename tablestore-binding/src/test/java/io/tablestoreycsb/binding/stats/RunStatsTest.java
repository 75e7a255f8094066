package io.tablestoreycsb.binding.stats;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.model.CapacityUnit;
import com.alicloud.openservices.tablestore.model.ConsumedCapacity;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunStatsTest {
  @Test
  void countsFromManyThreadsAddUp() throws Exception {
    RunStats stats = new RunStats();
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 8; t++) {
      Thread thread = new Thread(() -> {
        for (int i = 0; i < 1000; i++) {
          stats.request(Action.GetRow);
          stats.rowsRead(2);
          stats.consumed(new ConsumedCapacity(new CapacityUnit(1, 0)));
          stats.error("OTSServerBusy");
        }
      });
      thread.start();
      threads.add(thread);
    }
    for (Thread t : threads) {
      t.join();
    }
    RunStats.Snapshot s = stats.snapshot();
    assertThat(s.requests().get(Action.GetRow)).isEqualTo(8000);
    assertThat(s.rowsRead()).isEqualTo(16000);
    assertThat(s.readCu()).isEqualTo(8000);
    assertThat(s.writeCu()).isZero();
    assertThat(s.errors()).containsEntry("OTSServerBusy", 8000L);
  }

  @Test
  void firstErrorOfACodeIsReportedOnce() {
    RunStats stats = new RunStats();
    assertThat(stats.error("A")).isTrue();
    assertThat(stats.error("A")).isFalse();
    assertThat(stats.error("B")).isTrue();
  }

  @Test
  void jsonHasTheContractedFields() throws Exception {
    RunStats stats = new RunStats();
    stats.request(Action.BatchWriteRow);
    stats.request(Action.PutRow);
    stats.rowsWritten(201);
    stats.consumed(new ConsumedCapacity(new CapacityUnit(0, 201)));
    stats.error("OTSServerBusy");
    stats.error("ClientException");
    stats.batchRowsRetried(3);
    stats.batchRowsFailed(1);
    stats.sdkRetry("OTSServerBusy");
    stats.sdkRetry("OTSServerBusy");
    stats.rowsFailed(1);
    stats.rowsFailedAfterBatchedOk(1);
    stats.readNotFound();
    for (int i = 0; i < 202; i++) {
      stats.rowAttempted();
    }
    JsonNode json = new ObjectMapper().readTree(stats.snapshot().toJson());
    assertThat(json.fieldNames()).toIterable()
        .containsExactly("requests", "rows", "reads", "capacityUnits", "errors", "batch", "sdkRetries", "partitions");
    assertThat(json.at("/rows/failed").asLong()).isEqualTo(1);
    assertThat(json.at("/rows/failedAfterBatchedOk").asLong()).isEqualTo(1);
    assertThat(json.at("/rows/attempted").asLong()).isEqualTo(202);
    assertThat(json.at("/reads/notFound").asLong()).isEqualTo(1);
    RunOutcome outcome = new RunOutcome(new RunPlan(true, 300, 300, 0), 201, stats.snapshot().writes(), 0, 0, false);
    JsonNode withOutcome = new ObjectMapper().readTree(stats.snapshot().toJson(outcome));
    assertThat(withOutcome.at("/outcome/rowsNotAttempted").asLong()).isEqualTo(98);
    assertThat(withOutcome.at("/outcome/exitStatus").asInt()).isEqualTo(1);
    assertThat(withOutcome.at("/outcome/phase").asText()).isEqualTo("load");
    assertThat(json.at("/sdkRetries/OTSServerBusy").asLong()).isEqualTo(2);
    assertThat(json.get("requests").fieldNames()).toIterable()
        .containsExactlyInAnyOrder("GetRow", "GetRange", "PutRow", "BatchWriteRow", "UpdateRow", "DeleteRow");
    assertThat(json.at("/requests/BatchWriteRow").asLong()).isEqualTo(1);
    assertThat(json.at("/requests/GetRow").asLong()).isZero();
    assertThat(json.at("/rows/written").asLong()).isEqualTo(201);
    assertThat(json.at("/rows/read").asLong()).isZero();
    assertThat(json.at("/capacityUnits/write").asLong()).isEqualTo(201);
    assertThat(json.at("/errors/OTSServerBusy").asLong()).isEqualTo(1);
    assertThat(json.at("/errors/ClientException").asLong()).isEqualTo(1);
    assertThat(json.at("/batch/rowsRetried").asLong()).isEqualTo(3);
    assertThat(json.at("/batch/rowsFailed").asLong()).isEqualTo(1);
  }

  @Test
  void reportLinesAreYcsbStyle() {
    RunStats stats = new RunStats();
    stats.request(Action.GetRange);
    stats.rowsRead(100);
    stats.error("OTSServerBusy");
    String lines = stats.snapshot().toReportLines();
    assertThat(lines).contains("[TABLESTORE], Requests.GetRange, 1\n")
        .contains("[TABLESTORE], Rows.Read, 100\n")
        .contains("[TABLESTORE], Errors, 1\n")
        .contains("[TABLESTORE], Errors.OTSServerBusy, 1\n")
        .contains("[TABLESTORE], Batch.RowsFailed, 0\n");
    assertThat(lines.lines()).allMatch(l -> l.matches("\\[TABLESTORE\\], [A-Za-z.]+, \\d+"));
  }

  @Test
  void partitionsAreArraysInKeyOrderWithMergeableLatencyHistograms() throws Exception {
    RunStats stats = new RunStats();
    PartitionCounters c = stats.partitions("t", new PartitionMap(List.of("4000", "8000", "c000")));
    int p = c.partitionOf("9abc0000000000000001");
    c.answered(p, 2_000_000);
    c.answered(p, 4_000_000);
    c.rowsRead(p, 2);
    c.failed(c.partitionOf("0001"));
    c.rowsWritten(c.partitionOf("ffff"), 5);
    JsonNode t = new ObjectMapper().readTree(stats.snapshot().toJson()).at("/partitions/t");
    assertThat(p).isEqualTo(2);
    assertThat(t.get("start").toString()).isEqualTo("[\"\",\"4000\",\"8000\",\"c000\"]");
    assertThat(t.get("requests").toString()).isEqualTo("[1,0,2,0]");
    assertThat(t.get("rowsRead").toString()).isEqualTo("[0,0,2,0]");
    assertThat(t.get("rowsWritten").toString()).isEqualTo("[0,0,0,5]");
    assertThat(t.get("errors").toString()).isEqualTo("[1,0,0,0]");
    org.HdrHistogram.Histogram h = org.HdrHistogram.Histogram.decodeFromCompressedByteBuffer(
        java.nio.ByteBuffer.wrap(java.util.Base64.getDecoder().decode(t.get("latencyUs").get(2).asText())), 0);
    assertThat(h.getTotalCount()).isEqualTo(2);
    assertThat(h.getMaxValue()).isBetween(3_990L, 4_010L);
    assertThat(stats.snapshot().toReportLines()).contains("[TABLESTORE], Partition.t.2.Rows, 2\n")
        .contains("[TABLESTORE], Partition.t.0.Errors, 1\n");
  }
}
