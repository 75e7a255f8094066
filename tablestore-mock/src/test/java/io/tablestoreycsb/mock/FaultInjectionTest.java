package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowResponse;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import io.tablestoreycsb.mock.faults.FaultRule;
import io.tablestoreycsb.mock.faults.LatencyRule;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/**
 * The request pipeline consults the fault plan: request faults, per-row faults in batches,
 * scheduled latency and per-partition capacity, configured on the builder or changed at run time.
 */
class FaultInjectionTest {

  @Test
  void aRequestFaultFromTheBuilderFailsTheRequestWithItsCodeAndDoesNotExecuteIt() {
    try (MockTablestore mock = MockTablestore.builder().fault(FaultRule.of(ActionName.PUT_ROW, ErrorCode.SERVER_BUSY, 1)).start()) {
      SyncClient client = SdkClients.sync(mock);
      try {
        createTable(client, "faulty");

        assertThatThrownBy(() -> put(client, "faulty", "k"))
            .isInstanceOfSatisfying(TableStoreException.class, e -> {
              assertThat(e.getErrorCode()).isEqualTo("OTSServerBusy");
              assertThat(e.getHttpStatus()).isEqualTo(503);
            });
        assertThat(get(client, "faulty", "k")).isFalse();
      } finally {
        client.shutdown();
      }
    }
  }

  @Test
  void rowFaultsFailRowsInsideABatchWithoutFailingTheCall() {
    try (MockTablestore mock = MockTablestore.builder().fault(FaultRule.onRows(ActionName.BATCH_WRITE_ROW, ErrorCode.SERVER_BUSY, 1)).start()) {
      SyncClient client = SdkClients.sync(mock);
      try {
        createTable(client, "rows");
        BatchWriteRowRequest batch = new BatchWriteRowRequest();
        for (int i = 0; i < 3; i++) {
          batch.addRowChange(change("rows", "k" + i));
        }

        BatchWriteRowResponse response = client.batchWriteRow(batch);

        assertThat(response.getFailedRows()).hasSize(3)
            .allSatisfy(r -> assertThat(r.getError().getCode()).isEqualTo("OTSServerBusy"));
        assertThat(get(client, "rows", "k0")).isFalse();
      } finally {
        client.shutdown();
      }
    }
  }

  @Test
  void theFaultPlanChangesAtRunTime() {
    try (MockTablestore mock = MockTablestore.builder().start()) {
      SyncClient client = SdkClients.sync(mock);
      try {
        createTable(client, "live");
        put(client, "live", "before");

        mock.faultPlan().addFault(FaultRule.of(ActionName.PUT_ROW, ErrorCode.PARTITION_UNAVAILABLE, 1));
        assertThatThrownBy(() -> put(client, "live", "during"))
            .isInstanceOfSatisfying(TableStoreException.class, e -> assertThat(e.getErrorCode()).isEqualTo("OTSPartitionUnavailable"));

        mock.faultPlan().clear();
        put(client, "live", "after");
        assertThat(get(client, "live", "after")).isTrue();
      } finally {
        client.shutdown();
      }
    }
  }

  @Test
  void addedLatencyDelaysTheResponse() {
    try (MockTablestore mock = MockTablestore.builder().latency(LatencyRule.of(ActionName.GET_ROW, Duration.ofMillis(300))).start()) {
      SyncClient client = SdkClients.sync(mock);
      try {
        createTable(client, "slow");
        put(client, "slow", "k");

        long started = System.nanoTime();
        boolean found = get(client, "slow", "k");
        long elapsedMillis = (System.nanoTime() - started) / 1_000_000;

        assertThat(found).isTrue();
        assertThat(elapsedMillis).isGreaterThanOrEqualTo(300);
      } finally {
        client.shutdown();
      }
    }
  }

