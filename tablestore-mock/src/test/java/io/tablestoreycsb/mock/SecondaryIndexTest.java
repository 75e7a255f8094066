package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.CreateIndexRequest;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.DefinedColumnType;
import com.alicloud.openservices.tablestore.model.DeleteIndexRequest;
import com.alicloud.openservices.tablestore.model.DeleteRowRequest;
import com.alicloud.openservices.tablestore.model.DeleteTableRequest;
import com.alicloud.openservices.tablestore.model.DescribeTableRequest;
import com.alicloud.openservices.tablestore.model.Direction;
import com.alicloud.openservices.tablestore.model.GetRangeRequest;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.IndexMeta;
import com.alicloud.openservices.tablestore.model.IndexType;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyColumn;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RangeRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.Row;
import com.alicloud.openservices.tablestore.model.RowDeleteChange;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.RowUpdateChange;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import com.alicloud.openservices.tablestore.model.UpdateRowRequest;
import com.alicloud.openservices.tablestore.model.UpdateTableRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Global and local secondary indexes through the real SyncClient: declared with the table or
 * later, kept in step with every write of the base table, read by the index's name, and held to
 * the service's rules.
 */
class SecondaryIndexTest {
  @RegisterExtension
  static final MockFixture fx = MockFixture.withTables();

  @Test
  void anIndexDeclaredWithTheTableFollowsPutsUpdatesAndDeletes() {
    CreateTableRequest create = new CreateTableRequest(users("users"), new TableOptions(-1, 1));
    create.addIndex(index("users_by_city", List.of("city"), List.of("age")));
    fx.client().createTable(create);
    put("users", 1, "u1", "Paris", 30);
    put("users", 1, "u2", "Berlin", 40);
    put("users", 2, "u3", "Paris", 50);
    fx.client().putRow(new PutRowRequest(new RowPutChange("users", key(3, "u4")).addColumn("age", ColumnValue.fromLong(9))));

    assertThat(scan("users_by_city")).as("a row without the indexed column is not indexed").containsExactly(
        "Berlin/1/u2 age=40", "Paris/1/u1 age=30", "Paris/2/u3 age=50");

    RowUpdateChange moved = new RowUpdateChange("users", key(1, "u1"));
    moved.put("city", ColumnValue.fromString("Rome"));
    fx.client().updateRow(new UpdateRowRequest(moved));
    fx.client().deleteRow(new DeleteRowRequest(new RowDeleteChange("users", key(1, "u2"))));
    RowUpdateChange older = new RowUpdateChange("users", key(2, "u3"));
    older.put("age", ColumnValue.fromLong(51));
    BatchWriteRowRequest batch = new BatchWriteRowRequest();
    batch.addRowChange(older);
    fx.client().batchWriteRow(batch);

    assertThat(scan("users_by_city")).containsExactly("Paris/2/u3 age=51", "Rome/1/u1 age=30");
    Row byIndexKey = fx.client().getRow(new GetRowRequest(criteria("users_by_city", PrimaryKeyBuilder.createPrimaryKeyBuilder()
        .addPrimaryKeyColumn("city", PrimaryKeyValue.fromString("Rome"))
        .addPrimaryKeyColumn("region", PrimaryKeyValue.fromLong(1))
        .addPrimaryKeyColumn("id", PrimaryKeyValue.fromString("u1")).build()))).getRow();
    assertThat(byIndexKey.getLatestColumn("age").getValue().asLong()).isEqualTo(30);
  }

  @Test
  void createIndexWithBaseDataIndexesTheRowsAlreadyThereAndDeleteIndexDropsIt() {
    fx.client().createTable(new CreateTableRequest(users("later"), new TableOptions(-1, 1)));
    put("later", 1, "a", "Oslo", 20);
    put("later", 2, "b", "Lima", 21);
    IndexMeta local = index("later_local", List.of("region", "age"), List.of("city"));
    local.setIndexType(IndexType.IT_LOCAL_INDEX);
    local.setIndexUpdateMode(com.alicloud.openservices.tablestore.model.IndexUpdateMode.IUM_SYNC_INDEX);

    fx.client().createIndex(new CreateIndexRequest("later", index("later_by_city", List.of("city"), List.of()), true));
    fx.client().createIndex(new CreateIndexRequest("later", local, false));
    put("later", 1, "c", "Oslo", 22);

    List<IndexMeta> described = fx.client().describeTable(new DescribeTableRequest("later")).getIndexMeta();
    assertThat(described).extracting(IndexMeta::getIndexName, IndexMeta::getIndexType).containsExactly(
        org.assertj.core.groups.Tuple.tuple("later_by_city", IndexType.IT_GLOBAL_INDEX),
        org.assertj.core.groups.Tuple.tuple("later_local", IndexType.IT_LOCAL_INDEX));
    assertThat(described.get(1).getPrimaryKeyList()).containsExactly("region", "age");
    assertThat(scan("later_by_city")).containsExactly("Lima/2/b", "Oslo/1/a", "Oslo/1/c");
    assertThat(scan("later_local")).as("created without base data: only the later write").containsExactly("1/22/c city=Oslo");
    assertThat(fx.client().listTable().getTableNames()).contains("later").doesNotContain("later_by_city", "later_local");

    fx.client().deleteIndex(new DeleteIndexRequest("later", "later_by_city"));

    assertThat(fx.client().describeTable(new DescribeTableRequest("later")).getIndexMeta()).extracting(IndexMeta::getIndexName)
        .containsExactly("later_local");
    assertError(() -> scan("later_by_city"), "OTSObjectNotExist", "does not exist");
  }

