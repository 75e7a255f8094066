package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.Direction;
import com.alicloud.openservices.tablestore.model.GetRangeRequest;
import com.alicloud.openservices.tablestore.model.GetRangeResponse;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RangeRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.Row;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * GetRange while other clients insert rows: a partition keeps its new rows in a buffer and puts
 * them in key order when a range is read (or when the buffer is full), so every scan here checks
 * that it returned each row acknowledged before its first page was asked for, in key order,
 * exactly once, and no row that was never written. Writers put rows of random keys (PutRow and
 * 100-row BatchWriteRow) into a table of three partitions; readers page through the whole table
 * forwards and backwards meanwhile, some at once, some after a pause in which the buffers fill.
 */
class RangeReadsDuringInsertsTest {
  private static final String TABLE = "inserted";
  private static final int WRITERS = 3;
  private static final int ROWS_PER_WRITER = 3_000;

  @RegisterExtension
  static final MockFixture fx = MockFixture.withTables(
      TableSpec.named(TABLE).key("pk", PrimaryKeyType.STRING).splitAt("k4", "k8"));

  @Test
  void everyScanReturnsEachRowAcknowledgedBeforeItStartedOnceAndInOrder() throws Exception {
    SyncClient client = fx.client();
    Set<String> written = ConcurrentHashMap.newKeySet(); // asked for (acknowledged or not)
    Set<String> acknowledged = ConcurrentHashMap.newKeySet();
    AtomicBoolean writing = new AtomicBoolean(true);
    ExecutorService pool = Executors.newFixedThreadPool(WRITERS + 3);
    try {
      List<Future<?>> writers = new ArrayList<>();
      for (int w = 0; w < WRITERS; w++) {
        int writer = w;
        writers.add(pool.submit(() -> {
          write(client, writer, written, acknowledged);
          return null;
        }));
      }
      List<Future<Integer>> readers = new ArrayList<>();
      readers.add(pool.submit(() -> scanWhileWriting(client, Direction.FORWARD, 0, writing, written, acknowledged)));
      readers.add(pool.submit(() -> scanWhileWriting(client, Direction.BACKWARD, 0, writing, written, acknowledged)));
      readers.add(pool.submit(() -> scanWhileWriting(client, Direction.FORWARD, 150, writing, written, acknowledged)));
      for (Future<?> writer : writers) {
        writer.get();
      }
      writing.set(false);
      List<Integer> scans = new ArrayList<>();
      for (Future<Integer> reader : readers) {
        scans.add(reader.get());
      }

      assertThat(scans).as("scans per reader while rows were written").allSatisfy(n -> assertThat(n).isGreaterThan(0));
      assertThat(acknowledged).hasSize(WRITERS * ROWS_PER_WRITER);
      List<String> after = scan(client, Direction.FORWARD);
      assertThat(after.equals(new ArrayList<>(new TreeSet<>(acknowledged)))).as("all rows in order, once each").isTrue();
      List<String> backward = scan(client, Direction.BACKWARD);
      Collections.reverse(backward);
      assertThat(backward.equals(after)).as("backwards: the same rows").isTrue();
    } finally {
      writing.set(false);
      pool.shutdownNow();
    }
  }

  /** Half the rows one PutRow each, half in 100-row batches; each key recorded once acknowledged. */
  private static void write(SyncClient client, int writer, Set<String> written, Set<String> acknowledged) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    int n = 0;
    while (n < ROWS_PER_WRITER) {
      if (n < ROWS_PER_WRITER / 2) {
        String key = key(random, writer, n++);
        written.add(key);
        client.putRow(new PutRowRequest(change(key)));
        acknowledged.add(key);
      } else {
        BatchWriteRowRequest batch = new BatchWriteRowRequest();
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < 100 && n < ROWS_PER_WRITER; i++) {
          String key = key(random, writer, n++);
          keys.add(key);
          written.add(key);
          batch.addRowChange(change(key));
        }
        assertThat(client.batchWriteRow(batch).isAllSucceed()).isTrue();
        acknowledged.addAll(keys);
      }
    }
  }

  /**
   * Scans the whole table again and again while rows are written, each after {@code pauseMillis};
   * returns how many scans it made. Each scan must hold every row acknowledged before it began.
   */
  private static int scanWhileWriting(SyncClient client, Direction direction, long pauseMillis, AtomicBoolean writing,
      Set<String> written, Set<String> acknowledged) throws InterruptedException {
    int scans = 0;
    while (writing.get()) {
      Thread.sleep(pauseMillis);
      Set<String> before = new HashSet<>(acknowledged);
      List<String> keys = scan(client, direction);
      List<String> ascending = new ArrayList<>(keys);
      if (direction == Direction.BACKWARD) {
        Collections.reverse(ascending);
      }
      List<String> notAbove = new ArrayList<>();
      for (int i = 1; i < ascending.size(); i++) {
        if (ascending.get(i).compareTo(ascending.get(i - 1)) <= 0) {
          notAbove.add(ascending.get(i));
        }
      }
      assertThat(notAbove).as("scan %d %s: rows out of key order or returned twice", scans, direction).isEmpty();
      Set<String> returned = new HashSet<>(ascending);
      assertThat(before.stream().filter(k -> !returned.contains(k)).toList())
          .as("scan %d %s: rows acknowledged before it, missing", scans, direction).isEmpty();
      assertThat(ascending.stream().filter(k -> !written.contains(k)).toList())
          .as("scan %d %s: rows never written", scans, direction).isEmpty();
      scans++;
    }
    return scans;
  }

  /** Every row's key, page by page (1,000 rows a page, so that writes land between pages too). */
  private static List<String> scan(SyncClient client, Direction direction) {
    boolean forward = direction == Direction.FORWARD;
    RangeRowQueryCriteria criteria = new RangeRowQueryCriteria(TABLE);
    criteria.setDirection(direction);
    criteria.setInclusiveStartPrimaryKey(bound(forward ? PrimaryKeyValue.INF_MIN : PrimaryKeyValue.INF_MAX));
    criteria.setExclusiveEndPrimaryKey(bound(forward ? PrimaryKeyValue.INF_MAX : PrimaryKeyValue.INF_MIN));
    criteria.setMaxVersions(1);
    criteria.setLimit(1_000);
    List<String> keys = new ArrayList<>();
    while (true) {
      GetRangeResponse page = client.getRange(new GetRangeRequest(criteria));
      for (Row row : page.getRows()) {
        keys.add(row.getPrimaryKey().getPrimaryKeyColumn(0).getValue().asString());
      }
      if (page.getNextStartPrimaryKey() == null) {
        return keys;
      }
      criteria.setInclusiveStartPrimaryKey(page.getNextStartPrimaryKey());
    }
  }

  /** A key unique to this writer and row, at a random place in the table ("k0..." to "k9..."). */
  private static String key(ThreadLocalRandom random, int writer, int n) {
    return String.format("k%08d-%d-%05d", random.nextInt(100_000_000), writer, n);
  }

  private static RowPutChange change(String key) {
    RowPutChange change = new RowPutChange(TABLE, bound(PrimaryKeyValue.fromString(key)));
    change.addColumn("value", ColumnValue.fromString(key));
    return change;
  }

  private static PrimaryKey bound(PrimaryKeyValue value) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("pk", value).build();
  }
}
