package io.tablestoreycsb.mock.persist;

import static io.tablestoreycsb.mock.fixtures.KeyValueTable.key;
import static io.tablestoreycsb.mock.fixtures.KeyValueTable.rows;
import static io.tablestoreycsb.mock.persist.DataDirectoryTest.withMock;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.Column;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.RowUpdateChange;
import com.alicloud.openservices.tablestore.model.UpdateRowRequest;
import com.alicloud.openservices.tablestore.model.DeleteRowRequest;
import com.alicloud.openservices.tablestore.model.DeleteTableRequest;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RowDeleteChange;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.mock.fixtures.CrashImage;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A data directory's write-ahead log read back at start, through the real SDK: replayed over the
 * last checkpoint after what a kill -9 leaves ({@link CrashImage}), a record torn by the kill
 * dropped, a corrupt one refused, and a directory of format 2 (the state file alone) taken up.
 */
class WalRecoveryTest {
  private static final int ROWS = 30;

  @TempDir
  Path dir;

  @Test
  void aLogReplayedOverTheLastCheckpointBringsBackWritesDeletesAndATableDroppedAndCreatedAgain() throws Exception {
    Path data = dir.resolve("data");
    withMock(data, (mock, client) -> { // stopped cleanly: its state is the checkpoint
      TableSpec.named("t").key("k", PrimaryKeyType.STRING).create(mock, client);
      for (String key : List.of("a", "b", "c")) {
        put(client, "t", key, 1);
      }
      TableSpec.named("d").key("k", PrimaryKeyType.STRING).create(mock, client);
      put(client, "d", "old", 1);
    });
    Path image = dir.resolve("image");
    withMock(data, (mock, client) -> { // killed: what it did is in the log only
      put(client, "t", "a", 2);
      client.deleteRow(new DeleteRowRequest(new RowDeleteChange("t", key("b"))));
      put(client, "t", "e", 1);
      client.deleteTable(new DeleteTableRequest("d"));
      TableSpec.named("d").key("k", PrimaryKeyType.STRING).create(mock, client);
      put(client, "d", "new", 7);
      assertThat(segments(data)).as("the first mock's stop checkpointed and left no log").hasSize(1);
      CrashImage.of(data, image);
    });

    withMock(image, (mock, client) -> {
      assertThat(rows(client, "t")).containsExactly(Map.entry("a", 2L), Map.entry("c", 1L), Map.entry("e", 1L));
      assertThat(rows(client, "d")).containsExactly(Map.entry("new", 7L));
      put(client, "t", "f", 1);
    });
    withMock(image, (mock, client) -> assertThat(rows(client, "t")).containsKeys("a", "c", "e", "f").hasSize(4));
  }

  @Test
  void aRecordTornByAKillIsDroppedWithEverythingBeforeItReadAndWritesGoOnAfterIt() throws Exception {
    Path image = crashImageOfSequentialPuts();
    Path segment = segments(image).get(segments(image).size() - 1);
    List<LogEntry> entries = entries(segment);
    long firstRow = entries.stream().filter(e -> e.kind() == WalRecords.ROW_PUT).findFirst().orElseThrow().offset();
    long seed = System.nanoTime();
    long cut = firstRow + 1 + Math.floorMod(new Random(seed).nextLong(), Files.size(segment) - firstRow - 1);
    int whole = (int) entries.stream().filter(e -> e.kind() == WalRecords.ROW_PUT && e.end() <= cut).count();
    try (FileChannel file = FileChannel.open(segment, StandardOpenOption.WRITE)) {
      file.truncate(cut);
    }

    withMock(image, (mock, client) -> {
      assertThat(rows(client, "t").keySet()).as("cut at byte %d of %s (seed %d)", cut, segment, seed)
          .containsExactlyElementsOf(IntStream.range(0, whole).mapToObj(WalRecoveryTest::rowKey).toList());
      put(client, "t", "after", 1);
    });
    withMock(image, (mock, client) -> assertThat(rows(client, "t")).containsKey("after").hasSize(whole + 1));
  }

