package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferBuilder;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.Direction;
import com.alicloud.openservices.tablestore.model.GetRangeRequest;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.RangeRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import com.alicloud.openservices.tablestore.model.search.ListSearchIndexRequest;
import com.aliyun.ots.thirdparty.com.google.protobuf.ByteString;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Requests the service refuses or accepts where a client could guess either way, answered as the
 * service answers them, in its words: the SDK authors' own tests (Python SDK 6.1.0's
 * {@code row_op_test.py}, {@code table_operation_test.py}) compare these messages verbatim. Shapes
 * the Java SDK will not send (empty batches, a limit of 0) go over raw HTTP.
 */
class ServiceWordsTest {
  private static final String TABLE = "words";

  @RegisterExtension
  static final MockFixture fx = MockFixture.withTables(TableSpec.named(TABLE).key("id", PrimaryKeyType.STRING));

  @Test
  void aRangeInTheWrongDirectionOrEmptyIsRefused() {
    assertRefused(() -> getRange(Direction.FORWARD, "d", "a"), "Begin key must less than end key in FORWARD");
    assertRefused(() -> getRange(Direction.FORWARD, "a", "a"), "Begin key must less than end key in FORWARD");
    assertRefused(() -> getRange(Direction.BACKWARD, "a", "d"), "Begin key must more than end key in BACKWARD");
    assertRefused(() -> getRange(Direction.BACKWARD, "a", "a"), "Begin key must more than end key in BACKWARD");

    assertThat(getRange(Direction.FORWARD, "a", "d")).isEmpty();
  }

  @Test
  void aRangeLimitBelowOneIsRefused() throws Exception {
    for (int limit : new int[] {0, -1}) {
      OtsInternalApi.GetRangeRequest request = OtsInternalApi.GetRangeRequest.newBuilder()
          .setTableName(TABLE).setDirection(OtsInternalApi.Direction.FORWARD).setMaxVersions(1).setLimit(limit)
          .setInclusiveStartPrimaryKey(keyBytes("a")).setExclusiveEndPrimaryKey(keyBytes("d")).build();

      RawOtsHttp.Answer answer = fx.raw().post("GetRange", request.toByteArray());

      assertThat(answer.status()).isEqualTo(400);
      assertThat(answer.error().getCode()).isEqualTo("OTSParameterInvalid");
      assertThat(answer.error().getMessage()).isEqualTo("The limit must be greater than 0.");
    }
  }

  @Test
  void aBatchWriteWithoutTablesOrWithATableWithoutRowsIsRefused() {
    OtsInternalApi.BatchWriteRowRequest noTables = OtsInternalApi.BatchWriteRowRequest.newBuilder().build();
    OtsInternalApi.BatchWriteRowRequest emptyTable = OtsInternalApi.BatchWriteRowRequest.newBuilder()
        .addTables(OtsInternalApi.TableInBatchWriteRowRequest.newBuilder().setTableName(TABLE)).build();

    assertRawRefused("BatchWriteRow", noTables.toByteArray(), "No row is specified in BatchWriteRow.");
    assertRawRefused("BatchWriteRow", emptyTable.toByteArray(), "No operation is specified for table: 'words'.");
  }

  @Test
  void aBatchGetWithoutTablesIsRefusedAndATableWithoutRowsIsAnsweredWithoutRows() throws Exception {
    OtsInternalApi.BatchGetRowRequest noTables = OtsInternalApi.BatchGetRowRequest.newBuilder().build();
    OtsInternalApi.BatchGetRowRequest emptyTable = OtsInternalApi.BatchGetRowRequest.newBuilder()
        .addTables(OtsInternalApi.TableInBatchGetRowRequest.newBuilder().setTableName(TABLE).setMaxVersions(1)).build();

    assertRawRefused("BatchGetRow", noTables.toByteArray(), "No row specified in the request of BatchGetRow.");
    RawOtsHttp.Answer answer = fx.raw().post("BatchGetRow", emptyTable.toByteArray());

    assertThat(answer.status()).isEqualTo(200);
    OtsInternalApi.BatchGetRowResponse response = OtsInternalApi.BatchGetRowResponse.parseFrom(answer.body());
    assertThat(response.getTablesList()).singleElement().satisfies(table -> {
      assertThat(table.getTableName()).isEqualTo(TABLE);
      assertThat(table.getRowsCount()).isZero();
    });
  }

  @Test
  void aRepeatedPrimaryKeyNameInCreateTableIsRefused() {
    TableMeta meta = new TableMeta("twice");
    meta.addPrimaryKeyColumn("PK0", PrimaryKeyType.STRING);
    meta.addPrimaryKeyColumn("PK0", PrimaryKeyType.INTEGER);

    assertRefused(() -> fx.client().createTable(new CreateTableRequest(meta, new TableOptions(-1, 1))),
        "Duplicated primary key name: 'PK0'.");
    assertThat(fx.client().listTable().getTableNames()).doesNotContain("twice");
  }

  @Test
  void listSearchIndexIsAnEmptyListForATableAndRefusedForAMissingOne() {
    ListSearchIndexRequest ofTable = new ListSearchIndexRequest();
    ofTable.setTableName(TABLE);
    ListSearchIndexRequest ofMissing = new ListSearchIndexRequest();
    ofMissing.setTableName("no_such_table");

    assertThat(fx.client().listSearchIndex(ofTable).getIndexInfos()).isEmpty();
    assertThatThrownBy(() -> fx.client().listSearchIndex(ofMissing))
        .isInstanceOfSatisfying(TableStoreException.class, e -> assertThat(e.getErrorCode()).isEqualTo("OTSObjectNotExist"));
  }

  private static java.util.List<com.alicloud.openservices.tablestore.model.Row> getRange(Direction direction, String start,
      String end) {
    RangeRowQueryCriteria criteria = new RangeRowQueryCriteria(TABLE);
    criteria.setDirection(direction);
    criteria.setInclusiveStartPrimaryKey(key(start));
    criteria.setExclusiveEndPrimaryKey(key(end));
    criteria.setMaxVersions(1);
    return fx.client().getRange(new GetRangeRequest(criteria)).getRows();
  }

  private static void assertRefused(ThrowingCallable call, String message) {
    assertThatThrownBy(call).isInstanceOfSatisfying(TableStoreException.class, e -> {
      assertThat(e.getErrorCode()).isEqualTo("OTSParameterInvalid");
      assertThat(e.getHttpStatus()).isEqualTo(400);
      assertThat(e.getMessage()).isEqualTo(message);
    });
  }

  private static void assertRawRefused(String action, byte[] body, String message) {
    RawOtsHttp.Answer answer = fx.raw().post(action, body);

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.error().getCode()).isEqualTo("OTSParameterInvalid");
    assertThat(answer.error().getMessage()).isEqualTo(message);
  }

  private static PrimaryKey key(String id) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("id", PrimaryKeyValue.fromString(id)).build();
  }

  private static ByteString keyBytes(String id) throws Exception {
    return ByteString.copyFrom(PlainBufferBuilder.buildPrimaryKeyWithHeader(key(id)));
  }
}
