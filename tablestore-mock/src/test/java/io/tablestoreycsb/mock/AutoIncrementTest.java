package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowResponse;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.DeleteRowRequest;
import com.alicloud.openservices.tablestore.model.DescribeTableRequest;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyOption;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.ReturnType;
import com.alicloud.openservices.tablestore.model.Row;
import com.alicloud.openservices.tablestore.model.RowDeleteChange;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.RowUpdateChange;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import com.alicloud.openservices.tablestore.model.UpdateRowRequest;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Auto-increment primary key columns through the real SyncClient: the server assigns the value of
 * the AUTO_INCREMENT placeholder, strictly increasing within a partition key, and returns it with
 * ReturnType RT_PK; misuse is refused.
 */
class AutoIncrementTest {
  /** Primary key: user (STRING, partition key), seq (INTEGER, auto-increment). */
  private static final String MESSAGES = "messages";

  @RegisterExtension
  static final MockFixture fx = MockFixture.withTables(TableSpec.named(MESSAGES).key("user", PrimaryKeyType.STRING).autoIncrementKey("seq"));

  @Test
  void describeTableShowsTheAutoIncrementOption() {
    List<PrimaryKeySchema> schema = fx.client().describeTable(new DescribeTableRequest(MESSAGES)).getTableMeta().getPrimaryKeyList();

    assertThat(schema.get(0).hasOption()).isFalse();
    assertThat(schema.get(1).getOption()).isEqualTo(PrimaryKeyOption.AUTO_INCREMENT);
  }

  @Test
  void putRowAssignsStrictlyIncreasingValuesReturnedWithRtPk() {
    List<Long> assigned = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      PrimaryKey key = putMessage("alice", "hello " + i);
      assertThat(key.getPrimaryKeyColumn(0).getValue().asString()).isEqualTo("alice");
      assigned.add(key.getPrimaryKeyColumn("seq").getValue().asLong());
    }

