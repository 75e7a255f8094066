package io.tablestoreycsb.binding.stats;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.model.CapacityUnit;
import com.alicloud.openservices.tablestore.model.ConsumedCapacity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StatsFileTest {
  @Test
  void whatTheBindingWritesReadsBackAsTheSameRecord(@TempDir Path dir) throws Exception {
    RunStats stats = new RunStats();
    stats.request(Action.BatchWriteRow);
    stats.rowsWritten(3);
    stats.consumed(new ConsumedCapacity(new CapacityUnit(2, 3)));
    stats.error("OTSServerBusy");
    PartitionCounters c = stats.partitions("t", new PartitionMap(List.of("8000")));
    c.answered(c.partitionOf("9000"), 1_500_000);
    RunOutcome outcome = new RunOutcome(new RunPlan(true, 3, 3, 0), 3, stats.snapshot().writes(), 0, 0, false);
    StatsFile written = stats.snapshot().toStatsFile(outcome);

    Path file = dir.resolve("sub").resolve("tablestore-stats.json");
    written.write(file);
    StatsFile read = StatsFile.read(file).orElseThrow();

    assertThat(read).isEqualTo(written);
    assertThat(read.capacityUnits()).isEqualTo(new StatsFile.CapacityUnits(2, 3));
    assertThat(read.partitions().get("t").start()).containsExactly("", "8000");
    assertThat(read.outcome().phase()).isEqualTo("load");
    assertThat(Files.list(file.getParent())).as("no temporary file left").containsExactly(file);
  }

  @Test
  void aReaderIgnoresFieldsItDoesNotKnowAndAbsentObjectsAreNull() throws Exception {
    StatsFile f = StatsFile.parse("{\"rows\": {\"read\": 5, \"written\": 7, \"newCounter\": 1}, \"newObject\": {}}");

    assertThat(f.rows().read()).isEqualTo(5);
    assertThat(f.rows().written()).isEqualTo(7);
    assertThat(f.capacityUnits()).isNull();
    assertThat(f.outcome()).isNull();
    assertThat(StatsFile.read(Path.of("no-such-file.json"))).isEmpty();
  }
}
