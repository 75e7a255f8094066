package io.tablestoreycsb.mock.persist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.ClientConfiguration;
import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.DefinedColumnType;
import com.alicloud.openservices.tablestore.model.DeleteRowRequest;
import com.alicloud.openservices.tablestore.model.DescribeTableRequest;
import com.alicloud.openservices.tablestore.model.DescribeTableResponse;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.IndexMeta;
import com.alicloud.openservices.tablestore.model.NoRetryStrategy;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.Row;
import com.alicloud.openservices.tablestore.model.RowDeleteChange;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.RowUpdateChange;
import com.alicloud.openservices.tablestore.model.TableOptions;
import com.alicloud.openservices.tablestore.model.UpdateRowRequest;
import com.alicloud.openservices.tablestore.model.UpdateTableRequest;
import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A mock on a data directory, stopped and started again on it, through the real SDK: what it
 * kept, and the directories it refuses. (A mock killed with {@code kill -9} mid-writes:
 * {@code cli.DataDirectoryProcessTest}.)
 */
class DataDirectoryTest {
  @TempDir
  Path dir;

  @Test
  void aRestartKeepsTablesWithTheirSettingsSplitPointsRowVersionsAndIndexes() throws Exception {
    Path data = dir.resolve("data");
    withMock(data, (mock, client) -> {
      TableSpec.named("split").key("k", PrimaryKeyType.STRING).splitAt("m").maxVersions(3).create(mock, client);
      long now = System.currentTimeMillis();
      for (long version = 1; version <= 3; version++) {
        RowUpdateChange update = new RowUpdateChange("split", key("k", "a"));
        update.put("v", ColumnValue.fromLong(version), now + version);
        client.updateRow(new UpdateRowRequest(update));
      }
      client.putRow(new PutRowRequest(new RowPutChange("split", key("k", "z")).addColumn("v", ColumnValue.fromString("z"))));
      client.putRow(new PutRowRequest(new RowPutChange("split", key("k", "gone")).addColumn("v", ColumnValue.fromLong(0))));
      client.deleteRow(new DeleteRowRequest(new RowDeleteChange("split", key("k", "gone"))));
      UpdateTableRequest update = new UpdateTableRequest("split");
      update.setTableOptionsForUpdate(new TableOptions(86400));
      client.updateTable(update);

      TableMeta users = new TableMeta("users");
      users.addPrimaryKeyColumn(new PrimaryKeySchema("id", PrimaryKeyType.STRING));
      users.addDefinedColumn("city", DefinedColumnType.STRING);
      CreateTableRequest create = new CreateTableRequest(users, new TableOptions(-1, 1));
      IndexMeta byCity = new IndexMeta("users_by_city");
      byCity.addPrimaryKeyColumn("city");
      create.addIndex(byCity);
      client.createTable(create);
      client.putRow(new PutRowRequest(new RowPutChange("users", key("id", "u1")).addColumn("city", ColumnValue.fromString("Oslo"))));
    });

    withMock(data, (mock, client) -> {
      DescribeTableResponse split = client.describeTable(new DescribeTableRequest("split"));
      assertThat(split.getShardSplits()).extracting(pk -> pk.getPrimaryKeyColumn(0).getValue())
          .containsExactly(PrimaryKeyValue.fromString("m"));
      assertThat(split.getTableOptions().getTimeToLive()).isEqualTo(86400);
      assertThat(split.getTableOptions().getMaxVersions()).isEqualTo(3);
      assertThat(row(client, "split", key("k", "a")).getColumn("v")).extracting(c -> c.getValue().asLong())
          .containsExactly(3L, 2L, 1L);
      assertThat(row(client, "split", key("k", "z")).getLatestColumn("v").getValue().asString()).isEqualTo("z");
      assertThat(row(client, "split", key("k", "gone"))).isNull();
      assertThat(mock.rowCount("split")).isEqualTo(2);

      assertThat(client.describeTable(new DescribeTableRequest("users")).getIndexMeta())
          .extracting(IndexMeta::getIndexName).containsExactly("users_by_city");
      PrimaryKey oslo = PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("city", PrimaryKeyValue.fromString("Oslo"))
          .addPrimaryKeyColumn("id", PrimaryKeyValue.fromString("u1")).build();
      assertThat(row(client, "users_by_city", oslo)).as("the index's rows were kept").isNotNull();
      client.putRow(new PutRowRequest(new RowPutChange("users", key("id", "u2")).addColumn("city", ColumnValue.fromString("Rome"))));
      assertThat(mock.rowCount("users_by_city")).as("the index follows writes after the restart").isEqualTo(2);
    });
  }

