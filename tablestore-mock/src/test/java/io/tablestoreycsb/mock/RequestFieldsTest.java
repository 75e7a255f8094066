package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.BatchGetRowRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowResponse;
import com.alicloud.openservices.tablestore.model.Column;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.DefinedColumnSchema;
import com.alicloud.openservices.tablestore.model.DefinedColumnType;
import com.alicloud.openservices.tablestore.model.DescribeTableRequest;
import com.alicloud.openservices.tablestore.model.DescribeTableResponse;
import com.alicloud.openservices.tablestore.model.Direction;
import com.alicloud.openservices.tablestore.model.GetRangeRequest;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.MultiRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RangeRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.Row;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.RowUpdateChange;
import com.alicloud.openservices.tablestore.model.SSEKeyType;
import com.alicloud.openservices.tablestore.model.SSESpecification;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import com.alicloud.openservices.tablestore.model.UpdateRowRequest;
import com.alicloud.openservices.tablestore.model.UpdateTableRequest;
import com.alicloud.openservices.tablestore.model.filter.ColumnPaginationFilter;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * No request field is silently ignored: each one the SDK can send is either done as the service
 * does it or answered with the service's error, here through the real SDK.
 */
class RequestFieldsTest {
  @RegisterExtension
  static final MockFixture fx = MockFixture.withTables(TableSpec.named("wide").key("userid", PrimaryKeyType.STRING));

  @BeforeAll
  static void putAWideRow() {
    RowPutChange row = new RowPutChange("wide", key("r1"));
    for (String column : List.of("a", "b", "c", "d")) {
      row.addColumn(column, ColumnValue.fromString(column + "-value"));
    }
    fx.client().putRow(new PutRowRequest(row));
  }

  @Test
  void getRowReadsTheColumnsFromStartColumnUpToButExcludingEndColumn() {
    SingleRowQueryCriteria criteria = criteria("r1");
    criteria.setStartColumn("b");
    criteria.setEndColumn("d");

    Row row = fx.client().getRow(new GetRowRequest(criteria)).getRow();

    assertThat(row.getColumns()).extracting(Column::getName).containsExactly("b", "c");
  }

  @Test
  void startColumnAloneReadsToTheLastColumnAndColumnsToGetNarrowsTheRange() {
    SingleRowQueryCriteria from = criteria("r1");
    from.setStartColumn("c");
    SingleRowQueryCriteria narrowed = criteria("r1");
    narrowed.setStartColumn("b");
    narrowed.addColumnsToGet(List.of("a", "c"));

    assertThat(fx.client().getRow(new GetRowRequest(from)).getRow().getColumns()).extracting(Column::getName)
        .containsExactly("c", "d");
    assertThat(fx.client().getRow(new GetRowRequest(narrowed)).getRow().getColumns()).extracting(Column::getName)
        .containsExactly("c");
  }

  @Test
  void aColumnPaginationFilterSkipsOffsetColumnsAndReturnsLimitOfThemAfterTheColumnSelection() {
    SingleRowQueryCriteria page = criteria("r1");
    page.setFilter(new ColumnPaginationFilter(2, 1));
    SingleRowQueryCriteria pastTheEnd = criteria("r1");
    pastTheEnd.setFilter(new ColumnPaginationFilter(2, 3));
    SingleRowQueryCriteria withinRange = criteria("r1");
    withinRange.setStartColumn("b");
    withinRange.setFilter(new ColumnPaginationFilter(1, 1));

    assertThat(fx.client().getRow(new GetRowRequest(page)).getRow().getColumns()).extracting(Column::getName)
        .containsExactly("b", "c");
    assertThat(fx.client().getRow(new GetRowRequest(pastTheEnd)).getRow().getColumns()).extracting(Column::getName)
        .containsExactly("d");
    assertThat(fx.client().getRow(new GetRowRequest(withinRange)).getRow().getColumns()).extracting(Column::getName)
        .containsExactly("c");
  }

