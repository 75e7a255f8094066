package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.CapacityUnit;
import com.alicloud.openservices.tablestore.model.Column;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.Condition;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.DeleteRowRequest;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.PutRowResponse;
import com.alicloud.openservices.tablestore.model.ReturnType;
import com.alicloud.openservices.tablestore.model.Row;
import com.alicloud.openservices.tablestore.model.RowDeleteChange;
import com.alicloud.openservices.tablestore.model.RowExistenceExpectation;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.RowUpdateChange;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import com.alicloud.openservices.tablestore.model.UpdateRowRequest;
import com.alicloud.openservices.tablestore.model.UpdateRowResponse;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** PutRow, GetRow, UpdateRow and DeleteRow through the real SyncClient, with conditions and capacity units. */
class RowOperationsTest {
  private static final String TABLE = "usertable";
  private static final String VERSIONED = "versioned";

  @RegisterExtension
  static final MockFixture fx = MockFixture.withTables(byUserid(TABLE), byUserid(VERSIONED).maxVersions(3));

  @Test
  void aRowPutIsReadBackWithItsColumns() {
    putUser("user1", fields("field0", "a", "field1", "b"));

    Row row = getUser("user1");

    assertThat(row.getPrimaryKey().getPrimaryKeyColumn("userid").getValue().asString()).isEqualTo("user1");
    assertThat(row.getLatestColumn("field0").getValue().asString()).isEqualTo("a");
    assertThat(row.getLatestColumn("field1").getValue().asString()).isEqualTo("b");
    assertThat(row.getColumns()).hasSize(2);
  }

  @Test
  void aMissingRowReadsAsNullAndCostsOneReadUnit() {
    SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(TABLE, key("nobody"));
    criteria.setMaxVersions(1);
    var response = fx.client().getRow(new GetRowRequest(criteria));

    assertThat(response.getRow()).isNull();
    assertThat(response.getConsumedCapacity().getCapacityUnit().getReadCapacityUnit()).isEqualTo(1);
  }

  @Test
  void putReplacesTheWholeRow() {
    putUser("replace", fields("field0", "old", "field1", "old"));
    putUser("replace", fields("field2", "new"));

    Row row = getUser("replace");

    assertThat(row.getColumns()).extracting(Column::getName).containsExactly("field2");
  }

  @Test
  void attributeTypesRoundTrip() {
    RowPutChange change = new RowPutChange(TABLE, key("types"));
    change.addColumn("i", ColumnValue.fromLong(-42));
    change.addColumn("d", ColumnValue.fromDouble(2.5));
    change.addColumn("b", ColumnValue.fromBoolean(true));
    change.addColumn("bin", ColumnValue.fromBinary(new byte[] {0, (byte) 0xff}));
    change.addColumn("s", ColumnValue.fromString("h\u00e9llo \u4e16\u754c"));
    fx.client().putRow(new PutRowRequest(change));

    Row row = getUser("types");

    assertThat(row.getLatestColumn("i").getValue().asLong()).isEqualTo(-42);
    assertThat(row.getLatestColumn("d").getValue().asDouble()).isEqualTo(2.5);
    assertThat(row.getLatestColumn("b").getValue().asBoolean()).isTrue();
    assertThat(row.getLatestColumn("bin").getValue().asBinary()).containsExactly(0, 0xff);
    assertThat(row.getLatestColumn("s").getValue().asString()).isEqualTo("h\u00e9llo \u4e16\u754c");
  }

  @Test
  void columnsToGetSelectsColumns() {
    putUser("select", fields("field0", "a", "field1", "b", "field2", "c"));
    SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(TABLE, key("select"));
    criteria.setMaxVersions(1);
    criteria.addColumnsToGet("field1");
    criteria.addColumnsToGet("field2");

    Row row = fx.client().getRow(new GetRowRequest(criteria)).getRow();

    assertThat(row.getColumns()).extracting(Column::getName).containsExactly("field1", "field2");
  }

