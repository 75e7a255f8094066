package io.tablestoreycsb.mock.cli;

import static io.tablestoreycsb.mock.fixtures.KeyValueTable.key;
import static io.tablestoreycsb.mock.fixtures.KeyValueTable.rows;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.ClientConfiguration;
import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowResponse;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.DeleteRowRequest;
import com.alicloud.openservices.tablestore.model.RowDeleteChange;
import com.alicloud.openservices.tablestore.model.TableOptions;
import com.alicloud.openservices.tablestore.model.NoRetryStrategy;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import io.tablestoreycsb.mock.persist.StateFileException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Set;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bin/tablestore-mock --data-dir} as its own process, driven by the real SDK: killed with
 * SIGKILL while writers are busy, started again on the same directory, it holds every write it
 * had acknowledged; a second process on a directory in use exits with the lock's message.
 */
@Timeout(180) // a hang guard, not a timed assertion
class DataDirectoryProcessTest {
  private static final int WRITERS = 4;
  /** Acknowledged writes to collect before the kill (rows written as PutRow and as batches of 10). */
  private static final int ACKNOWLEDGED_BEFORE_KILL = 1500;
  private static final int CLIENTS = 20;
  private static final long DELETED = -1;

  @TempDir
  Path dir;

  @Test
  void everyAcknowledgedWriteIsThereAfterKill9AndARestart() throws Exception {
    Path data = dir.resolve("data");
    Map<String, Long> acknowledged = new ConcurrentHashMap<>();
    try (MockProcess mock = MockProcess.start(dir.resolve("first.err"), "--data-dir", data.toString())) {
      ReadyLine ready = mock.ready();
      SyncClient client = client(ready);
      ExecutorService writers = Executors.newFixedThreadPool(WRITERS);
      try {
        client.createTable(new CreateTableRequest(TableSpec.named("t").key("k", PrimaryKeyType.STRING).meta(),
            new TableOptions(-1, 1)));
        for (int w = 0; w < WRITERS; w++) {
          int writer = w;
          writers.execute(() -> write(client, writer, acknowledged));
        }
        while (acknowledged.size() < ACKNOWLEDGED_BEFORE_KILL && mock.process.isAlive()) {
          Thread.sleep(20);
        }

        assertThat(mock.kill9()).as("exit status of SIGKILL").isEqualTo(137);
      } finally {
        writers.shutdown();
        assertThat(writers.awaitTermination(60, TimeUnit.SECONDS)).as("writers stop once the mock is gone").isTrue();
        client.shutdown();
      }
    }
    Map<String, Long> frozen = new HashMap<>(acknowledged);
    assertThat(frozen.size()).isGreaterThanOrEqualTo(ACKNOWLEDGED_BEFORE_KILL);

    try (MockProcess again = MockProcess.start(dir.resolve("second.err"), "--data-dir", data.toString())) {
      SyncClient client = client(again.ready());
      try {
        Map<String, Long> stored = rows(client, "t");
        assertThat(stored).containsAllEntriesOf(frozen);
      } finally {
        client.shutdown();
      }
      again.process.destroy();
      assertThat(again.process.waitFor()).isZero();
    }
  }

