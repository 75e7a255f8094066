package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.CapacityUnit;
import com.alicloud.openservices.tablestore.model.ComputeSplitsBySizeRequest;
import com.alicloud.openservices.tablestore.model.ComputeSplitsBySizeResponse;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.DeleteTableRequest;
import com.alicloud.openservices.tablestore.model.DescribeTableRequest;
import com.alicloud.openservices.tablestore.model.DescribeTableResponse;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.ReservedThroughput;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import com.alicloud.openservices.tablestore.model.UpdateTableRequest;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** CreateTable, DescribeTable, ListTable, UpdateTable, DeleteTable and ComputeSplitPointsBySize via the SDK. */
class TableOperationsTest {
  @RegisterExtension
  static final MockFixture fx = MockFixture.withTables();

  @Test
  void aCreatedTableIsDescribedWithItsSchemaOptionsAndThroughput() {
    TableMeta meta = new TableMeta("described");
    meta.addPrimaryKeyColumn("pk1", PrimaryKeyType.STRING);
    meta.addPrimaryKeyColumn("pk2", PrimaryKeyType.INTEGER);
    meta.addPrimaryKeyColumn("pk3", PrimaryKeyType.BINARY);
    fx.client().createTable(new CreateTableRequest(meta, new TableOptions(86400 * 7, 3), new ReservedThroughput(new CapacityUnit(10, 20))));

    DescribeTableResponse described = fx.client().describeTable(new DescribeTableRequest("described"));

    assertThat(described.getTableMeta().getTableName()).isEqualTo("described");
    assertThat(described.getTableMeta().getPrimaryKeyList()).containsExactly(
        new PrimaryKeySchema("pk1", PrimaryKeyType.STRING), new PrimaryKeySchema("pk2", PrimaryKeyType.INTEGER),
        new PrimaryKeySchema("pk3", PrimaryKeyType.BINARY));
    assertThat(described.getTableOptions().getTimeToLive()).isEqualTo(86400 * 7);
    assertThat(described.getTableOptions().getMaxVersions()).isEqualTo(3);
    assertThat(described.getReservedThroughputDetails().getCapacityUnit().getReadCapacityUnit()).isEqualTo(10);
    assertThat(described.getReservedThroughputDetails().getCapacityUnit().getWriteCapacityUnit()).isEqualTo(20);
    assertThat(described.getShardSplits()).isEmpty();
    assertThat(described.getCreationTime()).isPositive();
  }

  @Test
  void creatingAnExistingTableIsOtsObjectAlreadyExist() {
    createStringTable("twice");

    assertThatThrownBy(() -> createStringTable("twice"))
        .isInstanceOfSatisfying(TableStoreException.class, e -> {
          assertThat(e.getErrorCode()).isEqualTo("OTSObjectAlreadyExist");
          assertThat(e.getHttpStatus()).isEqualTo(409);
        });
  }

  @Test
  void listTableShowsCreatedTablesAndDeleteTableRemovesThem() {
    createStringTable("listed_a");
    createStringTable("listed_b");
    assertThat(fx.client().listTable().getTableNames()).contains("listed_a", "listed_b");

    fx.client().deleteTable(new DeleteTableRequest("listed_a"));

    assertThat(fx.client().listTable().getTableNames()).contains("listed_b").doesNotContain("listed_a");
    assertThatThrownBy(() -> fx.client().describeTable(new DescribeTableRequest("listed_a")))
        .isInstanceOfSatisfying(TableStoreException.class, e -> assertThat(e.getErrorCode()).isEqualTo("OTSObjectNotExist"));
    assertThatThrownBy(() -> fx.client().deleteTable(new DeleteTableRequest("listed_a")))
        .isInstanceOfSatisfying(TableStoreException.class, e -> assertThat(e.getErrorCode()).isEqualTo("OTSObjectNotExist"));
  }