  @Test
  void getRangeAndBatchGetRowHonourTheColumnRangeToo() {
    RangeRowQueryCriteria range = new RangeRowQueryCriteria("wide");
    range.setInclusiveStartPrimaryKey(PrimaryKeyBuilder.createPrimaryKeyBuilder()
        .addPrimaryKeyColumn("userid", PrimaryKeyValue.INF_MIN).build());
    range.setExclusiveEndPrimaryKey(PrimaryKeyBuilder.createPrimaryKeyBuilder()
        .addPrimaryKeyColumn("userid", PrimaryKeyValue.INF_MAX).build());
    range.setDirection(Direction.FORWARD);
    range.setMaxVersions(1);
    range.setStartColumn("a");
    range.setEndColumn("b");
    MultiRowQueryCriteria batch = new MultiRowQueryCriteria("wide");
    batch.setMaxVersions(1);
    batch.addRow(key("r1"));
    batch.setEndColumn("c");
    BatchGetRowRequest batchRequest = new BatchGetRowRequest();
    batchRequest.addMultiRowQueryCriteria(batch);

    assertThat(fx.client().getRange(new GetRangeRequest(range)).getRows()).singleElement()
        .satisfies(r -> assertThat(r.getColumns()).extracting(Column::getName).containsExactly("a"));
    assertThat(fx.client().batchGetRow(batchRequest).getSucceedRows()).singleElement()
        .satisfies(r -> assertThat(r.getRow().getColumns()).extracting(Column::getName).containsExactly("a", "b"));
  }

  @Test
  void aWideRowPagingTokenIsRefusedForThisEndpointIssuesNone() {
    SingleRowQueryCriteria criteria = criteria("r1");
    criteria.setToken(new byte[] {1, 2, 3});

    assertParameterInvalid(() -> fx.client().getRow(new GetRowRequest(criteria)), "token");
  }

  @Test
  void onATableWithAllowUpdateFalseUpdateRowIsRefusedAndPutRowIsNot() {
    TableOptions options = new TableOptions(-1, 1);
    options.setAllowUpdate(false);
    fx.client().createTable(new CreateTableRequest(meta("no_updates"), options));
    RowUpdateChange update = new RowUpdateChange("no_updates", key("u1"));
    update.put("a", ColumnValue.fromLong(1));
    BatchWriteRowRequest batch = new BatchWriteRowRequest();
    batch.addRowChange(update);
    batch.addRowChange(new RowPutChange("no_updates", key("u2")).addColumn("a", ColumnValue.fromLong(2)));

    assertParameterInvalid(() -> fx.client().updateRow(new UpdateRowRequest(update)), "allow_update is false");
    BatchWriteRowResponse response = fx.client().batchWriteRow(batch);

    assertThat(response.getFailedRows()).singleElement()
        .satisfies(r -> assertThat(r.getError().getMessage()).contains("allow_update is false"));
    assertThat(response.getSucceedRows()).hasSize(1);
    assertThat(fx.client().describeTable(new DescribeTableRequest("no_updates")).getTableOptions().getAllowUpdate()).isFalse();
  }

  @Test
  void updateFullRowIsSetByCreateTableDescribedAndNotChangedByUpdateTable() {
    TableOptions fullRow = new TableOptions(-1, 1);
    fullRow.setUpdateFullRow(true);
    fx.client().createTable(new CreateTableRequest(meta("full_row"), fullRow));
    fx.client().createTable(new CreateTableRequest(meta("not_full_row"), new TableOptions(-1, 1)));
    fx.client().putRow(new PutRowRequest(new RowPutChange("full_row", key("f1")).addColumn("a", ColumnValue.fromLong(1))
        .addColumn("b", ColumnValue.fromLong(2))));
    RowUpdateChange update = new RowUpdateChange("full_row", key("f1"));
    update.put("a", ColumnValue.fromLong(10));
    fx.client().updateRow(new UpdateRowRequest(update));

    assertThat(fx.client().describeTable(new DescribeTableRequest("full_row")).getTableOptions().getUpdateFullRow()).isTrue();
    assertThat(fx.client().describeTable(new DescribeTableRequest("not_full_row")).getTableOptions().getUpdateFullRow())
        .as("the default").isFalse();
    for (boolean value : new boolean[] {true, false}) {
      TableOptions change = new TableOptions(-1, 1);
      change.setUpdateFullRow(value);
      UpdateTableRequest updateTable = new UpdateTableRequest("full_row");
      updateTable.setTableOptionsForUpdate(change);
      assertParameterInvalid(() -> fx.client().updateTable(updateTable), "can not contain updateFullRow");
    }
    assertThat(fx.client().describeTable(new DescribeTableRequest("full_row")).getTableOptions().getUpdateFullRow()).isTrue();
    Row row = fx.client().getRow(new GetRowRequest(criteria("full_row", "f1"))).getRow();
    assertThat(row.getColumns()).extracting(c -> c.getName() + "=" + c.getValue().asLong()).containsExactly("a=10", "b=2");
  }

