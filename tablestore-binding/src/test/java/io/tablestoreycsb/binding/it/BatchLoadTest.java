package io.tablestoreycsb.binding.it;

import static io.tablestoreycsb.binding.it.MockFixture.keys;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tablestoreycsb.binding.TablestoreClient;
import io.tablestoreycsb.binding.config.KeyFormat;
import io.tablestoreycsb.mock.faults.FaultRule;
import io.tablestoreycsb.mock.journal.RecordedRequest;
import io.tablestoreycsb.mock.journal.RecordedRow;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.StringByteIterator;

/**
 * Batched inserts (BatchWriteRow) through YCSB's load phase, with and without failing rows: what
 * the server received (its request journal) and what the binding reports of it.
 */
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
    // What the server received: 4 threads x 2,500 rows, 12 full batches and one of 100 rows each,
    // every key exactly once and no single-row writes.
    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    List<RecordedRequest> batches = fx.receivedOnce(ActionName.BATCH_WRITE_ROW, "batch10k", json);
    assertThat(batches.stream().collect(Collectors.groupingBy(RecordedRequest::rowCount, Collectors.counting())))
        .containsOnly(entry(200, 48L), entry(100, 4L));
    assertThat(keys(batches)).hasSize(10_000).doesNotHaveDuplicates();
    assertThat(batches).allSatisfy(b -> assertThat(b.failedRows()).isEmpty());
    assertThat(fx.received(ActionName.PUT_ROW, "batch10k")).isEmpty();
    // The binding's own report agrees with it.
    assertThat(json.at("/requests/BatchWriteRow").asLong()).isEqualTo(batches.size());
    assertThat(json.at("/requests/PutRow").asLong()).isZero();
    assertThat(json.at("/rows/written").asLong()).isEqualTo(10_000);
    assertThat(json.at("/capacityUnits/write").asLong()).isEqualTo(batches.stream().mapToLong(RecordedRequest::writeCu).sum());
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
    fx.mock.faultPlan().addFault(FaultRule.onRows(ActionName.BATCH_WRITE_ROW, ErrorCode.SERVER_BUSY, 0.05));
    Path stats = fx.file("batchfaults.json");
    YcsbRun.run(load("batchfaults", 10_000, stats, "tablestore.batchretries=10"), true, 4);
    fx.mock.faultPlan().clear();

    assertThat(fx.count("batchfaults")).isEqualTo(10_000);
    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    List<RecordedRequest> batches = fx.receivedOnce(ActionName.BATCH_WRITE_ROW, "batchfaults", json);
    List<RecordedRow> rowsFailed = batches.stream().flatMap(b -> b.failedRows().stream()).toList();
    // About 5% of the rows sent fail (a retried row may fail again).
    assertThat(rowsFailed).hasSizeBetween(300, 900)
        .allSatisfy(r -> assertThat(r.errorCode()).isEqualTo(ErrorCode.SERVER_BUSY));
    // Every row that failed was sent again until it was written, and no row was written twice.
    List<String> written = batches.stream().flatMap(b -> b.rows().stream()).filter(RecordedRow::succeeded)
        .map(r -> r.key("userid")).toList();
    assertThat(written).hasSize(10_000).doesNotHaveDuplicates()
        .containsAll(rowsFailed.stream().map(r -> r.key("userid")).toList());
    // The binding's report counts what the server did.
    assertThat(json.at("/batch/rowsRetried").asLong()).isEqualTo(rowsFailed.size());
    assertThat(json.at("/errors/OTSServerBusy").asLong()).isEqualTo(rowsFailed.size());
    assertThat(json.at("/batch/rowsFailed").asLong()).isZero();
    assertThat(json.at("/rows/written").asLong()).isEqualTo(10_000);
    assertThat(json.at("/requests/BatchWriteRow").asLong()).isEqualTo(batches.size());
  }

  @Test
  void rowsThatStillFailAreReportedByTheFlushingCallAndCounted() throws Exception {
    fx.createTable("batchlost");
    fx.mock.faultPlan().addFault(FaultRule.onRows(ActionName.BATCH_WRITE_ROW, ErrorCode.PARAMETER_INVALID, 0.1));
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

    // The rows the server refused are the rows lost: a parameter error is not sent again.
    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    List<RecordedRequest> batches = fx.receivedOnce(ActionName.BATCH_WRITE_ROW, "batchlost", json);
    List<String> refused = batches.stream().flatMap(b -> b.failedRows().stream())
        .peek(r -> assertThat(r.errorCode()).isEqualTo(ErrorCode.PARAMETER_INVALID))
        .map(r -> r.key("userid")).toList();
    assertThat(refused).hasSizeBetween(40, 180).doesNotHaveDuplicates();
    assertThat(keys(batches)).as("each row sent once").hasSize(rows).doesNotHaveDuplicates();
    assertThat(json.at("/batch/rowsFailed").asLong()).isEqualTo(refused.size());
    assertThat(json.at("/batch/rowsRetried").asLong()).isZero();
    assertThat(fx.count("batchlost")).isEqualTo(rows - refused.size());
    assertThat(json.at("/rows/written").asLong()).isEqualTo(rows - refused.size());
    assertThat(failedCalls).isPositive().isLessThanOrEqualTo(refused.size());
  }

  @Test
  void wholeRequestThrottlingIsRetriedForBatchesToo() throws Exception {
    fx.createTable("batchbusy");
    // 40 requests of 50 rows, each refused at 50%: the chance that none is refused is 2^-40.
    fx.mock.faultPlan().addFault(FaultRule.of(ActionName.BATCH_WRITE_ROW, ErrorCode.SERVER_BUSY, 0.5));
    Path stats = fx.file("batchbusy.json");
    Properties p = load("batchbusy", 2_000, stats, "tablestore.retry=none", "tablestore.batchretries=100");
    p.setProperty("tablestore.batchsize", "50");
    // retry=none: the SDK hands every refusal to the binding, which resends the whole batch.
    YcsbRun.run(p, true, 2);
    fx.mock.faultPlan().clear();

    assertThat(fx.count("batchbusy")).isEqualTo(2_000);
    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    List<RecordedRequest> batches = fx.receivedOnce(ActionName.BATCH_WRITE_ROW, "batchbusy", json);
    List<RecordedRequest> refused = batches.stream().filter(b -> !b.succeeded()).toList();
    assertThat(refused).isNotEmpty().allSatisfy(b -> {
      assertThat(b.errorCode()).isEqualTo(ErrorCode.SERVER_BUSY);
      assertThat(b.injected()).isTrue();
    });
    // Each refused batch is sent again whole: 40 batches of 50 rows get through, each row once.
    List<RecordedRequest> accepted = batches.stream().filter(RecordedRequest::succeeded).toList();
    assertThat(accepted).hasSize(40).allSatisfy(b -> assertThat(b.rowCount()).isEqualTo(50));
    assertThat(keys(accepted)).hasSize(2_000).doesNotHaveDuplicates();
    assertThat(keys(refused)).as("the rows refused are among those accepted later").isSubsetOf(keys(accepted));
    assertThat(json.at("/errors/OTSServerBusy").asLong()).isEqualTo(refused.size());
    assertThat(json.at("/batch/rowsRetried").asLong()).isEqualTo(refused.stream().mapToLong(RecordedRequest::rowCount).sum());
    assertThat(json.at("/batch/rowsFailed").asLong()).isZero();
  }

}