  /**
   * Twenty SDK clients put and delete their own rows while checkpoints run one after another (a
   * checkpoint due every 256 KB of log), then SIGKILL: the restarted mock (checkpoint, then the
   * log after it replayed) holds each row as its last acknowledged change left it. A change that
   * was sent but not answered when the kill came may or may not be there.
   */
  @Test
  void twentyClientsWritingThroughCheckpointsThenKill9KeepEveryAcknowledgedChange() throws Exception {
    Path data = dir.resolve("data");
    Map<String, Long> lastAcknowledged = new ConcurrentHashMap<>(); // DELETED: the row was deleted
    Set<String> unanswered = ConcurrentHashMap.newKeySet();
    List<SyncClient> clients = new ArrayList<>();
    try (MockProcess mock = MockProcess.start(dir.resolve("first.err"),
        List.of("-Dtablestore.mock.checkpointLogBytes=262144"), "--data-dir", data.toString())) {
      ReadyLine ready = mock.ready();
      ExecutorService writers = Executors.newFixedThreadPool(CLIENTS);
      try {
        for (int c = 0; c < CLIENTS; c++) {
          clients.add(client(ready));
        }
        clients.get(0).createTable(new CreateTableRequest(TableSpec.named("t").key("k", PrimaryKeyType.STRING).meta(),
            new TableOptions(-1, 1)));
        for (int c = 0; c < CLIENTS; c++) {
          SyncClient client = clients.get(c);
          int writer = c;
          writers.execute(() -> putAndDelete(client, writer, lastAcknowledged, unanswered));
        }
        while ((lastAcknowledged.size() < ACKNOWLEDGED_BEFORE_KILL * 2 || checkpointsDone(data) < 3) && mock.process.isAlive()) {
          Thread.sleep(20);
        }

        assertThat(mock.kill9()).as("exit status of SIGKILL").isEqualTo(137);
      } finally {
        writers.shutdown();
        assertThat(writers.awaitTermination(60, TimeUnit.SECONDS)).as("writers stop once the mock is gone").isTrue();
        clients.forEach(SyncClient::shutdown);
      }
    }
    Map<String, Long> expected = new HashMap<>(lastAcknowledged);
    expected.keySet().removeAll(unanswered);

    try (MockProcess again = MockProcess.start(dir.resolve("second.err"), "--data-dir", data.toString())) {
      SyncClient client = client(again.ready());
      try {
        Map<String, Long> stored = rows(client, "t");
        Map<String, Long> kept = new HashMap<>(stored);
        kept.keySet().removeAll(unanswered);
        List<String> wrong = new ArrayList<>();
        expected.forEach((key, value) -> {
          Long found = kept.remove(key);
          if (value == DELETED ? found != null : !value.equals(found)) {
            wrong.add(key + ": acknowledged " + (value == DELETED ? "deleted" : value) + ", found " + found);
          }
        });
        kept.forEach((key, value) -> wrong.add(key + ": never acknowledged, found " + value));
        assertThat(wrong).as("rows unlike their last acknowledged change, of %d", expected.size()).isEmpty();
      } finally {
        client.shutdown();
      }
      again.process.destroy();
      assertThat(again.process.waitFor()).isZero();
    }
  }

  /** How many checkpoints have deleted the log before them: the first segment's start, in segments rolled (0: none yet). */
  private static long checkpointsDone(Path data) throws java.io.IOException {
    try (var files = Files.list(data)) {
      return files.map(f -> f.getFileName().toString()).filter(n -> n.startsWith("wal-") && n.endsWith(".log"))
          .mapToLong(n -> Long.parseLong(n.substring(4, n.length() - 4))).min().orElse(0) / 262144;
    }
  }

  /**
   * Puts rows w-i and deletes every third one two steps later, until the mock goes away; notes each
   * acknowledged change, and the row of a change sent when the mock went away as unanswered.
   */
  private static void putAndDelete(SyncClient client, int writer, Map<String, Long> lastAcknowledged,
      Set<String> unanswered) {
    String key = null;
    try {
      for (long i = 0; ; i++) {
        key = "w" + writer + "-" + i;
        client.putRow(new PutRowRequest(new RowPutChange("t", key(key)).addColumn("v", ColumnValue.fromLong(i))));
        lastAcknowledged.put(key, i);
        if (i % 3 == 2) {
          key = "w" + writer + "-" + (i - 2);
          client.deleteRow(new DeleteRowRequest(new RowDeleteChange("t", key(key))));
          lastAcknowledged.put(key, DELETED);
        }
      }
    } catch (RuntimeException mockGone) {
      unanswered.add(key); // the mock was killed: the writer stops
    }
  }

