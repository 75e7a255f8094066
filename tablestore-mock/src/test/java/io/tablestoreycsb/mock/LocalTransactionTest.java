package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.AbortTransactionRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowResponse;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.CommitTransactionRequest;
import com.alicloud.openservices.tablestore.model.Condition;
import com.alicloud.openservices.tablestore.model.DeleteRowRequest;
import com.alicloud.openservices.tablestore.model.Direction;
import com.alicloud.openservices.tablestore.model.GetRangeRequest;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RangeRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.Row;
import com.alicloud.openservices.tablestore.model.RowDeleteChange;
import com.alicloud.openservices.tablestore.model.RowExistenceExpectation;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.RowUpdateChange;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.StartLocalTransactionRequest;
import com.alicloud.openservices.tablestore.model.UpdateRowRequest;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import java.time.Duration;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Local transactions through the real SyncClient, as the Python SDK's own transaction tests use
 * them: writes in a transaction are seen by its reads and by no one else until the commit; an
 * abort drops them; the partition key is locked meanwhile; the service's errors for ids and keys.
 */
class LocalTransactionTest {
  /** Primary key: PK0 (INTEGER, partition key), PK1 (STRING); local transactions enabled. */
  private static final String TABLE = "TransactionTable";
  /** Of the mock in the time-out test only: the others keep the service's 60 s, so a slow machine cannot time them out. */
  private static final Duration SHORT_IDLE_TIMEOUT = Duration.ofMillis(300);

  @RegisterExtension
  static final MockFixture fx = MockFixture.withTables(table(TABLE).localTransactions(),
      table("no_transactions"));

  @Test
  void aPutIsSeenInItsTransactionOnlyUntilTheCommit() {
    put(null, 1, "put", "origin value");
    String txn = begin(1);

    put(txn, 1, "put", "new value");

    assertThat(value(txn, 1, "put")).isEqualTo("new value");
    assertThat(value(null, 1, "put")).isEqualTo("origin value");
    fx.client().commitTransaction(new CommitTransactionRequest(txn));
    assertThat(value(null, 1, "put")).isEqualTo("new value");
  }

  @Test
  void anAbortDropsUpdatesAndBatchWrites() {
    put(null, 2, "update", "origin value");
    String txn = begin(2);
    RowUpdateChange update = new RowUpdateChange(TABLE, key(2, "update"));
    update.put("value", ColumnValue.fromString("updated"));
    UpdateRowRequest updateRequest = new UpdateRowRequest(update);
    updateRequest.setTransactionId(txn);
    fx.client().updateRow(updateRequest);
    BatchWriteRowRequest batch = new BatchWriteRowRequest();
    batch.addRowChange(new RowPutChange(TABLE, key(2, "batch")).addColumn("value", ColumnValue.fromString("batch value")));
    batch.setTransactionId(txn);
    BatchWriteRowResponse batchResponse = fx.client().batchWriteRow(batch);
    assertThat(batchResponse.isAllSucceed()).isTrue();
    assertThat(value(txn, 2, "update")).isEqualTo("updated");
    assertThat(value(txn, 2, "batch")).isEqualTo("batch value");

    fx.client().abortTransaction(new AbortTransactionRequest(txn));

    assertThat(value(null, 2, "update")).isEqualTo("origin value");
    assertThat(get(null, 2, "batch")).isNull();
  }