  @Test
  void theServicesRulesHold() {
    TableMeta meta = users("rules");
    meta.addDefinedColumn("score", DefinedColumnType.DOUBLE);
    fx.client().createTable(new CreateTableRequest(meta, new TableOptions(-1, 1)));
    TableOptions twoVersions = new TableOptions(-1, 2);
    CreateTableRequest versioned = new CreateTableRequest(users("versioned"), twoVersions);
    versioned.addIndex(index("versioned_by_city", List.of("city"), List.of()));

    assertError(() -> fx.client().createIndex(new CreateIndexRequest("rules", index("by_score", List.of("score"), List.of()), false)),
        "OTSParameterInvalid", "an index primary key column must be INTEGER, STRING or BINARY");
    assertError(() -> fx.client().createIndex(new CreateIndexRequest("rules", index("by_nothing", List.of("nothing"), List.of()),
        false)), "OTSParameterInvalid", "neither a primary key column nor a predefined column");
    assertError(() -> fx.client().createIndex(new CreateIndexRequest("rules", index("rules", List.of("city"), List.of()), false)),
        "OTSObjectAlreadyExist", "the index name rules is the name of a table or index");
    for (int i = 0; i < 5; i++) {
      fx.client().createIndex(new CreateIndexRequest("rules", index("rules_" + i, List.of("city"), List.of()), false));
    }
    assertError(() -> fx.client().createIndex(new CreateIndexRequest("rules", index("rules_5", List.of("city"), List.of()), false)),
        "OTSParameterInvalid", "already has 5 indexes, the limit is 5");
    assertError(() -> fx.client().putRow(new PutRowRequest(new RowPutChange("rules_0", PrimaryKeyBuilder.createPrimaryKeyBuilder()
            .addPrimaryKeyColumn("city", PrimaryKeyValue.fromString("x")).addPrimaryKeyColumn("region", PrimaryKeyValue.fromLong(1))
            .addPrimaryKeyColumn("id", PrimaryKeyValue.fromString("y")).build()))),
        "OTSParameterInvalid", "Table rules_0 is an index of table rules");
    UpdateTableRequest keepTwo = new UpdateTableRequest("rules");
    keepTwo.setTableOptionsForUpdate(new TableOptions(-1, 2));

    assertError(() -> fx.client().createTable(versioned), "OTSParameterInvalid", "would have max_versions 2");
    assertError(() -> fx.client().updateTable(keepTwo), "OTSParameterInvalid", "table rules would have max_versions 2");
    UpdateTableRequest indexOnItsOwn = new UpdateTableRequest("rules_0");
    indexOnItsOwn.setTableOptionsForUpdate(new TableOptions(-1, 1));
    assertError(() -> fx.client().updateTable(indexOnItsOwn), "OTSParameterInvalid", "cannot be updated on its own");
    assertThat(fx.client().listTable().getTableNames()).doesNotContain("versioned");
  }

  @Test
  void deletingTheTableDropsItsIndexTables() {
    CreateTableRequest create = new CreateTableRequest(users("dropped"), new TableOptions(-1, 1));
    create.addIndex(index("dropped_by_city", List.of("city"), List.of()));
    fx.client().createTable(create);
    put("dropped", 1, "a", "Oslo", 20);

    assertError(() -> fx.client().deleteTable(new DeleteTableRequest("dropped_by_city")), "OTSParameterInvalid",
        "drop it with DropIndex");
    fx.client().deleteTable(new DeleteTableRequest("dropped"));

    assertError(() -> scan("dropped_by_city"), "OTSObjectNotExist", "does not exist");
  }

