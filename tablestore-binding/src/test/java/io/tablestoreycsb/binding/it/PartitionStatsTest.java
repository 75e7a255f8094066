package io.tablestoreycsb.binding.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tablestoreycsb.binding.config.KeyFormat;
import io.tablestoreycsb.mock.faults.FaultRule;
import io.tablestoreycsb.mock.journal.RecordedRequest;
import io.tablestoreycsb.mock.journal.RecordedRow;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Properties;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The binding's per-partition figures, checked against what the mock saw over HTTP: a skewed read
 * workload (90% of reads on one key) shows its partition far above the rest, and every partition's
 * request count is the number of GetRows the server journaled for keys in that partition. Batch writes
 * under injected row faults count each row and each failed row on its own partition.
 */
class PartitionStatsTest {
  private static final int ROWS = 400;
  private static final int READS = 500;
  private static final int PARTITIONS = 4;

  @RegisterExtension
  static final MockFixture fx =
      MockFixture.perClass(FaultRule.onRows(ActionName.BATCH_WRITE_ROW, ErrorCode.SERVER_BUSY, 0.1));

  @Test
  void aHotKeyShowsItsPartitionAboveTheRestAndEveryPartitionCountsWhatTheServerSaw(@TempDir Path dir)
      throws Exception {
    String table = "hot";
    fx.createTable(table, "--partitions", Integer.toString(PARTITIONS));

    // Load with 50-row batches (rows spread over every partition) while 10% of rows fail once.
    Path loadStats = dir.resolve("load.json");
    Properties load = properties(table, loadStats);
    load.setProperty("tablestore.batchsize", "50");
    load.setProperty("tablestore.batchretries", "50");
    YcsbRun.run(load, true, 2);
    JsonNode loaded = new ObjectMapper().readTree(loadStats.toFile()).at("/partitions/" + table);
    assertThat(loaded.get("start")).hasSize(PARTITIONS);
    assertThat(loaded.get("start").get(0).asText()).isEmpty();
    assertThat(loaded.get("start").get(1).asText()).isEqualTo("4000");
    assertThat(StatsJson.sum(loaded.get("rowsWritten"))).isEqualTo(ROWS);
    JsonNode loadRoot = new ObjectMapper().readTree(loadStats.toFile());
    assertThat(StatsJson.sum(loaded.get("errors"))).as("failed rows, each on its partition")
        .isEqualTo(loadRoot.at("/errors/OTSServerBusy").asLong()).isPositive();
    // A first-try batch of 50 MD5-spread rows falls in all 4 partitions and counts on each; the retries of
    // a few failed rows fall in fewer.
    long batches = loadRoot.at("/requests/BatchWriteRow").asLong();
    for (JsonNode n : loaded.get("requests")) {
      assertThat(n.asLong()).isBetween(ROWS / 50L, batches);
    }
    assertThat(StatsJson.sum(loaded.get("requests"))).isGreaterThan(batches);

    // Read: 90% of the reads go to key number 0 (a hot set of 1.5 / ROWS of the keys is one key).
    Path readStats = dir.resolve("read.json");
    Properties read = properties(table, readStats);
    read.setProperty("operationcount", Integer.toString(READS));
    read.setProperty("readproportion", "1");
    read.setProperty("updateproportion", "0");
    read.setProperty("requestdistribution", "hotspot");
    read.setProperty("hotspotdatafraction", Double.toString(1.5 / ROWS));
    read.setProperty("hotspotopnfraction", "0.9");
    fx.mock.journal().clear();
    YcsbRun.run(read, false, 2);

    JsonNode partitions = new ObjectMapper().readTree(readStats.toFile()).at("/partitions/" + table);
    TablePartitions partitionsOfTable = TablePartitions.of(fx.mock, table);
    int hot = partitionsOfTable.of(KeyFormat.key(0));
    long[] served = new long[PARTITIONS];
    for (RecordedRequest r : fx.mock.journal().requests(ActionName.GET_ROW)) {
      for (RecordedRow row : r.rows()) {
        served[partitionsOfTable.of(row.primaryKey())]++;
      }
    }
    assertThat(fx.mock.journal().droppedCount()).isZero();
    for (int p = 0; p < PARTITIONS; p++) {
      assertThat(partitions.get("requests").get(p).asLong()).as("GetRows on partition %d", p).isEqualTo(served[p]);
      assertThat(partitions.get("rowsRead").get(p).asLong()).as("rows read on partition %d", p).isEqualTo(served[p]);
      Histogram latency = Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(
          partitions.get("latencyUs").get(p).asText())), 0);
      assertThat(latency.getTotalCount()).as("latencies of partition %d", p).isEqualTo(served[p]);
    }
    assertThat(StatsJson.sum(partitions.get("rowsRead"))).isEqualTo(READS);
    assertThat(partitions.get("rowsRead").get(hot).asLong()).as("the hot key's partition")
        .isGreaterThan(READS * 85L / 100);
    for (int p = 0; p < PARTITIONS; p++) {
      if (p != hot) {
        assertThat(partitions.get("rowsRead").get(p).asLong()).isLessThan(READS * 10L / 100);
      }
    }
  }

  private static Properties properties(String table, Path stats) {
    return fx.phase(table, ROWS, stats, "fieldcount=2", "fieldlength=20");
  }
}
