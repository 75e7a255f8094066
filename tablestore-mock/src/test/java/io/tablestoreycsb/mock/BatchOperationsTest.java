package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.core.protocol.OTSProtocolBuilder;
import com.alicloud.openservices.tablestore.model.BatchGetRowRequest;
import com.alicloud.openservices.tablestore.model.BatchGetRowResponse;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowResponse;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.Condition;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.MultiRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.Row;
import com.alicloud.openservices.tablestore.model.RowDeleteChange;
import com.alicloud.openservices.tablestore.model.RowExistenceExpectation;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.RowUpdateChange;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** BatchWriteRow and BatchGetRow through the SDK: per-row results in request order, per-row failures, limits. */
class BatchOperationsTest {
  @RegisterExtension
  static final MockFixture fx = MockFixture.withTables(byId("orders"), byId("customers"));

  @Test
  void aBatchWritesPutsUpdatesAndDeletesAcrossTables() {
    put("orders", "to-update", "old");
    put("orders", "to-delete", "x");
    BatchWriteRowRequest batch = new BatchWriteRowRequest();
    batch.addRowChange(putChange("orders", "new-order", "o1"));
    RowUpdateChange update = new RowUpdateChange("orders", key("to-update"));
    update.put("field0", ColumnValue.fromString("new"));
    batch.addRowChange(update);
    batch.addRowChange(new RowDeleteChange("orders", key("to-delete")));
    batch.addRowChange(putChange("customers", "alice", "c1"));

    BatchWriteRowResponse response = fx.client().batchWriteRow(batch);

    assertThat(response.isAllSucceed()).isTrue();
    assertThat(response.getRowStatus("orders")).extracting(BatchWriteRowResponse.RowResult::getIndex).containsExactly(0, 1, 2);
    assertThat(response.getRowStatus("orders")).allSatisfy(r ->
        assertThat(r.getConsumedCapacity().getCapacityUnit().getWriteCapacityUnit()).isEqualTo(1));
    assertThat(value("orders", "new-order")).isEqualTo("o1");
    assertThat(value("orders", "to-update")).isEqualTo("new");
    assertThat(get("orders", "to-delete")).isNull();
    assertThat(value("customers", "alice")).isEqualTo("c1");
  }

  @Test
  void aFailedConditionFailsOnlyItsRow() {
    put("orders", "exists", "first");
    BatchWriteRowRequest batch = new BatchWriteRowRequest();
    batch.addRowChange(putChange("orders", "fresh-1", "a"));
    RowPutChange conflicting = putChange("orders", "exists", "second");
    conflicting.setCondition(new Condition(RowExistenceExpectation.EXPECT_NOT_EXIST));
    batch.addRowChange(conflicting);
    batch.addRowChange(putChange("orders", "fresh-2", "b"));

    BatchWriteRowResponse response = fx.client().batchWriteRow(batch);

    assertThat(response.isAllSucceed()).isFalse();
    assertThat(response.getFailedRows()).singleElement().satisfies(r -> {
      assertThat(r.getIndex()).isEqualTo(1);
      assertThat(r.getError().getCode()).isEqualTo("OTSConditionCheckFail");
    });
    assertThat(value("orders", "exists")).isEqualTo("first");
    assertThat(value("orders", "fresh-1")).isEqualTo("a");
    assertThat(value("orders", "fresh-2")).isEqualTo("b");
  }

  @Test
  void rowsOfAMissingTableFailAloneWithOtsObjectNotExist() {
    BatchWriteRowRequest batch = new BatchWriteRowRequest();
    batch.addRowChange(putChange("no_such_table", "k1", "v"));
    batch.addRowChange(putChange("customers", "bob", "c2"));

    BatchWriteRowResponse response = fx.client().batchWriteRow(batch);

    assertThat(response.getFailedRows()).singleElement().satisfies(r -> {
      assertThat(r.getTableName()).isEqualTo("no_such_table");
      assertThat(r.getError().getCode()).isEqualTo("OTSObjectNotExist");
    });
    assertThat(value("customers", "bob")).isEqualTo("c2");
  }