  @Test
  void aPartitionsCapacityQueuesRowsBeyondIt() throws Exception {
    try (MockTablestore mock = MockTablestore.builder().partitionCapacity(1000).start()) {
      SyncClient client = SdkClients.sync(mock);
      try {
        splitAtM("capped").create(mock);

        long started = System.nanoTime();
        for (int round = 0; round < 3; round++) {
          BatchWriteRowRequest batch = new BatchWriteRowRequest();
          for (int i = 0; i < 200; i++) {
            batch.addRowChange(change("capped", "a" + round + "-" + i)); // all in the first partition
          }
          assertThat(client.batchWriteRow(batch).isAllSucceed()).isTrue();
        }
        long elapsedMillis = (System.nanoTime() - started) / 1_000_000;

        // 600 rows in three requests on one 1000 rows/s partition: 3 x (0.5 + 200 x 0.5) = 301.5 ms of
        // its time (PartitionCapacity), less the 10 ms burst.
        assertThat(elapsedMillis).isGreaterThanOrEqualTo(290);
      } finally {
        client.shutdown();
      }
    }
  }

  @Test
  void theMockReportsHowBusyEachPartitionWasAndTheLatencyItInjected() throws Exception {
    try (MockTablestore mock = MockTablestore.builder().partitionCapacity(1000)
        .latency(LatencyRule.of(ActionName.GET_ROW, Duration.ofMillis(30))).start()) {
      SyncClient client = SdkClients.sync(mock);
      try {
        splitAtM("seen").create(mock);
        for (int round = 0; round < 3; round++) {
          BatchWriteRowRequest batch = new BatchWriteRowRequest();
          for (int i = 0; i < 200; i++) {
            batch.addRowChange(change("seen", "a" + round + "-" + i)); // all in the first partition
          }
          assertThat(client.batchWriteRow(batch).isAllSucceed()).isTrue();
        }
        put(client, "seen", "z"); // the second partition, once
        assertThat(get(client, "seen", "z")).isTrue();

        String load = loadReport(mock);

        // Each batch is one reservation of 200 rows: (0.5 + 200 x 0.5) ms of the partition's time; the
        // second partition served a PutRow and a GetRow, 1 ms each. Responses waited for the rows queued
        // before theirs.
        assertThat(load).startsWith("{\"monotonicNanos\":").contains("\"processCpuNanos\":")
            .contains("\"seen\":{\"0\":{\"reservations\":3,\"rows\":600,\"busyNanos\":301500000,\"waitedNanos\":")
            .contains("\"1\":{\"reservations\":2,\"rows\":2,\"busyNanos\":2000000,\"waitedNanos\":")
            .contains("\"injectedLatency\":{\"GetRow\":{\"requests\":1,\"nanos\":30000000}}");
        // The counters only grow: a reader divides two readings' differences by the time between them.
        String later = loadReport(mock);
        assertThat(later).contains("\"busyNanos\":301500000");
      } finally {
        client.shutdown();
      }
    }
  }

  /** A table of two partitions: keys before "m", and from "m" on. */
  private static TableSpec splitAtM(String table) {
    return TableSpec.named(table).key("userid", PrimaryKeyType.STRING).splitAt("m");
  }


  /** What {@code GET /mock/load} answers. */
  private static String loadReport(MockTablestore mock) throws Exception {
    java.net.http.HttpResponse<String> answer = java.net.http.HttpClient.newHttpClient().send(
        java.net.http.HttpRequest.newBuilder(java.net.URI.create(mock.endpoint() + "/mock/load")).GET().build(),
        java.net.http.HttpResponse.BodyHandlers.ofString());
    assertThat(answer.statusCode()).isEqualTo(200);
    assertThat(answer.headers().firstValue("Content-Type")).hasValue("application/json");
    return answer.body();
  }

  private static void createTable(SyncClient client, String table) {
    TableMeta meta = new TableMeta(table);
    meta.addPrimaryKeyColumn("userid", PrimaryKeyType.STRING);
    client.createTable(new CreateTableRequest(meta, new TableOptions(-1, 1)));
  }

  private static PrimaryKey key(String userid) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("userid", PrimaryKeyValue.fromString(userid)).build();
  }

  private static RowPutChange change(String table, String userid) {
    RowPutChange change = new RowPutChange(table, key(userid));
    change.addColumn("field0", ColumnValue.fromString("v"));
    return change;
  }

  private static void put(SyncClient client, String table, String userid) {
    client.putRow(new PutRowRequest(change(table, userid)));
  }

  private static boolean get(SyncClient client, String table, String userid) {
    SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(table, key(userid));
    criteria.setMaxVersions(1);
    return client.getRow(new GetRowRequest(criteria)).getRow() != null;
  }
}