  @Test
  void aFormatOneDirectoryIsReadAndWrittenAgainAsFormatThree() throws Exception {
    Path data = dir.resolve("data");
    long then = System.currentTimeMillis() - 60_000;
    withMock(data, (mock, client) -> {
      TableSpec.named("old").key("k", PrimaryKeyType.STRING).maxVersions(3).create(mock, client);
      RowPutChange put = new RowPutChange("old", key("k", "a"))
          .addColumn("s", ColumnValue.fromString("text"), then)
          .addColumn("i", ColumnValue.fromLong(-7), then + 1)
          .addColumn("d", ColumnValue.fromDouble(2.5), then)
          .addColumn("b", ColumnValue.fromBoolean(true), then)
          .addColumn("x", ColumnValue.fromBinary(new byte[] {0, 1, 2}), then);
      client.putRow(new PutRowRequest(put));
      for (long version = 1; version <= 2; version++) {
        RowUpdateChange update = new RowUpdateChange("old", key("k", "a"));
        update.put("s", ColumnValue.fromString("text" + version), then - 1000 * version);
        client.updateRow(new UpdateRowRequest(update));
      }
    });
    rewriteAsFormatOne(data);

    withMock(data, (mock, client) -> {
      Row a = row(client, "old", key("k", "a"));
      assertThat(a.getColumn("s")).extracting(c -> c.getValue().asString() + "@" + c.getTimestamp())
          .containsExactly("text@" + then, "text1@" + (then - 1000), "text2@" + (then - 2000));
      assertThat(a.getLatestColumn("i").getValue().asLong()).isEqualTo(-7);
      assertThat(a.getLatestColumn("i").getTimestamp()).isEqualTo(then + 1);
      assertThat(a.getLatestColumn("d").getValue().asDouble()).isEqualTo(2.5);
      assertThat(a.getLatestColumn("b").getValue().asBoolean()).isTrue();
      assertThat(a.getLatestColumn("x").getValue().asBinary()).containsExactly(0, 1, 2);
      client.putRow(new PutRowRequest(new RowPutChange("old", key("k", "b")).addColumn("s", ColumnValue.fromString("new"))));
    });
    assertThat(Files.readString(data.resolve("FORMAT")).strip()).isEqualTo("tablestore-mock data directory, format 3");
    withMock(data, (mock, client) -> {
      assertThat(row(client, "old", key("k", "a")).getColumn("s")).hasSize(3);
      assertThat(row(client, "old", key("k", "b")).getLatestColumn("s").getValue().asString()).isEqualTo("new");
    });
  }