  @Test
  void updateRowPutsAndDeletesColumnsAndIncrements() {
    putUser("update", fields("field0", "a", "field1", "b"));
    RowUpdateChange change = new RowUpdateChange(TABLE, key("update"));
    change.put("field2", ColumnValue.fromString("c"));
    change.deleteColumns("field0");
    change.increment(new Column("counter", ColumnValue.fromLong(5)));
    fx.client().updateRow(new UpdateRowRequest(change));
    RowUpdateChange again = new RowUpdateChange(TABLE, key("update"));
    again.increment(new Column("counter", ColumnValue.fromLong(3)));
    again.setReturnType(ReturnType.RT_AFTER_MODIFY);
    again.addReturnColumn("counter");
    UpdateRowResponse response = fx.client().updateRow(new UpdateRowRequest(again));

    Row row = getUser("update");

    assertThat(row.getColumns()).extracting(Column::getName).containsExactly("counter", "field1", "field2");
    assertThat(row.getLatestColumn("counter").getValue().asLong()).isEqualTo(8);
    assertThat(response.getRow().getLatestColumn("counter").getValue().asLong()).isEqualTo(8);
  }

  @Test
  void updateRowCreatesAMissingRow() {
    RowUpdateChange change = new RowUpdateChange(TABLE, key("created-by-update"));
    change.put("field0", ColumnValue.fromString("x"));
    fx.client().updateRow(new UpdateRowRequest(change));

    assertThat(getUser("created-by-update").getLatestColumn("field0").getValue().asString()).isEqualTo("x");
  }

  @Test
  void versionsAreKeptUpToMaxVersionsAndOneVersionCanBeDeleted() {
    long t = System.currentTimeMillis() - 60_000;
    for (long ts = t + 1000; ts <= t + 4000; ts += 1000) {
      RowUpdateChange change = new RowUpdateChange(VERSIONED, key("v"));
      change.put("field0", ColumnValue.fromString("at" + (ts - t)), ts);
      fx.client().updateRow(new UpdateRowRequest(change));
    }
    SingleRowQueryCriteria all = new SingleRowQueryCriteria(VERSIONED, key("v"));
    all.setMaxVersions(10);
    Row row = fx.client().getRow(new GetRowRequest(all)).getRow();
    assertThat(row.getColumn("field0")).extracting(Column::getTimestamp).containsExactly(t + 4000, t + 3000, t + 2000);

    RowUpdateChange deleteOne = new RowUpdateChange(VERSIONED, key("v"));
    deleteOne.deleteColumn("field0", t + 3000);
    fx.client().updateRow(new UpdateRowRequest(deleteOne));
    row = fx.client().getRow(new GetRowRequest(all)).getRow();
    assertThat(row.getColumn("field0")).extracting(Column::getTimestamp).containsExactly(t + 4000, t + 2000);

    SingleRowQueryCriteria inRange = new SingleRowQueryCriteria(VERSIONED, key("v"));
    inRange.setTimeRange(new com.alicloud.openservices.tablestore.model.TimeRange(t + 1500, t + 2500));
    row = fx.client().getRow(new GetRowRequest(inRange)).getRow();
    assertThat(row.getColumn("field0")).extracting(c -> c.getValue().asString()).containsExactly("at2000");
  }

  @Test
  void aTimestampOutsideTheMaxTimeDeviationIsRefused() {
    RowPutChange change = new RowPutChange(TABLE, key("ancient"));
    change.addColumn("field0", ColumnValue.fromString("v"), 1000);

    assertThatThrownBy(() -> fx.client().putRow(new PutRowRequest(change)))
        .isInstanceOfSatisfying(TableStoreException.class, e -> {
          assertThat(e.getErrorCode()).isEqualTo("OTSParameterInvalid");
          assertThat(e.getMessage()).contains("max time deviation");
        });
  }

