package io.tablestoreycsb.binding.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tablestoreycsb.mock.faults.FaultRule;
import io.tablestoreycsb.mock.faults.LatencyRule;
import io.tablestoreycsb.mock.journal.RecordedRequest;
import io.tablestoreycsb.mock.journal.RecordedRow;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * YCSB load and run phases through the binding, the real SDK and the mock over HTTP while the
 * mock injects faults: nothing is lost, and every fault the mock injected (as its request journal
 * shows them) is accounted for in the binding's report (as an SDK retry, a batch retry or an
 * error), none hidden.
 *
 * <p>Sizes: CI uses the defaults below; the full sizes are
 * {@code -Dreliability.batchrows=100000 -Dreliability.putrows=100000 -Dreliability.reads=100000}.
 */
class FaultToleranceTest {
  static final int BATCH_ROWS = Integer.getInteger("reliability.batchrows", 100_000);
  static final int PUT_ROWS = Integer.getInteger("reliability.putrows", 20_000);
  static final int READS = Integer.getInteger("reliability.reads", 20_000);

  @RegisterExtension
  static final MockFixture fx = MockFixture.perClass();

  private static Properties phase(String table, int rows, Path stats, String retry, String... extra) {
    Properties p = fx.phase(table, rows, stats, "tablestore.retry=" + retry,
        "fieldcount=5", "fieldlength=100", "fieldlengthdistribution=constant");
    return MockFixture.set(p, extra);
  }

  /**
   * 5% of batched rows and 5% of BatchWriteRow requests fail with OTSServerBusy. With retry=none
   * the binding sees (and counts) every one; with retry=sdk the SDK retries whole requests and the
   * binding counts those retries too.
   */
  @ParameterizedTest
  @ValueSource(strings = {"none", "sdk"})
  void batchLoadUnderThrottlingWritesEveryRowAndAccountsForEveryFault(String retry) throws Exception {
    String table = "batchbusy_" + retry;
    fx.createTable(table, "--partitions", "4");
    fx.mock.faultPlan().addFault(FaultRule.onRows(ActionName.BATCH_WRITE_ROW, ErrorCode.SERVER_BUSY, 0.05));
    fx.mock.faultPlan().addFault(FaultRule.of(ActionName.BATCH_WRITE_ROW, ErrorCode.SERVER_BUSY, 0.05));
    long injectedBefore = fx.mock.faultPlan().injectedFaults();
    Path stats = fx.file(table + ".json");
    String before = YcsbRun.report();

    YcsbRun.run(phase(table, BATCH_ROWS, stats, retry, "tablestore.batchsize=200", "tablestore.batchretries=50"), true, 4);
    long injected = fx.mock.faultPlan().injectedFaults() - injectedBefore;
    fx.mock.faultPlan().clear();

    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    // What the server did: faults it injected into whole requests and into rows, and the rows it wrote.
    List<RecordedRequest> batches = fx.receivedOnce(ActionName.BATCH_WRITE_ROW, table, json);
    List<RecordedRequest> refused = batches.stream().filter(RecordedRequest::injected).toList();
    long rowFaults = batches.stream().filter(RecordedRequest::succeeded)
        .mapToLong(b -> b.failedRows().stream().filter(RecordedRow::injected).count()).sum();
    long refusedRows = refused.stream().mapToLong(RecordedRequest::rowCount).sum();
    List<String> written = batches.stream().filter(RecordedRequest::succeeded).flatMap(b -> b.rows().stream())
        .filter(RecordedRow::succeeded).map(r -> r.key("userid")).toList();
    String server = "server: " + refused.size() + " requests refused (" + refusedRows + " rows), " + rowFaults
        + " row faults, " + written.size() + " rows written; binding: " + json;
    long lostAnswers = json.at("/sdkRetries/ClientException").asLong();
    assertThat(new HashSet<>(written)).as(server).hasSize(BATCH_ROWS);
    if (lostAnswers == 0) {
      assertThat(written).as(server).hasSize(BATCH_ROWS).doesNotHaveDuplicates();
    } else {
      // A lost answer to a request that wrote some rows and failed others (row faults) is resent whole by
      // the SDK: its written rows are written again (the same values), which receivedOnce cannot drop
      // without also dropping the resend's own row faults. At most a batch's rows per lost answer.
      assertThat((long) written.size() - BATCH_ROWS).as(server).isBetween(0L, lostAnswers * 200);
    }
    assertThat(fx.count(table)).as(server).isEqualTo(BATCH_ROWS);
    assertThat(json.at("/batch/rowsFailed").asLong()).isZero();
    assertThat(json.at("/rows/written").asLong()).isEqualTo(BATCH_ROWS);
    long seen = json.at("/errors/OTSServerBusy").asLong();
    long sdkRetried = json.at("/sdkRetries/OTSServerBusy").asLong();
    assertThat(injected).as(server).isPositive().isEqualTo(refused.size() + rowFaults);
    // A response lost to the SDK HTTP client's connection-lease race (the server answered, the client
    // reports "Connection closed" and the binding resends: sdkRetries.ClientException) carried faults
    // the client never read: at most one per row of its batch. Without such a loss the count is exact.
    long lostResponses = json.at("/sdkRetries/ClientException").asLong();
    assertThat(seen + sdkRetried).as("every injected fault is reported (responses lost: %d); %s", lostResponses, server)
        .isBetween(injected - lostResponses * 200, injected);
    if (lostResponses == 0) {
      assertThat(seen + sdkRetried).as("every injected fault is reported; %s", server).isEqualTo(injected);
    }
    assertThat(StatsJson.sum(json.get("errors"))).isEqualTo(seen);
    if (retry.equals("none")) {
      assertThat(sdkRetried).isZero();
      if (lostResponses == 0) {
        // Each row that failed is sent again by the binding, and so is each row of a refused request.
        assertThat(json.at("/batch/rowsRetried").asLong()).as(server).isEqualTo(rowFaults + refusedRows);
      }
    } else {
      // The SDK resends refused requests itself; the binding resends the rows that failed alone.
      assertThat(json.at("/batch/rowsRetried").asLong()).as(server).isGreaterThanOrEqualTo(seen);
    }

    String after = YcsbRun.report();
    long inserts = YcsbRun.metric(after, "INSERT", "Return=OK") - YcsbRun.metric(before, "INSERT", "Return=OK")
        + YcsbRun.metric(after, "INSERT", "Return=BATCHED_OK") - YcsbRun.metric(before, "INSERT", "Return=BATCHED_OK");
    assertThat(inserts).as("every insert succeeded in YCSB's output").isEqualTo(BATCH_ROWS);
    long batchOps = YcsbRun.metric(after, "BATCH_WRITE", "Operations") - YcsbRun.metric(before, "BATCH_WRITE", "Operations")
        + YcsbRun.metric(after, "BATCH_WRITE-FAILED", "Operations")
        - YcsbRun.metric(before, "BATCH_WRITE-FAILED", "Operations");
    assertThat(batchOps).as("each BatchWriteRow call is measured").isEqualTo(json.at("/requests/BatchWriteRow").asLong());
  }