  @Test
  void updateTableChangesOptionsAndReservedThroughput() {
    createStringTable("updated");
    UpdateTableRequest request = new UpdateTableRequest("updated");
    TableOptions options = new TableOptions();
    options.setMaxVersions(5);
    request.setTableOptionsForUpdate(options);
    request.setReservedThroughputForUpdate(new ReservedThroughput(new CapacityUnit(1, 2)));

    var response = fx.client().updateTable(request);

    assertThat(response.getTableOptions().getMaxVersions()).isEqualTo(5);
    DescribeTableResponse described = fx.client().describeTable(new DescribeTableRequest("updated"));
    assertThat(described.getTableOptions().getMaxVersions()).isEqualTo(5);
    assertThat(described.getReservedThroughputDetails().getCapacityUnit().getWriteCapacityUnit()).isEqualTo(2);
  }

  @Test
  void splitPointsRoundTripThroughDescribeTable() throws Exception {
    List<PrimaryKeyValue> points = List.of(PrimaryKeyValue.fromString("4000"), PrimaryKeyValue.fromString("8000"),
        PrimaryKeyValue.fromString("c000"));
    fx.create(TableSpec.named("presplit").key("userid", PrimaryKeyType.STRING).splitAt("4000", "8000", "c000"));

    List<PrimaryKey> shards = fx.client().describeTable(new DescribeTableRequest("presplit")).getShardSplits();

    assertThat(shards).extracting(pk -> pk.getPrimaryKeyColumn(0).getValue()).containsExactlyElementsOf(points);
    assertThat(shards).allSatisfy(pk -> assertThat(pk.getPrimaryKeyColumn(0).getName()).isEqualTo("userid"));
  }

  @Test
  void computeSplitPointsBySizeFollowsThePartitionsAndItsLocationsCoverEverySplit() throws Exception {
    fx.create(TableSpec.named("splits").key("userid", PrimaryKeyType.STRING).splitAt("m"));

    ComputeSplitsBySizeResponse response = fx.client().computeSplitsBySize(new ComputeSplitsBySizeRequest("splits", 1));

    assertThat(response.getSplits()).hasSize(2);
    assertThat(response.getSplits().get(0).getUpperBound().getPrimaryKeyColumn(0).getValue()).isEqualTo(PrimaryKeyValue.fromString("m"));
    assertThat(response.getSplits().get(0).getLocation()).isNotEqualTo(response.getSplits().get(1).getLocation());
    // The service names locations with 32 hexadecimal characters.
    assertThat(response.getSplits()).allSatisfy(split -> assertThat(split.getLocation()).matches("[0-9a-f]{32}"));
    assertThat(response.getConsumedCapacity().getCapacityUnit().getReadCapacityUnit()).isEqualTo(1);
  }

  @Test
  void computeSplitPointsBySizeCutsTheDataIntoContiguousSplitsOfAboutTheRequestedSize() {
    createStringTable("sized");
    for (int i = 0; i < 100; i++) {
      var change = new com.alicloud.openservices.tablestore.model.RowPutChange("sized", userKey(String.format("row%03d", i)));
      change.addColumn("field0", com.alicloud.openservices.tablestore.model.ColumnValue.fromString("x".repeat(1000)));
      fx.client().putRow(new com.alicloud.openservices.tablestore.model.PutRowRequest(change));
    }

    // 10 units of 1 KB: each split holds about 10 rows of ~1 KB.
    ComputeSplitsBySizeResponse response = fx.client().computeSplitsBySize(new ComputeSplitsBySizeRequest("sized", 10, 1024));

    var splits = response.getSplits();
    assertThat(splits).hasSizeBetween(8, 12);
    assertThat(splits.get(0).getLowerBound().getPrimaryKeyColumn(0).getValue()).isEqualTo(PrimaryKeyValue.INF_MIN);
    assertThat(splits.get(splits.size() - 1).getUpperBound().getPrimaryKeyColumn(0).getValue()).isEqualTo(PrimaryKeyValue.INF_MAX);
    int rows = 0;
    for (int i = 0; i < splits.size(); i++) {
      if (i > 0) {
        assertThat(splits.get(i).getLowerBound()).isEqualTo(splits.get(i - 1).getUpperBound());
      }
      var criteria = new com.alicloud.openservices.tablestore.model.RangeRowQueryCriteria("sized");
      criteria.setInclusiveStartPrimaryKey(splits.get(i).getLowerBound());
      criteria.setExclusiveEndPrimaryKey(splits.get(i).getUpperBound());
      criteria.setMaxVersions(1);
      int inSplit = fx.client().getRange(new com.alicloud.openservices.tablestore.model.GetRangeRequest(criteria)).getRows().size();
      assertThat(inSplit).isBetween(1, 12);
      rows += inSplit;
    }
    assertThat(rows).isEqualTo(100);
  }