  @Test
  void versionsOlderThanTheTimeToLiveAreNoLongerVisible() {
    TableMeta meta = new TableMeta("expiring");
    meta.addPrimaryKeyColumn("userid", PrimaryKeyType.STRING);
    TableOptions options = new TableOptions(86400, 3); // one day
    options.setMaxTimeDeviation(10 * 86400);
    fx.client().createTable(new CreateTableRequest(meta, options));
    long now = System.currentTimeMillis();
    long twoDaysAgo = now - 2 * 86400_000L;
    RowPutChange old = new RowPutChange("expiring", key("old"));
    old.addColumn("field0", ColumnValue.fromString("stale"), twoDaysAgo);
    fx.client().putRow(new PutRowRequest(old));
    RowUpdateChange mixed = new RowUpdateChange("expiring", key("mixed"));
    mixed.put("field0", ColumnValue.fromString("stale"), twoDaysAgo);
    mixed.put("field0", ColumnValue.fromString("fresh"), now);
    fx.client().updateRow(new UpdateRowRequest(mixed));

    SingleRowQueryCriteria oldRow = new SingleRowQueryCriteria("expiring", key("old"));
    oldRow.setMaxVersions(3);
    SingleRowQueryCriteria mixedRow = new SingleRowQueryCriteria("expiring", key("mixed"));
    mixedRow.setMaxVersions(3);

    assertThat(fx.client().getRow(new GetRowRequest(oldRow)).getRow()).isNull();
    assertThat(fx.client().getRow(new GetRowRequest(mixedRow)).getRow().getColumn("field0"))
        .extracting(c -> c.getValue().asString()).containsExactly("fresh");
    RowPutChange again = new RowPutChange("expiring", key("old"));
    again.addColumn("field0", ColumnValue.fromString("new"));
    again.setCondition(new Condition(RowExistenceExpectation.EXPECT_NOT_EXIST));
    fx.client().putRow(new PutRowRequest(again)); // the expired row no longer exists
  }

  @Test
  void deleteRowRemovesTheRow() {
    putUser("gone", fields("field0", "a"));
    var response = fx.client().deleteRow(new DeleteRowRequest(new RowDeleteChange(TABLE, key("gone"))));

    assertThat(getUser("gone")).isNull();
    assertThat(response.getConsumedCapacity().getCapacityUnit().getWriteCapacityUnit()).isEqualTo(1);
  }

  @Test
  void expectNotExistFailsOnAnExistingRowAndLeavesItUnchanged() {
    putUser("taken", fields("field0", "first"));
    RowPutChange change = new RowPutChange(TABLE, key("taken"));
    change.addColumn("field0", ColumnValue.fromString("second"));
    change.setCondition(new Condition(RowExistenceExpectation.EXPECT_NOT_EXIST));

    assertThatThrownBy(() -> fx.client().putRow(new PutRowRequest(change)))
        .isInstanceOfSatisfying(TableStoreException.class, e -> {
          assertThat(e.getErrorCode()).isEqualTo("OTSConditionCheckFail");
          assertThat(e.getHttpStatus()).isEqualTo(403);
          assertThat(e.getRequestId()).isNotBlank();
        });
    assertThat(getUser("taken").getLatestColumn("field0").getValue().asString()).isEqualTo("first");
  }

  @Test
  void expectExistFailsOnAMissingRowForUpdateAndDelete() {
    RowUpdateChange update = new RowUpdateChange(TABLE, key("absent"));
    update.put("field0", ColumnValue.fromString("x"));
    update.setCondition(new Condition(RowExistenceExpectation.EXPECT_EXIST));
    RowDeleteChange delete = new RowDeleteChange(TABLE, key("absent"));
    delete.setCondition(new Condition(RowExistenceExpectation.EXPECT_EXIST));

    assertThatThrownBy(() -> fx.client().updateRow(new UpdateRowRequest(update))).hasMessageContaining("Condition check failed");
    assertThatThrownBy(() -> fx.client().deleteRow(new DeleteRowRequest(delete)))
        .isInstanceOfSatisfying(TableStoreException.class, e -> assertThat(e.getErrorCode()).isEqualTo("OTSConditionCheckFail"));
    assertThat(getUser("absent")).isNull();
  }