  @Test
  void definedColumnsAreKeptAndDescribedAndCheckedAsTheServiceChecksThem() {
    TableMeta meta = meta("defined");
    meta.addDefinedColumn("age", DefinedColumnType.INTEGER);
    meta.addDefinedColumn("name", DefinedColumnType.STRING);
    meta.addDefinedColumn("photo", DefinedColumnType.BINARY);
    fx.client().createTable(new CreateTableRequest(meta, new TableOptions(-1, 1)));
    TableMeta clash = meta("defined_clash");
    clash.addDefinedColumn("userid", DefinedColumnType.STRING);
    TableMeta tooMany = meta("defined_too_many");
    for (int i = 0; i < 33; i++) {
      tooMany.addDefinedColumn("c" + i, DefinedColumnType.DOUBLE);
    }

    DescribeTableResponse described = fx.client().describeTable(new DescribeTableRequest("defined"));

    assertThat(described.getTableMeta().getDefinedColumnsList()).extracting(DefinedColumnSchema::getName,
        DefinedColumnSchema::getType).containsExactly(
            org.assertj.core.groups.Tuple.tuple("age", DefinedColumnType.INTEGER),
            org.assertj.core.groups.Tuple.tuple("name", DefinedColumnType.STRING),
            org.assertj.core.groups.Tuple.tuple("photo", DefinedColumnType.BINARY));
    assertParameterInvalid(() -> fx.client().createTable(new CreateTableRequest(clash, new TableOptions(-1, 1))),
        "defined column userid repeats a primary key");
    assertParameterInvalid(() -> fx.client().createTable(new CreateTableRequest(tooMany, new TableOptions(-1, 1))),
        "at most 32, got 33");
  }

  @Test
  void serverSideEncryptionIsKeptAndDescribed() {
    CreateTableRequest kms = new CreateTableRequest(meta("sse_kms"), new TableOptions(-1, 1));
    kms.setSseSpecification(new SSESpecification(true, SSEKeyType.SSE_KMS_SERVICE));
    CreateTableRequest byok = new CreateTableRequest(meta("sse_byok"), new TableOptions(-1, 1));
    byok.setSseSpecification(new SSESpecification(true, SSEKeyType.SSE_BYOK, "key-1", "acs:ram::1:role/ots"));
    fx.client().createTable(kms);
    fx.client().createTable(byok);

    var kmsDetails = fx.client().describeTable(new DescribeTableRequest("sse_kms")).getSseDetails();
    var byokDetails = fx.client().describeTable(new DescribeTableRequest("sse_byok")).getSseDetails();
    var plainDetails = fx.client().describeTable(new DescribeTableRequest("wide")).getSseDetails();

    assertThat(kmsDetails.isEnable()).isTrue();
    assertThat(kmsDetails.getKeyType()).isEqualTo(SSEKeyType.SSE_KMS_SERVICE);
    assertThat(byokDetails.getKeyType()).isEqualTo(SSEKeyType.SSE_BYOK);
    assertThat(byokDetails.getKeyId()).isEqualTo("key-1");
    assertThat(byokDetails.getRoleArn()).isEqualTo("acs:ram::1:role/ots");
    assertThat(plainDetails.isEnable()).isFalse();
  }

  private static void assertParameterInvalid(ThrowingCallable call, String messagePart) {
    assertThatThrownBy(call).isInstanceOfSatisfying(TableStoreException.class, e -> {
      assertThat(e.getErrorCode()).isEqualTo("OTSParameterInvalid");
      assertThat(e.getHttpStatus()).isEqualTo(400);
      assertThat(e.getMessage()).contains(messagePart);
    });
  }

  private static TableMeta meta(String name) {
    TableMeta meta = new TableMeta(name);
    meta.addPrimaryKeyColumn(new PrimaryKeySchema("userid", PrimaryKeyType.STRING));
    return meta;
  }

  private static PrimaryKey key(String userid) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("userid", PrimaryKeyValue.fromString(userid)).build();
  }

  private static SingleRowQueryCriteria criteria(String userid) {
    return criteria("wide", userid);
  }

  private static SingleRowQueryCriteria criteria(String table, String userid) {
    SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(table, key(userid));
    criteria.setMaxVersions(1);
    return criteria;
  }
}