  @Test
  void putRowLoadUnderThrottlingIsRetriedByTheSdkAndEveryRetryIsCounted() throws Exception {
    fx.createTable("putbusy", "--partitions", "4");
    fx.mock.faultPlan().addFault(FaultRule.of(ActionName.PUT_ROW, ErrorCode.SERVER_BUSY, 0.05));
    long injectedBefore = fx.mock.faultPlan().injectedFaults();
    Path stats = fx.file("putbusy.json");
    String before = YcsbRun.report();

    YcsbRun.run(phase("putbusy", PUT_ROWS, stats, "sdk"), true, 8);
    long injected = fx.mock.faultPlan().injectedFaults() - injectedBefore;
    fx.mock.faultPlan().clear();

    assertThat(fx.count("putbusy")).isEqualTo(PUT_ROWS);
    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    List<RecordedRequest> puts = fx.received(ActionName.PUT_ROW, "putbusy");
    long refused = puts.stream().filter(RecordedRequest::injected).count();
    assertThat(refused).isPositive().isEqualTo(injected);
    // Every refused PutRow was sent again by the SDK until it wrote its row; each row written once
    // (or twice, for a call whose answer the SDK's HTTP client lost: see receivedOnce).
    List<String> written = puts.stream().filter(RecordedRequest::succeeded).map(r -> r.rows().get(0).key("userid")).toList();
    assertThat(written.stream().distinct().count()).isEqualTo(PUT_ROWS);
    assertThat(written.size() - PUT_ROWS).isLessThanOrEqualTo(json.at("/sdkRetries/ClientException").asInt());
    assertThat(json.at("/sdkRetries/OTSServerBusy").asLong()).isEqualTo(refused);
    assertThat(json.get("errors").size()).isZero();
    assertThat(json.at("/requests/PutRow").asLong()).isEqualTo(PUT_ROWS);
    String after = YcsbRun.report();
    assertThat(YcsbRun.metric(after, "INSERT", "Return=OK") - YcsbRun.metric(before, "INSERT", "Return=OK"))
        .isEqualTo(PUT_ROWS);
  }

