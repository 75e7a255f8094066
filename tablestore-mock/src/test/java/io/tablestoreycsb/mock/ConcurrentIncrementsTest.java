package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.AsyncClient;
import com.alicloud.openservices.tablestore.ClientException;
import com.alicloud.openservices.tablestore.ClientConfiguration;
import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.AbortTransactionRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowResponse;
import com.alicloud.openservices.tablestore.model.Column;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.CommitTransactionRequest;
import com.alicloud.openservices.tablestore.model.DefaultRetryStrategy;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.ReturnType;
import com.alicloud.openservices.tablestore.model.Row;
import com.alicloud.openservices.tablestore.model.RowUpdateChange;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.StartLocalTransactionRequest;
import com.alicloud.openservices.tablestore.model.UpdateRowRequest;
import com.alicloud.openservices.tablestore.model.UpdateRowResponse;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Every increment the mock acknowledges counts exactly once, whichever path carries it, with 20
 * clients incrementing one row at once (the Java SDK authors' {@code IncrementRequest.testMultiThread}
 * shape: thread t adds t, 25 times, so the row ends at 25 x (1 + ... + 20) = 5,250). Besides the sum,
 * each acknowledged increment's returned value (RT_AFTER_MODIFY) is distinct: two increments that
 * saw the same value would both have been acknowledged on one base.
 */
class ConcurrentIncrementsTest {
  private static final int CLIENTS = 20;
  private static final int INCREMENTS_EACH = 25;
  private static final long EXPECTED_SUM = INCREMENTS_EACH * (CLIENTS * (CLIENTS + 1L) / 2);

  @RegisterExtension
  static final MockFixture fx = MockFixture.with(
      // A transaction whose client lost the answer to its start is ended by the mock after this.
      mock -> mock.localTransactionIdleTimeout(Duration.ofSeconds(5)),
      TableSpec.named("counters").key("pk", PrimaryKeyType.STRING),
      TableSpec.named("versioned").key("pk", PrimaryKeyType.STRING).maxVersions(3),
      TableSpec.named("txn").key("pk", PrimaryKeyType.STRING).localTransactions());
  private static ExecutorService pool;

  @BeforeAll
  static void startPool() {
    pool = Executors.newFixedThreadPool(CLIENTS);
  }

  @AfterAll
  static void stopPool() {
    pool.shutdownNow();
  }

  @Test
  void updateRowIncrementsFromTwentyAsyncClientsAllCount() throws Exception {
    // As the SDK authors' test: one AsyncClient shared by the threads, the default retry strategy.
    ClientConfiguration config = new ClientConfiguration();
    config.setMaxConnections(1000);
    config.setRetryStrategy(new DefaultRetryStrategy());
    AsyncClient client = new AsyncClient(fx.mock().endpoint(), fx.mock().accessKeyId(), fx.mock().accessKeySecret(),
        fx.mock().instanceName(), config);
    try {
      PrimaryKey key = key("update-row");
      List<Long> returned = runClients(by -> {
        RowUpdateChange change = increment("counters", key, by);
        return client.updateRow(new UpdateRowRequest(change), null).get().getRow().getLatestColumn("price")
            .getValue().asLong();
      });

      assertThat(latestPrice("counters", key)).isEqualTo(EXPECTED_SUM);
      assertThat(new HashSet<>(returned)).hasSize(CLIENTS * INCREMENTS_EACH).contains(EXPECTED_SUM);
    } finally {
      client.shutdown();
    }
  }

  @Test
  void incrementsOfAColumnKeepingSeveralVersionsAllCount() throws Exception {
    SyncClient client = syncWithRetries();
    try {
      PrimaryKey key = key("versioned-row");
      List<Long> returned = runClients(by -> {
        UpdateRowResponse response = client.updateRow(new UpdateRowRequest(increment("versioned", key, by)));
        return response.getRow().getLatestColumn("price").getValue().asLong();
      });

      assertThat(latestPrice("versioned", key)).isEqualTo(EXPECTED_SUM);
      assertThat(new HashSet<>(returned)).hasSize(CLIENTS * INCREMENTS_EACH);
    } finally {
      client.shutdown();
    }
  }

  @Test
  void batchWriteRowIncrementsAllCount() throws Exception {
    SyncClient client = syncWithRetries();
    try {
      PrimaryKey key = key("batch-row");
      PrimaryKey other = key("batch-other");
      runClients(by -> {
        BatchWriteRowRequest batch = new BatchWriteRowRequest();
        batch.addRowChange(increment("counters", key, by));
        batch.addRowChange(increment("counters", other, 1));
        BatchWriteRowResponse response = client.batchWriteRow(batch);
        assertThat(response.getFailedRows()).isEmpty();
        return by;
      });

      assertThat(latestPrice("counters", key)).isEqualTo(EXPECTED_SUM);
      assertThat(latestPrice("counters", other)).isEqualTo(CLIENTS * INCREMENTS_EACH);
    } finally {
      client.shutdown();
    }
  }

