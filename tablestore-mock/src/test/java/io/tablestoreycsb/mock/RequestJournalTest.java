package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.BatchGetRowRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowResponse;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.Condition;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.MultiRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.PutRowResponse;
import com.alicloud.openservices.tablestore.model.RowExistenceExpectation;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import com.alicloud.openservices.tablestore.model.condition.SingleColumnValueCondition;
import io.tablestoreycsb.mock.faults.FaultPlan;
import io.tablestoreycsb.mock.faults.FaultRule;
import io.tablestoreycsb.mock.faults.LatencyRule;
import io.tablestoreycsb.mock.journal.RecordedCondition;
import io.tablestoreycsb.mock.journal.RecordedRequest;
import io.tablestoreycsb.mock.journal.RecordedRow;
import io.tablestoreycsb.mock.journal.RequestJournal;
import io.tablestoreycsb.mock.junit.MockTablestoreExtension;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import java.time.Duration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The request journal records what the mock served, as the server saw it: action, table, the
 * rows' keys with their own outcomes, the answer's code, request id, capacity units and delay.
 */
class RequestJournalTest {

  @RegisterExtension
  static MockTablestoreExtension tablestore = MockTablestoreExtension.withDefaults();

  private static SyncClient client;

  @BeforeAll
  static void createTables() {
    client = tablestore.newSyncClient(SdkClients.noRetry());
    createTable("users");
    createTable("orders");
  }

  @Test
  void aPutRowIsRecordedWithItsTableKeyCapacityUnitsAndTheRequestIdTheClientSaw(RequestJournal journal)
      throws Exception {
    PutRowResponse response = client.putRow(new PutRowRequest(put("users", "user1")));

    RecordedRequest put = journal.takeRequest();
    assertThat(put.action()).isEqualTo(ActionName.PUT_ROW);
    assertThat(put.table()).isEqualTo("users");
    assertThat(put.rows()).extracting(r -> r.key("userid")).containsExactly("user1");
    assertThat(put.succeeded()).isTrue();
    assertThat(put.httpStatus()).isEqualTo(200);
    assertThat(put.writeCu()).isEqualTo(1);
    assertThat(put.requestId()).isEqualTo(response.getRequestId());
  }

  @Test
  void aFailedRequestIsRecordedWithItsErrorAndTheRequestIdInTheClientsException(RequestJournal journal)
      throws Exception {
    TableStoreException thrown = org.junit.jupiter.api.Assertions.assertThrows(TableStoreException.class,
        () -> client.getRow(new GetRowRequest(criteria("no_such_table", "user1"))));

    RecordedRequest get = journal.takeRequest();
    assertThat(get.action()).isEqualTo(ActionName.GET_ROW);
    assertThat(get.table()).isEqualTo("no_such_table");
    assertThat(get.errorCode()).isEqualTo(ErrorCode.OBJECT_NOT_EXIST);
    assertThat(get.httpStatus()).isEqualTo(404);
    assertThat(get.injected()).isFalse();
    assertThat(get.requestId()).isEqualTo(thrown.getRequestId());
  }

  @Test
  void aBatchRecordsEveryRowInRequestOrderWithItsOwnOutcome(RequestJournal journal) throws Exception {
    client.putRow(new PutRowRequest(put("users", "exists")));
    BatchWriteRowRequest batch = new BatchWriteRowRequest();
    batch.addRowChange(put("users", "a"));
    RowPutChange mustExist = put("users", "absent");
    mustExist.setCondition(new Condition(RowExistenceExpectation.EXPECT_EXIST));
    batch.addRowChange(mustExist);
    batch.addRowChange(put("users", "b"));
    batch.addRowChange(put("orders", "o1"));
    batch.addRowChange(put("no_such_table", "x"));

    BatchWriteRowResponse response = client.batchWriteRow(batch);

    assertThat(response.getFailedRows()).hasSize(2);
    journal.takeRequest(); // the PutRow before the batch
    RecordedRequest recorded = journal.takeRequest();
    assertThat(recorded.action()).isEqualTo(ActionName.BATCH_WRITE_ROW);
    assertThat(recorded.succeeded()).as("the call succeeds; rows fail on their own").isTrue();
    assertThat(recorded.table()).as("a batch over several tables names no one table").isNull();
    // Rows are in the order the request carried them: the SDK groups them by table (in its map's order).
    assertThat(rowsOf(recorded, "users")).extracting(r -> r.key("userid"), RecordedRow::errorCode).containsExactly(
        tuple("a", null), tuple("absent", ErrorCode.CONDITION_CHECK_FAIL), tuple("b", null));
    assertThat(rowsOf(recorded, "orders")).extracting(r -> r.key("userid"), RecordedRow::errorCode)
        .containsExactly(tuple("o1", null));
    assertThat(rowsOf(recorded, "no_such_table")).as("a missing table's rows are not decoded")
        .extracting(RecordedRow::primaryKey, RecordedRow::errorCode).containsExactly(tuple(null, ErrorCode.OBJECT_NOT_EXIST));
    assertThat(recorded.writeCu()).as("the three rows written").isEqualTo(3);
    assertThat(recorded.failedRows()).hasSize(2);
  }