  @Test
  void anInstanceHoldsAtMost64Tables() {
    try (MockTablestore small = MockTablestore.builder().start()) {
      SyncClient c = SdkClients.sync(small);
      try {
        for (int i = 0; i < 64; i++) {
          TableMeta meta = userTableMeta("t" + i);
          c.createTable(new CreateTableRequest(meta, new TableOptions(-1, 1)));
        }
        assertThatThrownBy(() -> c.createTable(new CreateTableRequest(userTableMeta("t64"), new TableOptions(-1, 1))))
            .isInstanceOfSatisfying(TableStoreException.class, e -> {
              assertThat(e.getErrorCode()).isEqualTo("OTSQuotaExhausted");
              assertThat(e.getMessage()).contains("64");
            });
      } finally {
        c.shutdown();
      }
    }
  }

  @Test
  void invalidTableAndColumnNamesAreRefusedNamingTheProblem() {
    TableMeta digit = new TableMeta("9lives");
    digit.addPrimaryKeyColumn("userid", PrimaryKeyType.STRING);
    TableMeta badPk = new TableMeta("ok_name");
    badPk.addPrimaryKeyColumn("user-id", PrimaryKeyType.STRING);

    assertThatThrownBy(() -> fx.client().createTable(new CreateTableRequest(digit, new TableOptions(-1, 1))))
        .isInstanceOfSatisfying(TableStoreException.class, e -> {
          assertThat(e.getErrorCode()).isEqualTo("OTSParameterInvalid");
          assertThat(e.getMessage()).contains("9lives");
        });
    assertThatThrownBy(() -> fx.client().createTable(new CreateTableRequest(badPk, new TableOptions(-1, 1))))
        .isInstanceOfSatisfying(TableStoreException.class, e -> assertThat(e.getMessage()).contains("user-id"));
  }

  @Test
  void moreThanFourPrimaryKeyColumnsAreRefused() {
    TableMeta meta = new TableMeta("wide_key");
    for (int i = 0; i < 5; i++) {
      meta.addPrimaryKeyColumn("pk" + i, PrimaryKeyType.INTEGER);
    }

    assertThatThrownBy(() -> fx.client().createTable(new CreateTableRequest(meta, new TableOptions(-1, 1))))
        .isInstanceOfSatisfying(TableStoreException.class, e -> {
          assertThat(e.getErrorCode()).isEqualTo("OTSParameterInvalid");
          assertThat(e.getMessage()).contains("[1, 4]");
        });
  }

  private static TableMeta userTableMeta(String name) {
    TableMeta meta = new TableMeta(name);
    meta.addPrimaryKeyColumn("userid", PrimaryKeyType.STRING);
    return meta;
  }

  private static PrimaryKey userKey(String userid) {
    return com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder.createPrimaryKeyBuilder()
        .addPrimaryKeyColumn("userid", PrimaryKeyValue.fromString(userid)).build();
  }

  private static void createStringTable(String name) {
    fx.client().createTable(new CreateTableRequest(userTableMeta(name), new TableOptions(-1, 1)));
  }
}
