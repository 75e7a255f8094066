package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowResponse;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.Condition;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.Row;
import com.alicloud.openservices.tablestore.model.RowDeleteChange;
import com.alicloud.openservices.tablestore.model.RowExistenceExpectation;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.RowUpdateChange;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** BatchWriteRow with {@code isAtomic} through the real SyncClient: one partition key per table, all rows or none. */
class AtomicBatchWriteTest {
  /** Primary key: account (STRING, partition key), entry (INTEGER). */
  private static final String LEDGER = "ledger";

  @RegisterExtension
  static final MockFixture fx = MockFixture.withTables(
      TableSpec.named(LEDGER).key("account", PrimaryKeyType.STRING).key("entry", PrimaryKeyType.INTEGER));

  @Test
  void rowsOfOnePartitionKeyAreAllWritten() {
    put("a1", 0, "opening");
    BatchWriteRowRequest batch = atomic();
    batch.addRowChange(put(new RowPutChange(LEDGER, key("a1", 1)), "one"));
    RowUpdateChange update = new RowUpdateChange(LEDGER, key("a1", 2));
    update.put("amount", ColumnValue.fromString("two"));
    batch.addRowChange(update);
    batch.addRowChange(new RowDeleteChange(LEDGER, key("a1", 0)));

    BatchWriteRowResponse response = fx.client().batchWriteRow(batch);

    assertThat(response.isAllSucceed()).isTrue();
    assertThat(amount("a1", 1)).isEqualTo("one");
    assertThat(amount("a1", 2)).isEqualTo("two");
    assertThat(get("a1", 0)).isNull();
  }

  @Test
  void oneFailedConditionLeavesEveryRowAsItWas() {
    put("a2", 1, "kept");
    BatchWriteRowRequest batch = atomic();
    batch.addRowChange(put(new RowPutChange(LEDGER, key("a2", 2)), "new"));
    RowPutChange mustBeNew = put(new RowPutChange(LEDGER, key("a2", 1)), "overwritten");
    mustBeNew.setCondition(new Condition(RowExistenceExpectation.EXPECT_NOT_EXIST));
    batch.addRowChange(mustBeNew);
    batch.addRowChange(new RowDeleteChange(LEDGER, key("a2", 3)));

    BatchWriteRowResponse response = fx.client().batchWriteRow(batch);

    assertThat(response.getFailedRows()).hasSize(3);
    BatchWriteRowResponse.RowResult failed = response.getRowStatus(LEDGER).get(1);
    assertThat(failed.getError().getCode()).isEqualTo("OTSConditionCheckFail");
    BatchWriteRowResponse.RowResult notWritten = response.getRowStatus(LEDGER).get(0);
    assertThat(notWritten.getError().getCode()).isEqualTo("OTSConditionCheckFail");
    assertThat(notWritten.getError().getMessage()).contains("nothing of table ledger was written, because rows[1] failed");
    assertThat(get("a2", 2)).as("the first row, valid on its own, is not written").isNull();
    assertThat(amount("a2", 1)).isEqualTo("kept");
  }

  @Test
  void withoutIsAtomicTheValidRowsOfTheSameBatchAreWritten() {
    put("a3", 1, "kept");
    BatchWriteRowRequest batch = new BatchWriteRowRequest();
    batch.addRowChange(put(new RowPutChange(LEDGER, key("a3", 2)), "new"));
    RowPutChange mustBeNew = put(new RowPutChange(LEDGER, key("a3", 1)), "overwritten");
    mustBeNew.setCondition(new Condition(RowExistenceExpectation.EXPECT_NOT_EXIST));
    batch.addRowChange(mustBeNew);

    BatchWriteRowResponse response = fx.client().batchWriteRow(batch);

    assertThat(response.getFailedRows()).hasSize(1);
    assertThat(amount("a3", 2)).isEqualTo("new");
  }

  @Test
  void rowsOfTwoPartitionKeysAllFailWithNothingWritten() {
    BatchWriteRowRequest batch = atomic();
    batch.addRowChange(put(new RowPutChange(LEDGER, key("a4", 1)), "x"));
    batch.addRowChange(put(new RowPutChange(LEDGER, key("b4", 1)), "y"));

    BatchWriteRowResponse response = fx.client().batchWriteRow(batch);

    assertThat(response.getFailedRows()).hasSize(2).allSatisfy(r -> {
      assertThat(r.getError().getCode()).isEqualTo("OTSParameterInvalid");
      assertThat(r.getError().getMessage())
          .contains("the rows of table ledger must share one partition key, but rows[0] and rows[1] differ");
    });
    assertThat(get("a4", 1)).isNull();
    assertThat(get("b4", 1)).isNull();
  }

  @Test
  void concurrentAtomicBatchesOverTheSameRowsNeverLeaveThemHalfWritten() throws Exception {
    int writers = 4;
    int batchesEach = 100;
    ExecutorService pool = Executors.newFixedThreadPool(writers);
    try {
      List<Future<Integer>> written = new ArrayList<>();
      for (int w = 0; w < writers; w++) {
        int writer = w;
        written.add(pool.submit(() -> {
          int ok = 0;
          for (int b = 0; b < batchesEach; b++) {
            BatchWriteRowRequest batch = atomic();
            String value = writer + "-" + b;
            for (long entry = 1; entry <= 3; entry++) {
              batch.addRowChange(put(new RowPutChange(LEDGER, key("a5", entry)), value));
            }
            BatchWriteRowResponse response = fx.client().batchWriteRow(batch);
            if (response.isAllSucceed()) {
              ok++;
            } else {
              assertThat(response.getFailedRows()).as("a group fails whole").hasSize(3).allSatisfy(r ->
                  assertThat(r.getError().getCode()).isEqualTo("OTSRowOperationConflict"));
            }
          }
          return ok;
        }));
      }
      int succeeded = 0;
      for (Future<Integer> f : written) {
        succeeded += f.get(60, TimeUnit.SECONDS);
      }

      assertThat(succeeded).isPositive();
      assertThat(amount("a5", 2)).isEqualTo(amount("a5", 1));
      assertThat(amount("a5", 3)).isEqualTo(amount("a5", 1));
    } finally {
      pool.shutdownNow();
    }
  }

  private static BatchWriteRowRequest atomic() {
    BatchWriteRowRequest batch = new BatchWriteRowRequest();
    batch.setAtomic(true);
    return batch;
  }

  private static void put(String account, long entry, String amount) {
    fx.client().putRow(new PutRowRequest(put(new RowPutChange(LEDGER, key(account, entry)), amount)));
  }

  private static RowPutChange put(RowPutChange change, String amount) {
    change.addColumn("amount", ColumnValue.fromString(amount));
    return change;
  }

  private static String amount(String account, long entry) {
    Row row = get(account, entry);
    assertThat(row).as("row %s/%d", account, entry).isNotNull();
    return row.getLatestColumn("amount").getValue().asString();
  }

  private static Row get(String account, long entry) {
    SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(LEDGER, key(account, entry));
    criteria.setMaxVersions(1);
    return fx.client().getRow(new GetRowRequest(criteria)).getRow();
  }

  private static PrimaryKey key(String account, long entry) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("account", PrimaryKeyValue.fromString(account))
        .addPrimaryKeyColumn("entry", PrimaryKeyValue.fromLong(entry)).build();
  }
}