  @Test
  void aDeleteHidesTheRowFromTheTransactionsRangeOnlyAndConditionsSeeTheTransactionsRows() {
    put(null, 3, "a", "x");
    put(null, 3, "b", "y");
    String txn = begin(3);
    DeleteRowRequest delete = new DeleteRowRequest(new RowDeleteChange(TABLE, key(3, "a")));
    delete.setTransactionId(txn);
    fx.client().deleteRow(delete);
    RowPutChange added = new RowPutChange(TABLE, key(3, "c")).addColumn("value", ColumnValue.fromString("z"));
    added.setCondition(new Condition(RowExistenceExpectation.EXPECT_NOT_EXIST));
    put(txn, added);
    RowPutChange replaced = new RowPutChange(TABLE, key(3, "c")).addColumn("value", ColumnValue.fromString("z2"));
    replaced.setCondition(new Condition(RowExistenceExpectation.EXPECT_EXIST)); // exists in the transaction only
    put(txn, replaced);

    assertThat(range(txn, 3)).containsExactly("b=y", "c=z2");
    assertThat(range(null, 3)).containsExactly("a=x", "b=y");
    fx.client().commitTransaction(new CommitTransactionRequest(txn));
    assertThat(range(null, 3)).containsExactly("b=y", "c=z2");
  }

  @Test
  void theTransactionLocksItsPartitionKeyAgainstOtherWritersAndTransactions() {
    String txn = begin(4);

    assertError(() -> put(null, 4, "outside", "v"), "OTSRowOperationConflict", "is locked by a local transaction");
    assertError(() -> begin(4), "OTSRowOperationConflict", "is locked by a local transaction");
    BatchWriteRowRequest batch = new BatchWriteRowRequest();
    batch.addRowChange(new RowPutChange(TABLE, key(4, "batch")).addColumn("value", ColumnValue.fromString("v")));
    assertThat(fx.client().batchWriteRow(batch).getFailedRows()).singleElement()
        .satisfies(r -> assertThat(r.getError().getCode()).isEqualTo("OTSRowOperationConflict"));
    put(null, 5, "other", "v"); // another partition key is not locked
    fx.client().commitTransaction(new CommitTransactionRequest(txn));
    put(null, 4, "outside", "v");
    fx.client().abortTransaction(new AbortTransactionRequest(begin(4)));
  }

  @Test
  void transactionIdsAndKeysAreCheckedWithTheServicesCodes() {
    String txn = begin(6);

    assertError(() -> put("not existed transaction id", 6, "a", "v"), "OTSParameterInvalid", "TransactionID is invalid.");
    assertError(() -> put(txn, 7, "a", "v"), "OTSDataOutOfRange", "not in the partition key of transaction " + txn);
    assertError(() -> range(txn, 7), "OTSDataOutOfRange", "inclusive_start_primary_key");
    fx.client().commitTransaction(new CommitTransactionRequest(txn));
    assertError(() -> put(txn, 6, "a", "v"), "OTSSessionNotExist", "Transaction " + txn + " does not exist");
    assertError(() -> fx.client().commitTransaction(new CommitTransactionRequest(txn)), "OTSSessionNotExist", "does not exist");
    assertError(() -> fx.client().startLocalTransaction(new StartLocalTransactionRequest("no_transactions", partitionKey(6))),
        "OTSParameterInvalid", "Local transactions are not enabled on table no_transactions");
  }

  @Test
  void anIdleTransactionIsAbortedAndUnlocksItsPartitionKey() throws Exception {
    try (MockTablestore shortTimeout = MockTablestore.builder().localTransactionIdleTimeout(SHORT_IDLE_TIMEOUT).start()) {
      SyncClient shortClient = SdkClients.sync(shortTimeout);
      try {
        table(TABLE).localTransactions().create(shortTimeout, shortClient);
        String txn = shortClient.startLocalTransaction(new StartLocalTransactionRequest(TABLE, partitionKey(8)))
            .getTransactionID();
        PutRowRequest inTransaction = new PutRowRequest(new RowPutChange(TABLE, key(8, "a"))
            .addColumn("value", ColumnValue.fromString("never committed")));
        inTransaction.setTransactionId(txn);
        shortClient.putRow(inTransaction);

        Thread.sleep(SHORT_IDLE_TIMEOUT.toMillis() * 3);

        assertError(() -> shortClient.commitTransaction(new CommitTransactionRequest(txn)), "OTSSessionNotExist",
            "does not exist");
        shortClient.putRow(new PutRowRequest(new RowPutChange(TABLE, key(8, "b"))
            .addColumn("value", ColumnValue.fromString("after the time-out"))));
        SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(TABLE, key(8, "a"));
        criteria.setMaxVersions(1);
        assertThat(shortClient.getRow(new GetRowRequest(criteria)).getRow()).isNull();
      } finally {
        shortClient.shutdown();
      }
    }
  }