  /** What a mock of format 1 would have left: every row's cells in the legacy layout, the file and FORMAT saying 1. */
  private static void rewriteAsFormatOne(Path data) throws Exception {
    org.h2.mvstore.MVStore store = org.h2.mvstore.MVStore.open(data.resolve("state.mv").toString());
    try {
      int rewritten = 0;
      for (String name : store.getMapNames()) {
        if (name.startsWith("rows/")) {
          org.h2.mvstore.MVMap<byte[], byte[]> rows = store.openMap(name, new org.h2.mvstore.MVMap.Builder<byte[], byte[]>()
              .keyType(org.h2.mvstore.type.ByteArrayDataType.INSTANCE).valueType(org.h2.mvstore.type.ByteArrayDataType.INSTANCE));
          for (byte[] key : new java.util.ArrayList<>(rows.keySet())) {
            rows.put(key, legacyCells(rows.get(key)));
            rewritten++;
          }
        }
      }
      assertThat(rewritten).isPositive();
      store.openMap("info", new org.h2.mvstore.MVMap.Builder<String, String>()
          .keyType(org.h2.mvstore.type.StringDataType.INSTANCE).valueType(org.h2.mvstore.type.StringDataType.INSTANCE))
          .put(StateStore.FORMAT_KEY, "1");
      store.commit();
    } finally {
      store.close();
    }
    Files.writeString(data.resolve("FORMAT"), "tablestore-mock data directory, format 1\n");
  }

  /** Format 1's cells: per column varint name length, name, varint version count; per version 8-byte LE timestamp, type, value. */
  private static byte[] legacyCells(byte[] cells) {
    java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
    io.tablestoreycsb.mock.storage.CellCursor cursor = new io.tablestoreycsb.mock.storage.CellCursor(cells);
    while (cursor.nextColumn()) {
      byte[] name = cursor.nameBytes();
      varint(out, name.length);
      out.writeBytes(name);
      varint(out, cursor.versionCount());
      while (cursor.nextVersion()) {
        out.writeBytes(java.nio.ByteBuffer.allocate(8).order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong(cursor.timestamp()).array());
        out.write(cursor.type());
        if (cursor.type() == 3 || cursor.type() == 7) { // STRING, BINARY carry their length
          varint(out, cursor.valueLength());
        }
        out.write(cursor.array(), cursor.valueOffset(), cursor.valueLength());
      }
    }
    return out.toByteArray();
  }

  private static void varint(java.io.ByteArrayOutputStream out, int value) {
    while ((value & ~0x7F) != 0) {
      out.write((value & 0x7F) | 0x80);
      value >>>= 7;
    }
    out.write(value);
  }

  @Test
  void aSecondMockOnADirectoryInUseIsRefusedAndTheFirstGoesOn() throws Exception {
    Path data = dir.resolve("data");
    withMock(data, (first, client) -> {
      assertThatThrownBy(() -> MockTablestore.builder().dataDirectory(data).start())
          .isInstanceOf(StateFileException.class)
          .hasMessageContaining("data directory " + data + " is in use by another tablestore-mock (process "
              + ProcessHandle.current().pid() + ")");
      TableSpec.named("t").key("k", PrimaryKeyType.STRING).create(first, client);
    });
    withMock(data, (again, client) -> assertThat(again.rowCount("t")).isZero());
  }

  @Test
  void aDirectoryOfAnotherFormatVersionIsRefusedAndLeftAsItWas() throws Exception {
    Path data = dir.resolve("data");
    withMock(data, (mock, client) -> TableSpec.named("t").key("k", PrimaryKeyType.STRING).create(mock, client));
    Files.writeString(data.resolve("FORMAT"), "tablestore-mock data directory, format 4\n");
    byte[] state = Files.readAllBytes(data.resolve("state.mv"));

    assertThatThrownBy(() -> MockTablestore.builder().dataDirectory(data).start())
        .isInstanceOf(StateFileException.class)
        .hasMessageContaining("format version 4, and this tablestore-mock reads format versions 1 to 3: nothing was read or changed");
    assertThat(Files.readAllBytes(data.resolve("state.mv"))).isEqualTo(state);
  }