  @Test
  void batchGetReturnsRowsPerTableInRequestOrderWithMissingRowsAsNull() {
    put("orders", "g1", "v1");
    put("orders", "g2", "v2");
    put("customers", "carol", "c3");
    BatchGetRowRequest request = new BatchGetRowRequest();
    MultiRowQueryCriteria orders = new MultiRowQueryCriteria("orders");
    orders.addRow(key("g2"));
    orders.addRow(key("missing"));
    orders.addRow(key("g1"));
    orders.setMaxVersions(1);
    MultiRowQueryCriteria customers = new MultiRowQueryCriteria("customers");
    customers.addRow(key("carol"));
    customers.setMaxVersions(1);
    request.addMultiRowQueryCriteria(orders);
    request.addMultiRowQueryCriteria(customers);

    BatchGetRowResponse response = fx.client().batchGetRow(request);

    assertThat(response.isAllSucceed()).isTrue();
    List<BatchGetRowResponse.RowResult> orderRows = response.getTableToRowsResult().get("orders");
    assertThat(orderRows).extracting(r -> r.getRow() == null ? null : r.getRow().getLatestColumn("field0").getValue().asString())
        .containsExactly("v2", null, "v1");
    assertThat(orderRows).allSatisfy(r -> assertThat(r.getConsumedCapacity().getCapacityUnit().getReadCapacityUnit()).isEqualTo(1));
    assertThat(response.getTableToRowsResult().get("customers").get(0).getRow().getLatestColumn("field0").getValue().asString())
        .isEqualTo("c3");
  }

  @Test
  void batchGetOfAMissingTableFailsItsRowsOnly() {
    BatchGetRowRequest request = new BatchGetRowRequest();
    MultiRowQueryCriteria missing = new MultiRowQueryCriteria("no_such_table");
    missing.addRow(key("k"));
    missing.setMaxVersions(1);
    MultiRowQueryCriteria customers = new MultiRowQueryCriteria("customers");
    customers.addRow(key("nobody"));
    customers.setMaxVersions(1);
    request.addMultiRowQueryCriteria(missing);
    request.addMultiRowQueryCriteria(customers);

    BatchGetRowResponse response = fx.client().batchGetRow(request);

    assertThat(response.getFailedRows()).singleElement().satisfies(r -> {
      assertThat(r.getTableName()).isEqualTo("no_such_table");
      assertThat(r.getError().getCode()).isEqualTo("OTSObjectNotExist");
    });
    assertThat(response.getSucceedRows()).singleElement().satisfies(r -> assertThat(r.getRow()).isNull());
  }

  @Test
  void theSameRowTwiceWithoutConditionsIsWrittenTwiceInRequestOrder() {
    BatchWriteRowRequest putThenUpdate = new BatchWriteRowRequest();
    putThenUpdate.addRowChange(putChange("orders", "twice", "put"));
    RowUpdateChange update = new RowUpdateChange("orders", key("twice"));
    update.put("field1", ColumnValue.fromString("updated"));
    putThenUpdate.addRowChange(update);
    BatchWriteRowRequest putThenDelete = new BatchWriteRowRequest();
    putThenDelete.addRowChange(putChange("orders", "put-then-deleted", "put"));
    putThenDelete.addRowChange(new RowDeleteChange("orders", key("put-then-deleted")));

    assertThat(fx.client().batchWriteRow(putThenUpdate).isAllSucceed()).isTrue();
    assertThat(fx.client().batchWriteRow(putThenDelete).isAllSucceed()).isTrue();

    Row twice = get("orders", "twice");
    assertThat(twice.getLatestColumn("field0").getValue().asString()).isEqualTo("put");
    assertThat(twice.getLatestColumn("field1").getValue().asString()).isEqualTo("updated");
    assertThat(get("orders", "put-then-deleted")).isNull();
  }

  @Test
  void theSameRowTwiceWithAConditionRefusesTheWholeBatch() {
    BatchWriteRowRequest batch = new BatchWriteRowRequest();
    batch.addRowChange(putChange("customers", "dup-other", "c"));
    batch.addRowChange(putChange("orders", "dup-first", "a"));
    RowPutChange conditional = putChange("orders", "dup", "1");
    conditional.setCondition(new Condition(RowExistenceExpectation.EXPECT_NOT_EXIST));
    batch.addRowChange(conditional);
    batch.addRowChange(new RowDeleteChange("orders", key("dup")));

    assertThatThrownBy(() -> fx.client().batchWriteRow(batch))
        .isInstanceOfSatisfying(TableStoreException.class, e -> {
          assertThat(e.getErrorCode()).isEqualTo("OTSParameterInvalid");
          assertThat(e.getHttpStatus()).isEqualTo(400);
          assertThat(e.getMessage()).contains("Duplicated primary key in table orders", "rows[1] and rows[2]");
        });
    assertThat(get("orders", "dup-first")).as("nothing of the refused batch is written").isNull();
    assertThat(get("customers", "dup-other")).isNull();
  }

  @Test
  void theSameKeyInTwoTablesIsTwoRows() {
    BatchWriteRowRequest batch = new BatchWriteRowRequest();
    batch.addRowChange(putChange("orders", "shared-key", "o"));
    batch.addRowChange(putChange("customers", "shared-key", "c"));

    assertThat(fx.client().batchWriteRow(batch).isAllSucceed()).isTrue();
    assertThat(value("orders", "shared-key")).isEqualTo("o");
    assertThat(value("customers", "shared-key")).isEqualTo("c");
  }