  /** Primary key PK0 (INTEGER, partition key), PK1 (STRING). */
  private static TableSpec table(String name) {
    return TableSpec.named(name).key("PK0", PrimaryKeyType.INTEGER).key("PK1", PrimaryKeyType.STRING);
  }

  private static String begin(long pk0) {
    return fx.client().startLocalTransaction(new StartLocalTransactionRequest(TABLE, partitionKey(pk0))).getTransactionID();
  }

  private static void put(String txn, long pk0, String pk1, String value) {
    put(txn, new RowPutChange(TABLE, key(pk0, pk1)).addColumn("value", ColumnValue.fromString(value)));
  }

  private static void put(String txn, RowPutChange change) {
    PutRowRequest request = new PutRowRequest(change);
    if (txn != null) {
      request.setTransactionId(txn);
    }
    fx.client().putRow(request);
  }

  private static String value(String txn, long pk0, String pk1) {
    Row row = get(txn, pk0, pk1);
    assertThat(row).as("row %d/%s", pk0, pk1).isNotNull();
    return row.getLatestColumn("value").getValue().asString();
  }

  private static Row get(String txn, long pk0, String pk1) {
    SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(TABLE, key(pk0, pk1));
    criteria.setMaxVersions(1);
    GetRowRequest request = new GetRowRequest(criteria);
    if (txn != null) {
      request.setTransactionId(txn);
    }
    return fx.client().getRow(request).getRow();
  }

  /** The rows of partition key {@code pk0} as "PK1=value". */
  private static List<String> range(String txn, long pk0) {
    RangeRowQueryCriteria criteria = new RangeRowQueryCriteria(TABLE);
    criteria.setInclusiveStartPrimaryKey(PrimaryKeyBuilder.createPrimaryKeyBuilder()
        .addPrimaryKeyColumn("PK0", PrimaryKeyValue.fromLong(pk0)).addPrimaryKeyColumn("PK1", PrimaryKeyValue.INF_MIN).build());
    criteria.setExclusiveEndPrimaryKey(PrimaryKeyBuilder.createPrimaryKeyBuilder()
        .addPrimaryKeyColumn("PK0", PrimaryKeyValue.fromLong(pk0)).addPrimaryKeyColumn("PK1", PrimaryKeyValue.INF_MAX).build());
    criteria.setDirection(Direction.FORWARD);
    criteria.setMaxVersions(1);
    GetRangeRequest request = new GetRangeRequest(criteria);
    if (txn != null) {
      request.setTransactionId(txn);
    }
    return fx.client().getRange(request).getRows().stream()
        .map(r -> r.getPrimaryKey().getPrimaryKeyColumn("PK1").getValue().asString() + "="
            + r.getLatestColumn("value").getValue().asString())
        .toList();
  }

  private static PrimaryKey partitionKey(long pk0) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("PK0", PrimaryKeyValue.fromLong(pk0)).build();
  }

  private static PrimaryKey key(long pk0, String pk1) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("PK0", PrimaryKeyValue.fromLong(pk0))
        .addPrimaryKeyColumn("PK1", PrimaryKeyValue.fromString(pk1)).build();
  }

  private static void assertError(ThrowingCallable call, String code, String messagePart) {
    assertThatThrownBy(call).isInstanceOfSatisfying(TableStoreException.class, e -> {
      assertThat(e.getErrorCode()).isEqualTo(code);
      assertThat(e.getMessage()).contains(messagePart);
    });
  }
}