  @Test
  void aSecondProcessOnADirectoryInUseExitsWithTheLocksMessage() throws Exception {
    Path data = dir.resolve("data");
    try (MockProcess first = MockProcess.start(dir.resolve("first.err"), "--data-dir", data.toString())) {
      first.ready();
      try (MockProcess second = MockProcess.start(dir.resolve("second.err"), "--data-dir", data.toString())) {
        assertThat(second.stdout.readLine()).as("no ready line").isNull();
        assertThat(second.process.waitFor()).isEqualTo(1);
        assertThat(second.stderr()).contains("tablestore-mock: data directory " + data
            + " is in use by another tablestore-mock (process " + first.process.pid() + "): stop it first");
      }
    }
  }

  @Test
  void aDirectoryHeldFromAnotherHostIsRefusedNamingThatHost() throws Exception {
    // Two containers sharing a volume: each mock is process 1 in its own, and its host name is its container's id.
    Path data = dir.resolve("data");
    try (MockProcess first = MockProcess.start(dir.resolve("first.err"), "--data-dir", data.toString())) {
      first.ready();
      Files.writeString(data.resolve("lock"), "pid=1\nhost=5d1c2a9e0b7f\n"); // as the other container writes it

      assertThatThrownBy(() -> MockTablestore.builder().dataDirectory(data).start())
          .isInstanceOf(StateFileException.class)
          .hasMessage("data directory " + data + " is in use by another tablestore-mock (process 1 on host 5d1c2a9e0b7f:"
              + " another container or machine): stop it first, or use another --data-dir.");
    }
  }

  @Test
  void aSecondMockRefusedInTheSameJvmLeavesTheFirstOnesLockHeldForOtherProcesses() throws Exception {
    Path data = dir.resolve("data");
    try (MockTablestore first = MockTablestore.builder().dataDirectory(data).start()) {
      assertThatThrownBy(() -> MockTablestore.builder().dataDirectory(data).start())
          .isInstanceOf(StateFileException.class).hasMessageContaining("is in use by another tablestore-mock");

      try (MockProcess other = MockProcess.start(dir.resolve("other.err"), "--data-dir", data.toString())) {
        assertThat(other.stdout.readLine()).as("no ready line").isNull();
        assertThat(other.process.waitFor()).isEqualTo(1);
        assertThat(other.stderr()).contains("is in use by another tablestore-mock (process "
            + ProcessHandle.current().pid() + ")");
      }
    }
  }

  /** Puts rows until the mock goes away: single rows and batches of 10, each noted once acknowledged. */
  private static void write(SyncClient client, int writer, Map<String, Long> acknowledged) {
    try {
      for (long i = 0; ; i++) {
        if (i % 2 == 0) {
          String key = "w" + writer + "-" + i;
          client.putRow(new PutRowRequest(new RowPutChange("t", key(key)).addColumn("v", ColumnValue.fromLong(i))));
          acknowledged.put(key, i);
        } else {
          BatchWriteRowRequest batch = new BatchWriteRowRequest();
          for (int r = 0; r < 10; r++) {
            batch.addRowChange(new RowPutChange("t", key("w" + writer + "-" + i + "-" + r)).addColumn("v", ColumnValue.fromLong(i)));
          }
          BatchWriteRowResponse response = client.batchWriteRow(batch);
          for (BatchWriteRowResponse.RowResult ok : response.getSucceedRows()) {
            acknowledged.put("w" + writer + "-" + i + "-" + ok.getIndex(), i);
          }
        }
      }
    } catch (RuntimeException mockGone) {
      // the mock was killed: the writer stops
    }
  }


  private static SyncClient client(ReadyLine ready) {
    ClientConfiguration config = new ClientConfiguration();
    config.setRetryStrategy(new NoRetryStrategy());
    return new SyncClient(ready.endpoint(), MockTablestore.DEFAULT_ACCESS_KEY_ID, MockTablestore.DEFAULT_ACCESS_KEY_SECRET,
        ready.instance(), config);
  }
}