  @Test
  void aBatchWriteOf201RowsIsRefused() {
    BatchWriteRowRequest batch = new BatchWriteRowRequest();
    for (int i = 0; i < 201; i++) {
      batch.addRowChange(putChange("orders", "bulk" + i, "v"));
    }

    assertThatThrownBy(() -> fx.client().batchWriteRow(batch))
        .isInstanceOfSatisfying(TableStoreException.class, e -> {
          assertThat(e.getErrorCode()).isEqualTo("OTSParameterInvalid");
          assertThat(e.getMessage()).contains("200");
        });
    assertThat(get("orders", "bulk0")).isNull();
  }

  @Test
  void aBatchWriteOf200RowsIsAccepted() {
    BatchWriteRowRequest batch = new BatchWriteRowRequest();
    for (int i = 0; i < 200; i++) {
      batch.addRowChange(putChange("orders", "full" + i, "v"));
    }

    assertThat(fx.client().batchWriteRow(batch).getSucceedRows()).hasSize(200);
  }

  @Test
  void aBatchGetOf101RowsIsRefused() {
    BatchGetRowRequest request = new BatchGetRowRequest();
    MultiRowQueryCriteria criteria = new MultiRowQueryCriteria("orders");
    for (int i = 0; i < 101; i++) {
      criteria.addRow(key("k" + i));
    }
    criteria.setMaxVersions(1);
    request.addMultiRowQueryCriteria(criteria);

    assertThatThrownBy(() -> fx.client().batchGetRow(request))
        .isInstanceOfSatisfying(TableStoreException.class, e -> {
          assertThat(e.getErrorCode()).isEqualTo("OTSParameterInvalid");
          assertThat(e.getMessage()).contains("100");
        });
  }

  @Test
  void aBatchWriteOver4MegabytesIsRefused() {
    BatchWriteRowRequest batch = new BatchWriteRowRequest();
    for (int i = 0; i < 5; i++) {
      RowPutChange change = new RowPutChange("orders", key("huge" + i));
      change.addColumn("field0", ColumnValue.fromString("h".repeat(900_000)));
      batch.addRowChange(change);
    }

    assertThatThrownBy(() -> fx.client().batchWriteRow(batch))
        .isInstanceOfSatisfying(TableStoreException.class, e -> {
          assertThat(e.getErrorCode()).isEqualTo("OTSParameterInvalid");
          assertThat(e.getMessage()).contains("4194304");
        });
  }

  // --- helpers -----------------------------------------------------------------------------

  @Test
  void aBatchIsMeasuredByItsDataNotItsSerializedSize() {
    // 200 rows of 1,000 one-byte cells: about 1 MB of data (names and values) in a request of
    // over 4 MB, since PlainBuffer frames every cell with about 20 bytes.
    BatchWriteRowRequest batch = new BatchWriteRowRequest();
    for (int r = 0; r < 200; r++) {
      RowPutChange change = new RowPutChange("orders", key(String.format("small-cells-%03d", r)));
      for (int c = 0; c < 1000; c++) {
        change.addColumn(String.format("c%03d", c), ColumnValue.fromString("x"));
      }
      batch.addRowChange(change);
    }
    int serialized = OTSProtocolBuilder.buildBatchWriteRowRequest(batch).getSerializedSize();
    assertThat(serialized).as("the request's serialized size").isGreaterThan(4 * 1024 * 1024);

    assertThat(fx.client().batchWriteRow(batch).isAllSucceed()).isTrue();
    assertThat(get("orders", "small-cells-199").getColumns()).hasSize(1000);
  }

  /** A table keyed by {@code id}. */
  private static TableSpec byId(String name) {
    return TableSpec.named(name).key("id", PrimaryKeyType.STRING);
  }

  private static PrimaryKey key(String id) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("id", PrimaryKeyValue.fromString(id)).build();
  }

  private static RowPutChange putChange(String table, String id, String value) {
    RowPutChange change = new RowPutChange(table, key(id));
    change.addColumn("field0", ColumnValue.fromString(value));
    return change;
  }

  private static void put(String table, String id, String value) {
    fx.client().putRow(new com.alicloud.openservices.tablestore.model.PutRowRequest(putChange(table, id, value)));
  }

  private static Row get(String table, String id) {
    SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(table, key(id));
    criteria.setMaxVersions(1);
    return fx.client().getRow(new GetRowRequest(criteria)).getRow();
  }

  private static String value(String table, String id) {
    return get(table, id).getLatestColumn("field0").getValue().asString();
  }
}