  @Test
  void atomicBatchIncrementsCountOnceEachWhetherTheyCommitOrConflict() throws Exception {
    SyncClient client = syncWithRetries();
    try {
      PrimaryKey key = key("atomic-row");
      runClients(by -> {
        BatchWriteRowRequest batch = new BatchWriteRowRequest();
        batch.setAtomic(true);
        batch.addRowChange(increment("counters", key, by));
        BatchWriteRowResponse response = client.batchWriteRow(batch);
        assertThat(response.getFailedRows()).isEmpty();
        return by;
      });

      assertThat(latestPrice("counters", key)).isEqualTo(EXPECTED_SUM);
    } finally {
      client.shutdown();
    }
  }

  @Test
  void incrementsCommittedInLocalTransactionsAllCount() throws Exception {
    SyncClient client = syncWithRetries();
    // The SDK does not resend these calls after a failure on its side (its pool can hand out a connection
    // that closed under it), and neither does a careful user blindly: until a commit, nothing of the
    // transaction is visible, so a failed start or update is aborted and the increment begun again; a
    // failed commit may or may not have applied, so its value is an unknown outcome.
    List<Long> unknownCommits = new CopyOnWriteArrayList<>();
    try {
      PrimaryKey key = key("txn-row");
      runClients(by -> {
        while (true) {
          String id;
          try {
            id = client.startLocalTransaction(new StartLocalTransactionRequest("txn", key)).getTransactionID();
          } catch (TableStoreException e) {
            // Another client's transaction holds the partition key: the service answers OTSRowOperationConflict.
            assertThat(e.getErrorCode()).isEqualTo("OTSRowOperationConflict");
            Thread.sleep(1);
            continue;
          } catch (ClientException e) {
            continue; // if the mock opened it, it ends after its idle time-out
          }
          UpdateRowRequest update = new UpdateRowRequest(increment("txn", key, by));
          update.setTransactionId(id);
          try {
            client.updateRow(update);
          } catch (ClientException e) {
            abortQuietly(client, id);
            continue;
          }
          try {
            client.commitTransaction(new CommitTransactionRequest(id));
          } catch (ClientException e) {
            unknownCommits.add(by);
          }
          return by;
        }
      });

      long unknown = unknownCommits.stream().mapToLong(Long::longValue).sum();
      assertThat(latestPrice("txn", key)).as("every acknowledged commit counted once; unknown outcomes %s",
          unknownCommits).isBetween(EXPECTED_SUM - unknown, EXPECTED_SUM);
    } finally {
      client.shutdown();
    }
  }

  private static void abortQuietly(SyncClient client, String id) {
    try {
      client.abortTransaction(new AbortTransactionRequest(id));
    } catch (ClientException | TableStoreException e) {
      // It ends after its idle time-out instead.
    }
  }

  /** Runs {@link #CLIENTS} clients, client t sending {@link #INCREMENTS_EACH} increments of t; their results in any order. */
  private static List<Long> runClients(Increment incrementBy) throws Exception {
    List<Callable<List<Long>>> clients = new ArrayList<>();
    for (long t = 1; t <= CLIENTS; t++) {
      long by = t;
      clients.add(() -> {
        List<Long> results = new ArrayList<>(INCREMENTS_EACH);
        for (int i = 0; i < INCREMENTS_EACH; i++) {
          results.add(incrementBy.apply(by));
        }
        return results;
      });
    }
    List<Long> all = new ArrayList<>();
    for (Future<List<Long>> f : pool.invokeAll(clients, 2, TimeUnit.MINUTES)) {
      all.addAll(f.get());
    }
    return all;
  }

  /** One client's increment of {@code by}: the value it returned (or {@code by} where the path returns none). */
  @FunctionalInterface
  private interface Increment {
    long apply(long by) throws Exception;
  }

  private static RowUpdateChange increment(String table, PrimaryKey key, long by) {
    RowUpdateChange change = new RowUpdateChange(table, key);
    change.increment(new Column("price", ColumnValue.fromLong(by)));
    change.setReturnType(ReturnType.RT_AFTER_MODIFY);
    change.addReturnColumn("price");
    return change;
  }

  private static long latestPrice(String table, PrimaryKey key) {
    SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(table, key);
    criteria.setMaxVersions(1);
    criteria.addColumnsToGet("price");
    Row row = fx.client().getRow(new GetRowRequest(criteria)).getRow();
    assertThat(row.getColumn("price")).hasSize(1);
    return row.getLatestColumn("price").getValue().asLong();
  }

  private static SyncClient syncWithRetries() {
    ClientConfiguration config = SdkClients.noRetry();
    config.setRetryStrategy(new DefaultRetryStrategy());
    config.setMaxConnections(CLIENTS * 2);
    return new SyncClient(fx.mock().endpoint(), fx.mock().accessKeyId(), fx.mock().accessKeySecret(),
        fx.mock().instanceName(), config);
  }

  private static PrimaryKey key(String value) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("pk", PrimaryKeyValue.fromString(value)).build();
  }
}