  @Test
  void writesAreRecordedWithTheirConditionsAndReadsWithNone(RequestJournal journal) throws Exception {
    RowPutChange insert = put("users", "cond");
    insert.setCondition(new Condition(RowExistenceExpectation.EXPECT_NOT_EXIST));
    client.putRow(new PutRowRequest(insert));
    RowPutChange compareAndSet = put("users", "cond");
    Condition onValue = new Condition(RowExistenceExpectation.EXPECT_EXIST);
    onValue.setColumnCondition(new SingleColumnValueCondition("field0", SingleColumnValueCondition.CompareOperator.EQUAL,
        ColumnValue.fromString("v")));
    compareAndSet.setCondition(onValue);
    client.putRow(new PutRowRequest(compareAndSet));
    BatchWriteRowRequest batch = new BatchWriteRowRequest();
    batch.addRowChange(put("users", "plain"));
    client.batchWriteRow(batch);
    client.getRow(new GetRowRequest(criteria("users", "cond")));

    assertThat(journal.takeRequest().rows()).extracting(RecordedRow::condition)
        .containsExactly(new RecordedCondition(RowExistenceExpectation.EXPECT_NOT_EXIST, false));
    assertThat(journal.takeRequest().rows()).extracting(RecordedRow::condition)
        .containsExactly(new RecordedCondition(RowExistenceExpectation.EXPECT_EXIST, true));
    assertThat(journal.takeRequest().rows()).extracting(RecordedRow::condition).containsExactly(RecordedCondition.NONE);
    assertThat(journal.takeRequest().rows()).extracting(RecordedRow::condition).containsExactly((RecordedCondition) null);
  }

  @Test
  void batchReadsRecordTheKeysTheyRead(RequestJournal journal) throws Exception {
    MultiRowQueryCriteria criteria = new MultiRowQueryCriteria("users");
    criteria.setMaxVersions(1);
    criteria.addRow(key("k1"));
    criteria.addRow(key("k2"));
    BatchGetRowRequest request = new BatchGetRowRequest();
    request.addMultiRowQueryCriteria(criteria);

    client.batchGetRow(request);

    assertThat(journal.takeRequest().rows()).extracting(r -> r.key("userid")).containsExactly("k1", "k2");
  }

  @Test
  void theRequestsKeptCanBeFilteredByAction(RequestJournal journal) {
    client.putRow(new PutRowRequest(put("users", "f1")));
    client.getRow(new GetRowRequest(criteria("users", "f1")));
    client.putRow(new PutRowRequest(put("orders", "f2")));

    assertThat(journal.requests(ActionName.PUT_ROW)).extracting(RecordedRequest::table).containsExactly("users", "orders");
    assertThat(journal.rows(ActionName.PUT_ROW)).extracting(r -> r.key("userid")).containsExactly("f1", "f2");
    assertThat(journal.requests(r -> !r.succeeded())).isEmpty();
    assertThat(journal.recordedCount()).isEqualTo(3);
  }