  @Test
  void aDirectoryHoldingOtherFilesIsNotTakenForADataDirectory() throws Exception {
    Path data = Files.createDirectories(dir.resolve("photos"));
    Files.writeString(data.resolve("holiday.jpg"), "not ours");

    assertThatThrownBy(() -> MockTablestore.builder().dataDirectory(data).start())
        .isInstanceOf(StateFileException.class)
        .hasMessageContaining("is not empty and has no FORMAT file: it is not a tablestore-mock data directory");
    try (var files = Files.list(data)) {
      assertThat(files.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("holiday.jpg", "lock");
    }
  }

  @Test
  void aSnapshotSeedsANewMockAndRestoresARunningOne() throws Exception {
    Path snapshot = dir.resolve("state.snapshot");
    try (MockTablestore source = MockTablestore.builder().start()) {
      SyncClient client = client(source);
      try {
        TableSpec.named("t").key("k", PrimaryKeyType.STRING).splitAt("m").create(source, client);
        client.putRow(new PutRowRequest(new RowPutChange("t", key("k", "kept")).addColumn("v", ColumnValue.fromLong(1))));
        source.snapshot(snapshot);
        client.putRow(new PutRowRequest(new RowPutChange("t", key("k", "later")).addColumn("v", ColumnValue.fromLong(2))));
        TableSpec.named("other").key("k", PrimaryKeyType.STRING).create(source, client);

        source.restore(snapshot);

        assertThat(client.listTable().getTableNames()).containsExactly("t");
        assertThat(row(client, "t", key("k", "kept"))).isNotNull();
        assertThat(row(client, "t", key("k", "later"))).isNull();
      } finally {
        client.shutdown();
      }
    }
    Path data = dir.resolve("seeded");
    try (MockTablestore seeded = MockTablestore.builder().seed(snapshot).dataDirectory(data).start()) {
      assertThat(seeded.rowCount("t")).isEqualTo(1);
    }
    withMock(data, (mock, client) -> {
      assertThat(row(client, "t", key("k", "kept")).getLatestColumn("v").getValue().asLong()).isEqualTo(1);
      client.putRow(new PutRowRequest(new RowPutChange("t", key("k", "after")).addColumn("v", ColumnValue.fromLong(3))));
    });
    assertThatThrownBy(() -> MockTablestore.builder().seed(snapshot).dataDirectory(data).start())
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("it already holds tables");
    withMock(data, (mock, client) -> assertThat(mock.rowCount("t")).as("the refused seed changed nothing").isEqualTo(2));
  }

  @Test
  void aFileThatIsNoSnapshotIsRefusedBeforeAnythingIsDropped() throws Exception {
    Path notASnapshot = Files.writeString(dir.resolve("notes.txt"), "hello");
    try (MockTablestore mock = MockTablestore.builder().start()) {
      SyncClient client = client(mock);
      try {
        TableSpec.named("t").key("k", PrimaryKeyType.STRING).create(mock, client);

        assertThatThrownBy(() -> mock.restore(notASnapshot)).isInstanceOf(StateFileException.class)
            .hasMessageContaining(notASnapshot.toString());
        assertThat(client.listTable().getTableNames()).containsExactly("t");
      } finally {
        client.shutdown();
      }
    }
  }

  interface MockUse {
    void accept(MockTablestore mock, SyncClient client) throws Exception;
  }

  /** Runs {@code use} against a mock on data directory {@code data} and a client of it, then closes both. */
  static void withMock(Path data, MockUse use) throws Exception {
    try (MockTablestore mock = MockTablestore.builder().dataDirectory(data).start()) {
      SyncClient client = client(mock);
      try {
        use.accept(mock, client);
      } finally {
        client.shutdown();
      }
    }
  }

  static SyncClient client(MockTablestore mock) {
    ClientConfiguration config = new ClientConfiguration();
    config.setRetryStrategy(new NoRetryStrategy());
    return new SyncClient(mock.endpoint(), mock.accessKeyId(), mock.accessKeySecret(), mock.instanceName(), config);
  }

  private static PrimaryKey key(String column, String value) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn(column, PrimaryKeyValue.fromString(value)).build();
  }

  private static Row row(SyncClient client, String table, PrimaryKey key) {
    SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(table, key);
    criteria.setMaxVersions(10);
    return client.getRow(new GetRowRequest(criteria)).getRow();
  }
}
