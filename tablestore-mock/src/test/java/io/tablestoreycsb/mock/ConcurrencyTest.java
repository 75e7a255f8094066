package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.Condition;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RangeIteratorParameter;
import com.alicloud.openservices.tablestore.model.Row;
import com.alicloud.openservices.tablestore.model.RowExistenceExpectation;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Many SDK clients writing at once: nothing is lost, and a conditional write has exactly one winner. */
class ConcurrencyTest {
  private static final int WRITERS = 8;
  private static final int ROWS_PER_WRITER = 500;

  @RegisterExtension
  static final MockFixture fx = MockFixture.withTables(byUserid("concurrent"), byUserid("race"));
  private static ExecutorService pool;

  @BeforeAll
  static void startWriters() {
    pool = Executors.newFixedThreadPool(WRITERS);
  }

  @AfterAll
  static void stopWriters() {
    pool.shutdownNow();
  }

  private static TableSpec byUserid(String name) {
    return TableSpec.named(name).key("userid", PrimaryKeyType.STRING);
  }

  @Test
  void concurrentWritersLoseNoRow() throws Exception {
    List<Callable<Integer>> writers = new ArrayList<>();
    for (int w = 0; w < WRITERS; w++) {
      int writer = w;
      writers.add(() -> {
        SyncClient client = SdkClients.sync(fx.mock());
        try {
          for (int i = 0; i < ROWS_PER_WRITER; i++) {
            RowPutChange change = new RowPutChange("concurrent", key("w" + writer + "-" + i));
            change.addColumn("writer", ColumnValue.fromLong(writer));
            client.putRow(new PutRowRequest(change));
          }
          return ROWS_PER_WRITER;
        } finally {
          client.shutdown();
        }
      });
    }
    for (Future<Integer> f : pool.invokeAll(writers)) {
      f.get();
    }

    Set<String> seen = new HashSet<>();
    SyncClient reader = SdkClients.sync(fx.mock());
    try {
      RangeIteratorParameter scan = new RangeIteratorParameter("concurrent");
      scan.setInclusiveStartPrimaryKey(bound(PrimaryKeyValue.INF_MIN));
      scan.setExclusiveEndPrimaryKey(bound(PrimaryKeyValue.INF_MAX));
      scan.setMaxVersions(1);
      Iterator<Row> rows = reader.createRangeIterator(scan);
      while (rows.hasNext()) {
        seen.add(rows.next().getPrimaryKey().getPrimaryKeyColumn(0).getValue().asString());
      }
    } finally {
      reader.shutdown();
    }

    assertThat(seen).hasSize(WRITERS * ROWS_PER_WRITER);
    for (int w = 0; w < WRITERS; w++) {
      assertThat(seen).contains("w" + w + "-0", "w" + w + "-" + (ROWS_PER_WRITER - 1));
    }
  }

  @Test
  void ofManyConcurrentInsertsOfOneKeyExactlyOneSucceeds() throws Exception {
    for (int round = 0; round < 20; round++) {
      String userid = "contended-" + round;
      CountDownLatch go = new CountDownLatch(1);
      List<Callable<Boolean>> racers = new ArrayList<>();
      List<SyncClient> clients = new ArrayList<>();
      for (int r = 0; r < WRITERS; r++) {
        SyncClient client = SdkClients.sync(fx.mock());
        clients.add(client);
        racers.add(() -> {
          RowPutChange change = new RowPutChange("race", key(userid));
          change.addColumn("v", ColumnValue.fromLong(1));
          change.setCondition(new Condition(RowExistenceExpectation.EXPECT_NOT_EXIST));
          go.await();
          try {
            client.putRow(new PutRowRequest(change));
            return true;
          } catch (TableStoreException e) {
            assertThat(e.getErrorCode()).isEqualTo("OTSConditionCheckFail");
            return false;
          }
        });
      }
      List<Future<Boolean>> results = new ArrayList<>();
      for (Callable<Boolean> racer : racers) {
        results.add(pool.submit(racer));
      }
      go.countDown();
      int winners = 0;
      for (Future<Boolean> f : results) {
        winners += f.get() ? 1 : 0;
      }
      clients.forEach(SyncClient::shutdown);

      assertThat(winners).as("round %d", round).isEqualTo(1);
    }
  }

  private static PrimaryKey key(String userid) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("userid", PrimaryKeyValue.fromString(userid)).build();
  }

  private static PrimaryKey bound(PrimaryKeyValue value) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("userid", value).build();
  }
}
