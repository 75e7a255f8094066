package io.tablestoreycsb.bench;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowResponse;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.DeleteTableRequest;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import io.tablestoreycsb.binding.client.SharedClients;
import io.tablestoreycsb.binding.config.ClientConfig;
import io.tablestoreycsb.binding.config.KeyFormat;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The white paper's rows, built directly on the SDK: key {@code userid} in the binding's
 * {@link KeyFormat}, attribute columns field0..field4 of 100 random ASCII characters each (the
 * same shape YCSB's CoreWorkload produces with fieldcount=5, fieldlength=100).
 */
public final class PaperRows {
  public static final String TABLE = "usertable";
  public static final String KEY_COLUMN = "userid";
  public static final int FIELDS = 5;
  public static final int FIELD_LENGTH = 100;
  /** Raw bytes of one row: 20-byte key + 5 x (100-byte value); names not counted (the brief's 556 counts 6 names of ~6 B). */
  public static final int RAW_ROW_BYTES = 556;
  private static final String[] FIELD_NAMES = {"field0", "field1", "field2", "field3", "field4"};

  private PaperRows() {
  }

  public static String fieldName(int i) {
    return FIELD_NAMES[i];
  }

  public static void createTable(SyncClient client) throws Exception {
    createTable(client, TABLE);
  }

  public static void createTable(SyncClient client, String table) throws Exception {
    TableMeta meta = new TableMeta(table);
    meta.addPrimaryKeyColumn(new PrimaryKeySchema(KEY_COLUMN, PrimaryKeyType.STRING));
    boolean[] sent = {false};
    Transient.run("creating table " + table, () -> {
      try {
        client.createTable(new CreateTableRequest(meta, new TableOptions(-1, 1)));
      } catch (TableStoreException e) {
        // A call that failed on the client side may have been executed: then the table exists.
        if (!(sent[0] && "OTSObjectAlreadyExist".equals(e.getErrorCode()))) {
          throw e;
        }
      } finally {
        sent[0] = true;
      }
    });
  }

  /**
   * YCSB's properties for these rows: the table, {@code records} rows of {@link #FIELDS} fields of
   * {@link #FIELD_LENGTH} bytes, keys drawn uniformly, every field read; operations unbounded.
   */
  public static Properties workload(long records) {
    Properties p = new Properties();
    p.setProperty("table", TABLE);
    p.setProperty("recordcount", Long.toString(records));
    p.setProperty("operationcount", "0");
    p.setProperty("fieldcount", Integer.toString(FIELDS));
    p.setProperty("fieldlength", Integer.toString(FIELD_LENGTH));
    p.setProperty("requestdistribution", "uniform");
    p.setProperty("readallfields", "true");
    return p;
  }

  /** Drops {@code table} if it exists and creates it empty again (outside any measured window). */
  public static void recreateTable(SyncClient client, String table) throws Exception {
    Transient.run("dropping " + table, () -> {
      try {
        client.deleteTable(new DeleteTableRequest(table));
      } catch (TableStoreException e) {
        if (!"OTSObjectNotExist".equals(e.getErrorCode())) {
          throw e;
        }
      }
    });
    createTable(client, table);
  }

  public static PrimaryKey primaryKey(long keyNumber) {
    return primaryKey(PrimaryKeyValue.fromString(KeyFormat.key(keyNumber)));
  }

  public static PrimaryKey primaryKey(PrimaryKeyValue value) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn(KEY_COLUMN, value).build();
  }

  /** 100 random printable ASCII characters, like YCSB's RandomByteIterator. */
  public static String randomValue() {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    char[] chars = new char[FIELD_LENGTH];
    for (int i = 0; i < chars.length; i++) {
      chars[i] = (char) (' ' + random.nextInt(95));
    }
    return new String(chars);
  }

  public static RowPutChange putChange(long keyNumber) {
    return putChange(TABLE, keyNumber);
  }

  public static RowPutChange putChange(String table, long keyNumber) {
    RowPutChange change = new RowPutChange(table, primaryKey(keyNumber));
    for (int f = 0; f < FIELDS; f++) {
      change.addColumn(FIELD_NAMES[f], ColumnValue.fromString(randomValue()));
    }
    return change;
  }

  /** Loads keys [from, to) with BatchWriteRow (200 rows a request) on {@code threads} threads. */
  public static void load(SyncClient client, long from, long to, int threads) throws InterruptedException {
    AtomicLong next = new AtomicLong(from);
    List<Thread> workers = new ArrayList<>();
    List<RuntimeException> failures = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      Thread worker = new Thread(() -> {
        try {
          while (true) {
            long start = next.getAndAdd(200);
            if (start >= to) {
              return;
            }
            BatchWriteRowRequest request = new BatchWriteRowRequest();
            for (long k = start; k < Math.min(to, start + 200); k++) {
              request.addRowChange(putChange(k));
            }
            BatchWriteRowResponse response = Transient.retry("preload batch at key " + start, () -> client.batchWriteRow(request));
            if (!response.isAllSucceed()) {
              throw new IllegalStateException("preload: " + response.getFailedRows().size() + " rows failed, first: "
                  + response.getFailedRows().get(0).getError());
            }
          }
        } catch (Exception e) {
          synchronized (failures) {
            failures.add(e instanceof RuntimeException re ? re : new IllegalStateException(e));
          }
        }
      }, "preload-" + t);
      workers.add(worker);
      worker.start();
    }
    for (Thread worker : workers) {
      worker.join();
    }
    if (!failures.isEmpty()) {
      throw failures.get(0);
    }
  }

  /**
   * A client of the endpoint {@code properties} names, sized for {@code threads}, that does not retry: a
   * benchmark counts a failed call and runs its round again rather than hide it in a back-off.
   */
  public static SyncClient noRetryClient(Path properties, int threads) throws Exception {
    Properties p = BenchArgs.load(properties);
    p.setProperty("threadcount", Integer.toString(threads));
    p.setProperty("tablestore.retry", "none");
    return SharedClients.newClient(ClientConfig.from(p), 0);
  }

  /**
   * Half PutRows of new paper rows, half GetRows of one of the {@code preloaded} rows (a missing one
   * fails the call): the mix the mock's CPU comparisons drive.
   */
  static LoadDriver.Op getsAndPuts(long preloaded) {
    AtomicLong newKeys = new AtomicLong(1_000_000_000L);
    return (client, n) -> {
      if (n % 2 == 1) {
        client.putRow(new PutRowRequest(putChange(newKeys.getAndIncrement())));
      } else {
        SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(TABLE,
            primaryKey(ThreadLocalRandom.current().nextLong(preloaded)));
        criteria.setMaxVersions(1);
        if (client.getRow(new GetRowRequest(criteria)).getRow() == null) {
          throw new IllegalStateException("a preloaded row is missing");
        }
      }
    };
  }
}