  @Test
  void concurrentUpdatesOfIndexedColumnsLeaveTheIndexEqualToTheTable() throws Exception {
    CreateTableRequest create = new CreateTableRequest(users("busy"), new TableOptions(-1, 1));
    create.addIndex(index("busy_by_city", List.of("city"), List.of("age")));
    fx.client().createTable(create);
    String[] cities = {"Oslo", "Lima", "Rome", "Kyiv"};
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int w = 0; w < 4; w++) {
        int writer = w;
        done.add(pool.submit(() -> {
          java.util.Random random = new java.util.Random(writer);
          for (int i = 0; i < 150; i++) {
            String id = "r" + random.nextInt(3);
            if (random.nextInt(10) == 0) {
              fx.client().deleteRow(new DeleteRowRequest(new RowDeleteChange("busy", key(1, id))));
            } else {
              put("busy", 1, id, cities[random.nextInt(cities.length)], writer * 1000 + i);
            }
          }
          return null;
        }));
      }
      for (Future<?> f : done) {
        f.get(60, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }

    List<String> expected = new ArrayList<>();
    for (String row : scan("busy")) { // "1/rN age=A city=C"
      String[] parts = row.split(" ");
      expected.add(parts[2].substring("city=".length()) + "/" + parts[0] + " " + parts[1]);
    }
    expected.sort(null);
    assertThat(scan("busy_by_city")).containsExactlyElementsOf(expected);
  }

  /** Primary key region (INTEGER), id (STRING); predefined columns city (STRING), age (INTEGER). */
  private static TableMeta users(String name) {
    TableMeta meta = new TableMeta(name);
    meta.addPrimaryKeyColumn(new PrimaryKeySchema("region", PrimaryKeyType.INTEGER));
    meta.addPrimaryKeyColumn(new PrimaryKeySchema("id", PrimaryKeyType.STRING));
    meta.addDefinedColumn("city", DefinedColumnType.STRING);
    meta.addDefinedColumn("age", DefinedColumnType.INTEGER);
    return meta;
  }

  private static IndexMeta index(String name, List<String> primaryKey, List<String> definedColumns) {
    IndexMeta index = new IndexMeta(name);
    primaryKey.forEach(index::addPrimaryKeyColumn);
    definedColumns.forEach(index::addDefinedColumn);
    return index;
  }

  private static void put(String table, long region, String id, String city, long age) {
    fx.client().putRow(new PutRowRequest(new RowPutChange(table, key(region, id)).addColumn("city", ColumnValue.fromString(city))
        .addColumn("age", ColumnValue.fromLong(age))));
  }

  private static PrimaryKey key(long region, String id) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("region", PrimaryKeyValue.fromLong(region))
        .addPrimaryKeyColumn("id", PrimaryKeyValue.fromString(id)).build();
  }

  private static SingleRowQueryCriteria criteria(String table, PrimaryKey key) {
    SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(table, key);
    criteria.setMaxVersions(1);
    return criteria;
  }

  /** Every row of {@code table} as "pk1/pk2/... column=value ...". */
  private static List<String> scan(String table) {
    int keyColumns = fx.client().describeTable(new DescribeTableRequest(table)).getTableMeta().getPrimaryKeyList().size();
    RangeRowQueryCriteria criteria = new RangeRowQueryCriteria(table);
    PrimaryKeyBuilder start = PrimaryKeyBuilder.createPrimaryKeyBuilder();
    PrimaryKeyBuilder end = PrimaryKeyBuilder.createPrimaryKeyBuilder();
    for (PrimaryKeySchema column : fx.client().describeTable(new DescribeTableRequest(table)).getTableMeta().getPrimaryKeyList()) {
      start.addPrimaryKeyColumn(column.getName(), PrimaryKeyValue.INF_MIN);
      end.addPrimaryKeyColumn(column.getName(), PrimaryKeyValue.INF_MAX);
    }
    assertThat(keyColumns).isPositive();
    criteria.setInclusiveStartPrimaryKey(start.build());
    criteria.setExclusiveEndPrimaryKey(end.build());
    criteria.setDirection(Direction.FORWARD);
    criteria.setMaxVersions(1);
    return fx.client().getRange(new GetRangeRequest(criteria)).getRows().stream().map(SecondaryIndexTest::describe).toList();
  }

  private static String describe(Row row) {
    String key = java.util.Arrays.stream(row.getPrimaryKey().getPrimaryKeyColumns()).map(PrimaryKeyColumn::getValue)
        .map(Object::toString).collect(Collectors.joining("/"));
    String columns = java.util.Arrays.stream(row.getColumns()).map(c -> " " + c.getName() + "=" + c.getValue())
        .collect(Collectors.joining());
    return key + columns;
  }

  private static void assertError(ThrowingCallable call, String code, String messagePart) {
    assertThatThrownBy(call).isInstanceOfSatisfying(TableStoreException.class, e -> {
      assertThat(e.getErrorCode()).isEqualTo(code);
      assertThat(e.getMessage()).contains(messagePart);
    });
  }
}