  /** Whole bursts of OTSPartitionUnavailable (every PutRow fails for a while) are ridden out by the SDK's retry. */
  @Test
  void putRowLoadRidesOutPartitionUnavailableBursts() throws Exception {
    fx.createTable("putbursts");
    Path stats = fx.file("putbursts.json");
    long injectedBefore = fx.mock.faultPlan().injectedFaults();
    AtomicBoolean loading = new AtomicBoolean(true);
    // The first burst is on before the load starts and lasts until it has failed a PutRow, so the
    // load always meets one however fast it runs; later bursts come and go on a timer.
    fx.mock.faultPlan().addFault(FaultRule.of(ActionName.PUT_ROW, ErrorCode.PARTITION_UNAVAILABLE, 1.0));
    Thread bursts = new Thread(() -> {
      try {
        while (loading.get() && fx.mock.faultPlan().injectedFaults() == injectedBefore) {
          Thread.sleep(1);
        }
        boolean on = true;
        while (loading.get()) {
          Thread.sleep(on ? 150 : 400);
          on = !on;
          fx.mock.faultPlan().addFault(FaultRule.of(ActionName.PUT_ROW, ErrorCode.PARTITION_UNAVAILABLE, on ? 1 : 0));
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "bursts");
    bursts.start();
    try {
      YcsbRun.run(phase("putbursts", PUT_ROWS / 4, stats, "sdk"), true, 8);
    } finally {
      loading.set(false);
      bursts.join();
    }
    long injected = fx.mock.faultPlan().injectedFaults() - injectedBefore;
    fx.mock.faultPlan().clear();

    assertThat(fx.count("putbursts")).isEqualTo(PUT_ROWS / 4);
    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    assertThat(injected).isPositive();
    assertThat(fx.received(ActionName.PUT_ROW, "putbursts").stream().filter(RecordedRequest::injected).count())
        .as("PutRows refused in bursts, as the server saw them").isEqualTo(injected);
    assertThat(json.at("/sdkRetries/OTSPartitionUnavailable").asLong()).isEqualTo(injected);
    assertThat(json.get("errors").size()).isZero();
  }

  /**
   * Reads with 1% OTSTimeout and 1% latency spikes: the run completes, and every timeout shows up
   * by its code, as an SDK retry (reads are retried) or, with retry=none, as an error YCSB counts.
   */
  @ParameterizedTest
  @ValueSource(strings = {"none", "sdk"})
  void readsWithTimeoutsAndLatencySpikesCompleteAndReportTimeoutsByCode(String retry) throws Exception {
    String table = "readtimeouts_" + retry;
    fx.createTable(table, "--partitions", "4");
    int rows = 2_000;
    YcsbRun.run(phase(table, rows, fx.file(table + "-load.json"), "none", "tablestore.batchsize=100"), true, 2);
    fx.mock.faultPlan().addFault(FaultRule.of(ActionName.GET_ROW, ErrorCode.TIMEOUT, 0.01));
    fx.mock.faultPlan().addLatency(LatencyRule.of(ActionName.GET_ROW, LatencyRule.spike(Duration.ofMillis(100), 0.01)));
    long injectedBefore = fx.mock.faultPlan().injectedFaults();
    Path stats = fx.file(table + ".json");
    String before = YcsbRun.report();

    Properties run = phase(table, rows, stats, retry);
    run.setProperty("operationcount", String.valueOf(READS));
    run.setProperty("readproportion", "1");
    run.setProperty("updateproportion", "0");
    run.setProperty("scanproportion", "0");
    run.setProperty("insertproportion", "0");
    run.setProperty("requestdistribution", "uniform");
    YcsbRun.run(run, false, 16);
    long injected = fx.mock.faultPlan().injectedFaults() - injectedBefore;
    fx.mock.faultPlan().clear();

    JsonNode json = new ObjectMapper().readTree(stats.toFile());
    String after = YcsbRun.report();
    long readOk = YcsbRun.metric(after, "READ", "Return=OK") - YcsbRun.metric(before, "READ", "Return=OK");
    long readUnavailable = YcsbRun.metric(after, "READ-FAILED", "Return=SERVICE_UNAVAILABLE")
        - YcsbRun.metric(before, "READ-FAILED", "Return=SERVICE_UNAVAILABLE")
        + YcsbRun.metric(after, "READ", "Return=SERVICE_UNAVAILABLE")
        - YcsbRun.metric(before, "READ", "Return=SERVICE_UNAVAILABLE");
    assertThat(injected).isPositive();
    List<RecordedRequest> reads = fx.received(ActionName.GET_ROW, table);
    assertThat(reads.stream().filter(RecordedRequest::injected).count()).isEqualTo(injected);
    assertThat(reads).as("reads the server held back by a latency spike").anySatisfy(
        r -> assertThat(r.delay()).isEqualTo(Duration.ofMillis(100)));
    long errors = json.at("/errors/OTSTimeout").asLong();
    long sdkRetried = json.at("/sdkRetries/OTSTimeout").asLong();
    assertThat(errors + sdkRetried).isEqualTo(injected);
    assertThat(readOk + readUnavailable).as("every read is in YCSB's output (binding errors %s, SDK retries %s)",
        json.get("errors"), json.get("sdkRetries")).isEqualTo(READS);
    assertThat(readUnavailable).as("failed reads are YCSB errors, not hidden").isEqualTo(errors);
    if (retry.equals("none")) {
      assertThat(errors).isEqualTo(injected);
    } else {
      assertThat(errors).isZero();
    }
  }
}