  @Test
  void theBenchmarkRowOf556BytesCostsOneWriteUnit() {
    Map<String, String> fields = new LinkedHashMap<>();
    for (int i = 0; i < 5; i++) {
      fields.put("field" + i, "x".repeat(100));
    }
    // userid (6) + 20-byte key + 5 x (6 + 100) = 556 bytes
    CapacityUnit cu = putUser("0123456789abcdef0123", fields).getConsumedCapacity().getCapacityUnit();

    assertThat(cu.getWriteCapacityUnit()).isEqualTo(1);
    assertThat(cu.getReadCapacityUnit()).isZero();
  }

  @Test
  void aRowOf7600BytesCostsTwoWriteUnitsAndTwoReadUnits() {
    // userid (6) + "big" (3) + field0 (6) + 7585 = 7600 bytes: two 4 KB units
    putUser("big", fields("field0", "y".repeat(7585)));
    SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(TABLE, key("big"));
    criteria.setMaxVersions(1);

    var read = fx.client().getRow(new GetRowRequest(criteria)).getConsumedCapacity().getCapacityUnit();
    RowPutChange change = new RowPutChange(TABLE, key("big"));
    change.addColumn("field0", ColumnValue.fromString("y".repeat(7585)));
    var write = fx.client().putRow(new PutRowRequest(change)).getConsumedCapacity().getCapacityUnit();

    assertThat(write.getWriteCapacityUnit()).isEqualTo(2);
    assertThat(read.getReadCapacityUnit()).isEqualTo(2);
  }

  @Test
  void aRowExistenceConditionAddsOneReadUnit() {
    RowPutChange change = new RowPutChange(TABLE, key("conditional"));
    change.addColumn("field0", ColumnValue.fromString("v"));
    change.setCondition(new Condition(RowExistenceExpectation.EXPECT_NOT_EXIST));

    CapacityUnit cu = fx.client().putRow(new PutRowRequest(change)).getConsumedCapacity().getCapacityUnit();

    assertThat(cu.getWriteCapacityUnit()).isEqualTo(1);
    assertThat(cu.getReadCapacityUnit()).isEqualTo(1);
  }

  @Test
  void returnTypePkReturnsThePrimaryKey() {
    RowPutChange change = new RowPutChange(TABLE, key("with-pk"));
    change.addColumn("field0", ColumnValue.fromString("v"));
    change.setReturnType(ReturnType.RT_PK);

    PutRowResponse response = fx.client().putRow(new PutRowRequest(change));

    assertThat(response.getRow().getPrimaryKey()).isEqualTo(key("with-pk"));
  }

  @Test
  void aMissingTableIsOtsObjectNotExist() {
    RowPutChange change = new RowPutChange("no_such_table", key("k"));
    change.addColumn("field0", ColumnValue.fromString("v"));

    assertThatThrownBy(() -> fx.client().putRow(new PutRowRequest(change)))
        .isInstanceOfSatisfying(TableStoreException.class, e -> {
          assertThat(e.getErrorCode()).isEqualTo("OTSObjectNotExist");
          assertThat(e.getHttpStatus()).isEqualTo(404);
          assertThat(e.getMessage()).contains("Requested table does not exist.");
        });
  }

  // --- helpers -----------------------------------------------------------------------------

  private static TableSpec byUserid(String name) {
    return TableSpec.named(name).key("userid", PrimaryKeyType.STRING);
  }

  private static PrimaryKey key(String userid) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("userid", PrimaryKeyValue.fromString(userid)).build();
  }

  private static Map<String, String> fields(String... namesAndValues) {
    Map<String, String> fields = new LinkedHashMap<>();
    for (int i = 0; i < namesAndValues.length; i += 2) {
      fields.put(namesAndValues[i], namesAndValues[i + 1]);
    }
    return fields;
  }

  private static PutRowResponse putUser(String userid, Map<String, String> fields) {
    RowPutChange change = new RowPutChange(TABLE, key(userid));
    fields.forEach((name, value) -> change.addColumn(name, ColumnValue.fromString(value)));
    return fx.client().putRow(new PutRowRequest(change));
  }

  private static Row getUser(String userid) {
    SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(TABLE, key(userid));
    criteria.setMaxVersions(1);
    return fx.client().getRow(new GetRowRequest(criteria)).getRow();
  }
}