  @Test
  void injectedFaultsAreToldApartFromErrorsTheRequestEarned(FaultPlan faults, RequestJournal journal) throws Exception {
    faults.addFault(FaultRule.onRows(ActionName.BATCH_WRITE_ROW, ErrorCode.SERVER_BUSY, 1));
    faults.addFault(FaultRule.of(ActionName.PUT_ROW, ErrorCode.SERVER_BUSY, 1));
    BatchWriteRowRequest batch = new BatchWriteRowRequest();
    batch.addRowChange(put("users", "i1"));
    batch.addRowChange(put("users", "i2"));
    client.batchWriteRow(batch);
    assertThatThrownBy(() -> client.putRow(new PutRowRequest(put("users", "i3")))).isInstanceOf(TableStoreException.class);

    RecordedRequest batchRecorded = journal.takeRequest();
    assertThat(batchRecorded.failedRows()).extracting(r -> r.key("userid"), RecordedRow::errorCode, RecordedRow::injected)
        .containsExactly(tuple("i1", ErrorCode.SERVER_BUSY, true), tuple("i2", ErrorCode.SERVER_BUSY, true));
    RecordedRequest putRecorded = journal.takeRequest();
    assertThat(putRecorded.injected()).isTrue();
    assertThat(putRecorded.httpStatus()).isEqualTo(503);
    assertThat(putRecorded.rows()).as("the row the refused request named")
        .extracting(r -> r.key("userid"), RecordedRow::errorCode, RecordedRow::injected)
        .containsExactly(tuple("i3", ErrorCode.SERVER_BUSY, true));
  }

  @Test
  void theDelayTheAnswerWasHeldForIsRecorded(FaultPlan faults, RequestJournal journal) throws Exception {
    faults.addLatency(LatencyRule.of(ActionName.GET_ROW, Duration.ofMillis(20)));

    client.getRow(new GetRowRequest(criteria("users", "nobody")));

    RecordedRequest get = journal.takeRequest();
    assertThat(get.delay()).isEqualTo(Duration.ofMillis(20));
    assertThat(get.readCu()).as("a missing row still costs a read unit").isEqualTo(1);
  }

  @Test
  void takingARequestThatNeverComesFailsWithTheCounts(RequestJournal journal) {
    assertThatThrownBy(() -> journal.takeRequest(Duration.ofMillis(50)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("no request arrived within 50 ms");
  }

  @Test
  void pastItsCapacityTheOldestRequestsAreDroppedCountedAndReportedWhenTaken() throws Exception {
    try (MockTablestore small = MockTablestore.builder().journalCapacity(3).start()) {
      SyncClient c = SdkClients.sync(small);
      try {
        TableMeta meta = new TableMeta("t");
        meta.addPrimaryKeyColumn("userid", PrimaryKeyType.STRING);
        c.createTable(new CreateTableRequest(meta, new TableOptions(-1, 1)));
        for (int i = 0; i < 5; i++) {
          c.putRow(new PutRowRequest(put("t", "u" + i)));
        }
        RequestJournal journal = small.journal();

        assertThat(journal.recordedCount()).isEqualTo(6);
        assertThat(journal.droppedCount()).isEqualTo(3);
        assertThat(journal.requests()).extracting(r -> r.rows().get(0).key("userid")).containsExactly("u2", "u3", "u4");
        assertThatThrownBy(journal::takeRequest).hasMessageContaining("3 request(s) not yet taken were dropped")
            .hasMessageContaining("capacity of 3 rows");
        assertThat(journal.takeRequest().rows().get(0).key("userid")).isEqualTo("u2");
      } finally {
        c.shutdown();
      }
    }
  }

  @Test
  void aJournalThatIsOffRecordsNothingAndSaysSo() {
    try (MockTablestore off = MockTablestore.builder().journalCapacity(0).start()) {
      SyncClient c = SdkClients.sync(off);
      try {
        c.listTable();
        assertThatThrownBy(() -> off.journal().requests())
            .isInstanceOf(IllegalStateException.class)
            .hasMessageContaining("journal is off");
      } finally {
        c.shutdown();
      }
    }
  }

  private static java.util.List<RecordedRow> rowsOf(RecordedRequest request, String table) {
    return request.rows().stream().filter(r -> r.table().equals(table)).toList();
  }

  private static void createTable(String name) {
    TableMeta meta = new TableMeta(name);
    meta.addPrimaryKeyColumn("userid", PrimaryKeyType.STRING);
    client.createTable(new CreateTableRequest(meta, new TableOptions(-1, 1)));
  }

  private static PrimaryKey key(String userid) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder()
        .addPrimaryKeyColumn("userid", PrimaryKeyValue.fromString(userid)).build();
  }

  private static RowPutChange put(String table, String userid) {
    RowPutChange change = new RowPutChange(table, key(userid));
    change.addColumn("field0", ColumnValue.fromString("v"));
    return change;
  }

  private static SingleRowQueryCriteria criteria(String table, String userid) {
    SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(table, key(userid));
    criteria.setMaxVersions(1);
    return criteria;
  }
}