    assertThat(assigned).isSorted().doesNotHaveDuplicates();
    assertThat(assigned.get(0)).isPositive();
    for (int i = 0; i < assigned.size(); i++) {
      Row row = getRow(key("alice", assigned.get(i)));
      assertThat(row).as("row %d under its assigned key", i).isNotNull();
      assertThat(row.getLatestColumn("text").getValue().asString()).isEqualTo("hello " + i);
    }
  }

  @Test
  void updateRowWithThePlaceholderCreatesARowAndWithTheValueChangesIt() {
    RowUpdateChange create = new RowUpdateChange(MESSAGES, placeholderKey("bob"));
    create.put("text", ColumnValue.fromString("draft"));
    create.setReturnType(ReturnType.RT_PK);
    PrimaryKey assigned = fx.client().updateRow(new UpdateRowRequest(create)).getRow().getPrimaryKey();

    RowUpdateChange edit = new RowUpdateChange(MESSAGES, assigned);
    edit.put("text", ColumnValue.fromString("sent"));
    fx.client().updateRow(new UpdateRowRequest(edit));

    assertThat(getRow(assigned).getLatestColumn("text").getValue().asString()).isEqualTo("sent");
  }

  @Test
  void batchWriteRowAssignsEachPlaceholderItsOwnValue() {
    BatchWriteRowRequest batch = new BatchWriteRowRequest();
    for (int i = 0; i < 3; i++) {
      RowPutChange put = new RowPutChange(MESSAGES, placeholderKey("carol"));
      put.addColumn("text", ColumnValue.fromString("batch " + i));
      put.setReturnType(ReturnType.RT_PK);
      batch.addRowChange(put);
    }

    BatchWriteRowResponse response = fx.client().batchWriteRow(batch);

    assertThat(response.isAllSucceed()).isTrue();
    List<Long> assigned = new ArrayList<>();
    for (BatchWriteRowResponse.RowResult result : response.getRowStatus(MESSAGES)) {
      assigned.add(result.getRow().getPrimaryKey().getPrimaryKeyColumn("seq").getValue().asLong());
    }
    assertThat(assigned).hasSize(3).isSorted().doesNotHaveDuplicates();
    assertThat(getRow(key("carol", assigned.get(2))).getLatestColumn("text").getValue().asString()).isEqualTo("batch 2");
  }

  @Test
  void aClientChosenValueIsWrittenAsGiven() {
    fx.client().putRow(new PutRowRequest(withText(new RowPutChange(MESSAGES, key("dave", 42)), "imported")));

    assertThat(getRow(key("dave", 42)).getLatestColumn("text").getValue().asString()).isEqualTo("imported");
  }

  @Test
  void thePlaceholderIsRefusedInAColumnThatIsNotAutoIncrement() {
    PrimaryKey key = PrimaryKeyBuilder.createPrimaryKeyBuilder()
        .addPrimaryKeyColumn("user", PrimaryKeyValue.AUTO_INCREMENT)
        .addPrimaryKeyColumn("seq", PrimaryKeyValue.AUTO_INCREMENT).build();

    assertParameterInvalid(() -> fx.client().putRow(new PutRowRequest(withText(new RowPutChange(MESSAGES, key), "x"))),
        "Primary key column user in row is not an auto-increment column of table messages");
  }

  @Test
  void readsAndDeletesNeedTheValueNotThePlaceholder() {
    assertParameterInvalid(() -> getRow(placeholderKey("alice")), "AUTO_INCREMENT placeholder of primary key column seq");
    assertParameterInvalid(() -> fx.client().deleteRow(new DeleteRowRequest(new RowDeleteChange(MESSAGES, placeholderKey("alice")))),
        "A delete must name the row's value of auto-increment column seq");
  }

  @Test
  void createTableRefusesAnAutoIncrementPartitionKeyANonIntegerColumnAndASecondOne() {
    TableMeta partitionKey = new TableMeta("ai_partition_key");
    partitionKey.addAutoIncrementPrimaryKeyColumn("id");
    TableMeta twoColumns = new TableMeta("ai_two");
    twoColumns.addPrimaryKeyColumn(new PrimaryKeySchema("user", PrimaryKeyType.STRING));
    twoColumns.addAutoIncrementPrimaryKeyColumn("a");
    twoColumns.addAutoIncrementPrimaryKeyColumn("b");

    assertParameterInvalid(() -> fx.client().createTable(new CreateTableRequest(partitionKey, new TableOptions(-1, 1))),
        "The partition key (the first primary key column) id cannot be an auto-increment column.");
    assertParameterInvalid(() -> fx.client().createTable(new CreateTableRequest(twoColumns, new TableOptions(-1, 1))),
        "A table has at most one auto-increment primary key column, got a and b.");
    assertThat(fx.client().listTable().getTableNames()).doesNotContain("ai_partition_key", "ai_two");
  }

  private static PrimaryKey putMessage(String user, String text) {
    RowPutChange put = withText(new RowPutChange(MESSAGES, placeholderKey(user)), text);
    put.setReturnType(ReturnType.RT_PK);
    return fx.client().putRow(new PutRowRequest(put)).getRow().getPrimaryKey();
  }

  private static RowPutChange withText(RowPutChange put, String text) {
    put.addColumn("text", ColumnValue.fromString(text));
    return put;
  }

  private static Row getRow(PrimaryKey key) {
    SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(MESSAGES, key);
    criteria.setMaxVersions(1);
    return fx.client().getRow(new GetRowRequest(criteria)).getRow();
  }

  private static PrimaryKey placeholderKey(String user) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("user", PrimaryKeyValue.fromString(user))
        .addPrimaryKeyColumn("seq", PrimaryKeyValue.AUTO_INCREMENT).build();
  }

  private static PrimaryKey key(String user, long seq) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("user", PrimaryKeyValue.fromString(user))
        .addPrimaryKeyColumn("seq", PrimaryKeyValue.fromLong(seq)).build();
  }

  private static void assertParameterInvalid(ThrowingCallable call, String messagePart) {
    assertThatThrownBy(call).isInstanceOfSatisfying(TableStoreException.class, e -> {
      assertThat(e.getErrorCode()).isEqualTo("OTSParameterInvalid");
      assertThat(e.getHttpStatus()).isEqualTo(400);
      assertThat(e.getMessage()).contains(messagePart);
    });
  }
}
