package io.tablestoreycsb.binding.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tablestoreycsb.binding.KeyFormat;
import io.tablestoreycsb.binding.StatusMapping;
import io.tablestoreycsb.binding.TablestoreClient;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/** Batched inserts (BatchWriteRow) through YCSB's load phase, with and without failing rows. */
class BatchLoadTest {
  @RegisterExtension
  static final MockFixture fx = MockFixture.perClass();

  private static Properties load(String table, int rows, Path stats, String... extra) {
    Properties p = fx.props(extra);
    p.setProperty("table", table);
    p.setProperty("recordcount", String.valueOf(rows));
    p.setProperty("fieldcount", "5");
    p.setProperty("fieldlength", "100");
    p.setProperty("fieldlengthdistribution", "constant");
    p.setProperty("tablestore.batchsize", "200");
    p.setProperty("tablestore.statsfile", stats.toString());
    return p;
  }

  @Test
  void batchLoadOfTenThousandRowsIsCountedExactly() throws Exception {
    fx.createTable("batch10k", "--partitions", "4");
    Path stats = fx.file("batch10k.json");
    String before = YcsbRun.report();
    YcsbRun.run(load("batch10k", 10_000, stats), true, 4);

    assertThat(fx.count("batch10k")).isEqualTo(10_000);
    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    // 4 threads x 2,500 rows: 12 full batches and one of 100 rows each.
    assertThat(json.at("/requests/BatchWriteRow").asLong()).isEqualTo(52);
    assertThat(json.at("/requests/PutRow").asLong()).isZero();
    assertThat(json.at("/rows/written").asLong()).isEqualTo(10_000);
    assertThat(json.at("/capacityUnits/write").asLong()).isEqualTo(10_000);
    assertThat(json.at("/batch/rowsFailed").asLong()).isZero();

    String after = YcsbRun.report();
    assertThat(YcsbRun.metric(after, "BATCH_WRITE", "Operations")
        - YcsbRun.metric(before, "BATCH_WRITE", "Operations")).isEqualTo(52);
    assertThat(YcsbRun.metric(after, "BATCH_WRITE", "Return=OK")
        - YcsbRun.metric(before, "BATCH_WRITE", "Return=OK")).isEqualTo(52);
    long batched = YcsbRun.metric(after, "INSERT", "Return=BATCHED_OK") - YcsbRun.metric(before, "INSERT", "Return=BATCHED_OK");
    long ok = YcsbRun.metric(after, "INSERT", "Return=OK") - YcsbRun.metric(before, "INSERT", "Return=OK");
    assertThat(batched + ok).isEqualTo(10_000);
    assertThat(ok).isEqualTo(48); // the inserts that filled a batch; the 4 partial ones flush in cleanup
  }

  @Test
  void rowsFailingInsideBatchesAreRetriedUntilEveryRowIsWritten() throws Exception {
    fx.createTable("batchfaults", "--partitions", "4");
    fx.mock.faultPlan().addFault("BatchWriteRow.row=OTSServerBusy@0.05");
    Path stats = fx.file("batchfaults.json");
    YcsbRun.run(load("batchfaults", 10_000, stats, "tablestore.batchretries=10"), true, 4);
    fx.mock.faultPlan().clear();

    assertThat(fx.count("batchfaults")).isEqualTo(10_000);
    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    long retried = json.at("/batch/rowsRetried").asLong();
    // About 5% of 10,000 rows fail at least once.
    assertThat(retried).isBetween(300L, 900L);
    assertThat(json.at("/errors/OTSServerBusy").asLong()).isEqualTo(retried);
    assertThat(json.at("/batch/rowsFailed").asLong()).isZero();
    assertThat(json.at("/rows/written").asLong()).isEqualTo(10_000);
    assertThat(json.at("/requests/BatchWriteRow").asLong()).isGreaterThan(52);
  }

  @Test
  void rowsThatStillFailAreReportedByTheFlushingCallAndCounted() throws Exception {
    fx.createTable("batchlost");
    fx.mock.faultPlan().addFault("BatchWriteRow.row=OTSParameterInvalid@0.1");
    Path stats = fx.file("batchlost.json");
    TablestoreClient db = new TablestoreClient();
    db.setProperties(load("batchlost", 0, stats, "tablestore.batchsize=10"));
    db.init();
    int rows = 1_000;
    int failedCalls = 0;
    for (int i = 0; i < rows; i++) {
      Map<String, ByteIterator> v = new HashMap<>();
      v.put("field0", new StringByteIterator("v" + i));
      Status s = db.insert("batchlost", KeyFormat.key(i), v);
      if (i % 10 != 9) {
        assertThat(s).isEqualTo(Status.BATCHED_OK);
      } else if (!s.isOk()) {
        assertThat(s).isEqualTo(Status.BAD_REQUEST);
        failedCalls++;
      }
    }
    db.cleanup();
    fx.mock.faultPlan().clear();

    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    long lost = json.at("/batch/rowsFailed").asLong();
    assertThat(lost).isBetween(40L, 180L);
    assertThat(json.at("/batch/rowsRetried").asLong()).isZero(); // not a transient error
    assertThat(fx.count("batchlost")).isEqualTo(rows - lost);
    assertThat(json.at("/rows/written").asLong()).isEqualTo(rows - lost);
    assertThat(failedCalls).isPositive().isLessThanOrEqualTo((int) lost);
  }

  @Test
  void wholeRequestThrottlingIsRetriedForBatchesToo() throws Exception {
    fx.createTable("batchbusy");
    // 40 requests of 50 rows, each refused at 50%: the chance that none is refused is 2^-40.
    fx.mock.faultPlan().addFault("BatchWriteRow=OTSServerBusy@0.5");
    long injectedBefore = fx.mock.faultPlan().injectedFaults();
    Path stats = fx.file("batchbusy.json");
    Properties p = load("batchbusy", 2_000, stats, "tablestore.retry=none", "tablestore.batchretries=100");
    p.setProperty("tablestore.batchsize", "50");
    // retry=none: the SDK hands every refusal to the binding, which resends the whole batch.
    YcsbRun.run(p, true, 2);
    long injected = fx.mock.faultPlan().injectedFaults() - injectedBefore;
    fx.mock.faultPlan().clear();

    assertThat(fx.count("batchbusy")).isEqualTo(2_000);
    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    assertThat(injected).isPositive();
    assertThat(json.at("/errors/OTSServerBusy").asLong()).isEqualTo(injected);
    assertThat(json.at("/batch/rowsRetried").asLong()).isEqualTo(50 * injected);
    assertThat(json.at("/batch/rowsFailed").asLong()).isZero();
    assertThat(StatusMapping.isRetriableRowError("OTSServerBusy")).isTrue();
  }

}