  @Test
  void aCorruptRecordInsideTheLogIsRefusedNamingTheFileAndOffsetAndNothingIsChanged() throws Exception {
    Path image = crashImageOfSequentialPuts();
    Path segment = segments(image).get(segments(image).size() - 1);
    LogEntry tenth = entries(segment).stream().filter(e -> e.kind() == WalRecords.ROW_PUT).skip(9).findFirst().orElseThrow();
    try (FileChannel file = FileChannel.open(segment, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      ByteBuffer one = ByteBuffer.allocate(1);
      long at = tenth.offset() + WalWriter.HEADER_BYTES + 5;
      file.read(one, at);
      one.put(0, (byte) (one.get(0) ^ 0x40)).rewind();
      file.write(one, at);
    }
    byte[] before = Files.readAllBytes(segment);

    assertThatThrownBy(() -> MockTablestore.builder().dataDirectory(image).start())
        .isInstanceOf(StateFileException.class)
        .hasMessageContaining("cannot read data directory log " + segment
            + ": a record whose CRC-32C does not match its bytes at offset " + tenth.offset());
    assertThat(Files.readAllBytes(segment)).isEqualTo(before);
  }

  @Test
  void aFormatTwoDirectoryIsReadAndWrittenAgainAsACheckpointOfFormatThree() throws Exception {
    Path data = dir.resolve("data");
    withMock(data, (mock, client) -> {
      TableSpec.named("t").key("k", PrimaryKeyType.STRING).create(mock, client);
      put(client, "t", "a", 1);
    });
    rewriteAsFormatTwo(data);

    withMock(data, (mock, client) -> {
      assertThat(rows(client, "t")).containsExactly(Map.entry("a", 1L));
      put(client, "t", "b", 2);
    });
    assertThat(Files.readString(data.resolve("FORMAT")).strip()).isEqualTo("tablestore-mock data directory, format 3");
    assertThat(formatOf(data.resolve("state.mv"))).isEqualTo("3");
    withMock(data, (mock, client) -> assertThat(rows(client, "t")).containsExactly(Map.entry("a", 1L), Map.entry("b", 2L)));
  }

  @Test
  void withSyncWritesAKillLeavesEveryAcknowledgedWriteInTheLog() throws Exception {
    Path data = dir.resolve("data");
    Path image = dir.resolve("image");
    try (MockTablestore mock = MockTablestore.builder().dataDirectory(data).syncDataDirectory(true).start()) {
      SyncClient client = DataDirectoryTest.client(mock);
      try {
        TableSpec.named("t").key("k", PrimaryKeyType.STRING).create(mock, client);
        for (int i = 0; i < ROWS; i++) {
          put(client, "t", rowKey(i), i);
        }
        CrashImage.of(data, image);
      } finally {
        client.shutdown();
      }
    }
    withMock(image, (mock, client) -> assertThat(rows(client, "t")).hasSize(ROWS).containsEntry(rowKey(ROWS - 1), ROWS - 1L));
  }

  @Test
  void aStoppedMocksStateFileHoldsEverythingAsASnapshot() throws Exception {
    Path data = dir.resolve("data");
    withMock(data, (mock, client) -> {
      TableSpec.named("t").key("k", PrimaryKeyType.STRING).create(mock, client);
      for (int i = 0; i < ROWS; i++) {
        put(client, "t", rowKey(i), i);
      }
    });
    try (MockTablestore seeded = MockTablestore.builder().seed(data.resolve("state.mv")).start()) {
      assertThat(seeded.rowCount("t")).isEqualTo(ROWS);
    }
  }

  /**
   * Twenty clients increment one row at once: the row's records reach the log in the order its
   * changes were made (appended under the row's lock), so the last one replayed is the final sum.
   */
  @Test
  void concurrentIncrementsOfOneRowReplayToTheirSum() throws Exception {
    Path data = dir.resolve("data");
    Path image = dir.resolve("image");
    int clients = 20;
    int incrementsEach = 25;
    withMock(data, (mock, client) -> {
      TableSpec.named("t").key("k", PrimaryKeyType.STRING).create(mock, client);
      put(client, "t", "sum", 0);
      ExecutorService pool = Executors.newFixedThreadPool(clients);
      try {
        List<Future<?>> done = new ArrayList<>();
        for (int c = 1; c <= clients; c++) {
          long by = c;
          done.add(pool.submit(() -> {
            SyncClient own = DataDirectoryTest.client(mock);
            try {
              for (int i = 0; i < incrementsEach; i++) {
                RowUpdateChange increment = new RowUpdateChange("t", key("sum"));
                increment.increment(new Column("v", ColumnValue.fromLong(by)));
                own.updateRow(new UpdateRowRequest(increment));
              }
            } finally {
              own.shutdown();
            }
            return null;
          }));
        }
        for (Future<?> f : done) {
          f.get(120, TimeUnit.SECONDS);
        }
      } finally {
        pool.shutdownNow();
      }
      CrashImage.of(data, image);
    });

    withMock(image, (mock, client) ->
        assertThat(rows(client, "t")).containsExactly(Map.entry("sum", incrementsEach * (clients * (clients + 1L) / 2))));
  }

  @Test
  void aResetLeavesACheckpointOfTheEmptyStateAndNoLogOfWhatItDropped() throws Exception {
    Path data = dir.resolve("data");
    Path image = dir.resolve("image");
    withMock(data, (mock, client) -> {
      TableSpec.named("t").key("k", PrimaryKeyType.STRING).create(mock, client);
      put(client, "t", "a", 1);

      mock.reset();

      try (MockTablestore fromStateFile = MockTablestore.builder().seed(data.resolve("state.mv")).start()) {
        SyncClient other = DataDirectoryTest.client(fromStateFile);
        try {
          assertThat(other.listTable().getTableNames()).as("the tables state.mv holds").isEmpty();
        } finally {
          other.shutdown();
        }
      }
      for (Path segment : segments(data)) {
        assertThat(entries(segment)).as("no record of the dropped data in %s", segment).isEmpty();
      }
      TableSpec.named("u").key("k", PrimaryKeyType.STRING).create(mock, client);
      put(client, "u", "b", 2);
      CrashImage.of(data, image);
    });

    withMock(image, (mock, client) -> {
      assertThat(client.listTable().getTableNames()).containsExactly("u");
      assertThat(rows(client, "u")).containsExactly(Map.entry("b", 2L));
    });
  }

  /** What a kill leaves of a mock that made table t and put rows r00.. r29 one at a time (one record each, in order). */
  private Path crashImageOfSequentialPuts() throws Exception {
    Path data = dir.resolve("data");
    Path image = dir.resolve("image");
    withMock(data, (mock, client) -> {
      TableSpec.named("t").key("k", PrimaryKeyType.STRING).create(mock, client);
      for (int i = 0; i < ROWS; i++) {
        put(client, "t", rowKey(i), i);
      }
      CrashImage.of(data, image);
    });
    return image;
  }

  private static String rowKey(int i) {
    return String.format("r%02d", i);
  }

  /** One framed record of a segment: where it starts and ends, and its kind ({@link WalRecords}). */
  private record LogEntry(long offset, long end, byte kind) {}

  private static List<LogEntry> entries(Path segment) throws IOException {
    ByteBuffer bytes = ByteBuffer.wrap(Files.readAllBytes(segment));
    List<LogEntry> entries = new ArrayList<>();
    while (bytes.remaining() >= WalWriter.HEADER_BYTES) {
      int offset = bytes.position();
      int length = bytes.getInt();
      bytes.getInt();
      byte kind = bytes.get(bytes.position());
      bytes.position(bytes.position() + length);
      entries.add(new LogEntry(offset, bytes.position(), kind));
    }
    assertThat(bytes.remaining()).isZero();
    return entries;
  }

  private static List<Path> segments(Path data) throws IOException {
    try (var files = Files.list(data)) {
      return files.filter(f -> WalSegments.isSegment(f.getFileName().toString())).sorted().toList();
    }
  }

  /** What a mock of format 2 left: the state file alone, without a log position, FORMAT saying 2. */
  private static void rewriteAsFormatTwo(Path data) throws IOException {
    org.h2.mvstore.MVStore store = org.h2.mvstore.MVStore.open(data.resolve("state.mv").toString());
    try {
      var info = store.openMap("info", new org.h2.mvstore.MVMap.Builder<String, String>()
          .keyType(org.h2.mvstore.type.StringDataType.INSTANCE).valueType(org.h2.mvstore.type.StringDataType.INSTANCE));
      info.put(StateStore.FORMAT_KEY, "2");
      info.remove("log");
      store.commit();
    } finally {
      store.close();
    }
    for (Path segment : segments(data)) {
      Files.delete(segment);
    }
    Files.writeString(data.resolve("FORMAT"), "tablestore-mock data directory, format 2\n");
  }

  private static String formatOf(Path stateFile) {
    org.h2.mvstore.MVStore store = new org.h2.mvstore.MVStore.Builder().fileName(stateFile.toString()).readOnly().open();
    try {
      return store.openMap("info", new org.h2.mvstore.MVMap.Builder<String, String>()
          .keyType(org.h2.mvstore.type.StringDataType.INSTANCE).valueType(org.h2.mvstore.type.StringDataType.INSTANCE))
          .get(StateStore.FORMAT_KEY);
    } finally {
      store.close();
    }
  }

  private static void put(SyncClient client, String table, String key, long value) {
    client.putRow(new PutRowRequest(new RowPutChange(table, key(key)).addColumn("v", ColumnValue.fromLong(value))));
  }
}
