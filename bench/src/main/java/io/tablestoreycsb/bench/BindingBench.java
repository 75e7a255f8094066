package io.tablestoreycsb.bench;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.DeleteTableRequest;
import com.alicloud.openservices.tablestore.model.Column;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.Direction;
import com.alicloud.openservices.tablestore.model.GetRangeRequest;
import com.alicloud.openservices.tablestore.model.GetRangeResponse;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RangeRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.Row;
import com.alicloud.openservices.tablestore.model.RowUpdateChange;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import com.alicloud.openservices.tablestore.model.UpdateRowRequest;
import io.tablestoreycsb.binding.ClientConfig;
import io.tablestoreycsb.binding.SharedClients;
import io.tablestoreycsb.mock.MockTablestore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Comparisons 1 and 2 of bench/run in one JVM with one embedded mock (zero latency):
 * binding-vs-sdk-{read,insert,update,scan} (YCSB + binding ops/s over plain SDK loop ops/s,
 * 16 threads each) and batch-vs-single-insert (YCSB load rows/s with tablestore.batchsize=200
 * over tablestore.batchsize=1; repeated with 1 ms injected per request for a detail line). Prints
 * ratio and detail lines on stdout, per-round figures on stderr.
 *
 * <p>Usage: BindingBench [--rounds N] [--seconds S] [--records N] [--threads N] [--only read|update|scan|insert|batch]
 */
public final class BindingBench {
  private static final int SCAN_LENGTH = 100;
  private static final String INSERT_TABLE = "inserttable";
  /** Injected per-request latency of the second batch-vs-single comparison. */
  private static final String ROUND_TRIP = "1ms";

  public static void main(String[] args) throws Exception {
    int rounds = 5;
    double seconds = 5;
    long records = 100_000;
    int threads = 16;
    String only = null;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--rounds" -> rounds = Integer.parseInt(args[++i]);
        case "--seconds" -> seconds = Double.parseDouble(args[++i]);
        case "--records" -> records = Long.parseLong(args[++i]);
        case "--threads" -> threads = Integer.parseInt(args[++i]);
        case "--only" -> only = args[++i];
        default -> throw new IllegalArgumentException("unknown option '" + args[i] + "'");
      }
    }
    double warmup = Math.max(2, seconds / 2);
    List<Ratio> ratios = new ArrayList<>();
    try (MockTablestore mock = MockTablestore.builder().memoryBudgetBytes(Runtime.getRuntime().maxMemory()).start()) {
      Path endpoint = Files.createTempFile("bench-endpoint", ".properties");
      mock.writeProperties(endpoint);
      Properties base = baseProperties(endpoint, records, threads);
      SyncClient client = SharedClients.newClient(ClientConfig.from(base), 0);
      try {
        PaperRows.createTable(client);
        PaperRows.load(client, 0, records, 4);
        System.err.printf("preloaded %d rows%n", records);
        final long recordCount = records;

        if (selected(only, "read")) {
            Properties read = with(base, "readproportion", "1", "updateproportion", "0");
            ratios.add(compare("binding-vs-sdk-read", new YcsbSide(read, true, threads, 0),
                new SdkSide(base, c -> sdkRead(c, recordCount), threads), rounds, seconds, warmup));
        }

        if (selected(only, "update")) {
            Properties update = with(base, "readproportion", "0", "updateproportion", "1", "writeallfields", "true");
            ratios.add(compare("binding-vs-sdk-update", new YcsbSide(update, true, threads, 0),
                new SdkSide(base, c -> sdkUpdate(c, recordCount), threads), rounds, seconds, warmup));
        }

        if (selected(only, "scan")) {
            Properties scan = with(base, "readproportion", "0", "updateproportion", "0", "scanproportion", "1",
                "minscanlength", Integer.toString(SCAN_LENGTH), "maxscanlength", Integer.toString(SCAN_LENGTH));
            ratios.add(compare("binding-vs-sdk-scan", new YcsbSide(scan, true, threads, 0),
                new SdkSide(base, c -> sdkScan(c, recordCount), threads), rounds, seconds, warmup));
        }

        // Inserts go to their own table, dropped and re-created (outside the measured window) before
        // every run, so each run starts from the same empty table and the heap does not fill up.
        Properties inserts = with(base, "table", INSERT_TABLE);
        if (selected(only, "insert")) {
            AtomicLong sdkKeys = new AtomicLong();
            ratios.add(compare("binding-vs-sdk-insert", freshTable(client, new YcsbSide(inserts, false, threads, 0)),
                freshTable(client, new SdkSide(base,
                    c -> c.putRow(new PutRowRequest(PaperRows.putChange(INSERT_TABLE, sdkKeys.getAndIncrement()))), threads)),
                rounds, seconds, warmup));
        }

        if (selected(only, "batch")) {
            Rounds.Side batchLoad = freshTable(client,
                new YcsbSide(with(inserts, "tablestore.batchsize", "200"), false, threads, 0));
            Rounds.Side singleLoad = freshTable(client, new YcsbSide(inserts, false, threads, 0));
            Rounds.Result batch = Rounds.compare("batch-vs-single-insert", batchLoad, singleLoad, rounds, seconds, warmup);
            ratios.add(new Ratio("batch-vs-single-insert", batch.ratio(), Ratio.Goal.AT_LEAST, 20));
            // The same comparison with a round trip on every request, as against the service (about
            // 1 ms in-region): what batching saves there is waiting, not this machine's CPU. Reported
            // as a detail line; the ratio above stays the zero-latency one.
            mock.faultPlan().addLatency("PutRow=" + ROUND_TRIP);
            mock.faultPlan().addLatency("BatchWriteRow=" + ROUND_TRIP);
            try {
              Rounds.compare("batch-vs-single-insert-with-" + ROUND_TRIP + "-round-trip", batchLoad, singleLoad, rounds,
                  seconds, warmup);
            } finally {
              mock.faultPlan().clear();
            }
        }
      } finally {
        client.shutdown();
        Files.deleteIfExists(endpoint);
      }
    }
    for (Ratio ratio : ratios) {
      System.out.println(ratio.line());
    }
  }

  private static boolean selected(String only, String comparison) {
    return only == null || only.equals(comparison);
  }

  private static Rounds.Side freshTable(SyncClient client, Rounds.Side side) {
    return seconds -> {
      try {
        client.deleteTable(new DeleteTableRequest(INSERT_TABLE));
      } catch (TableStoreException e) {
        if (!"OTSObjectNotExist".equals(e.getErrorCode())) {
          throw e;
        }
      }
      PaperRows.createTable(client, INSERT_TABLE);
      System.gc(); // the dropped rows' garbage is not the next run's cost
      return side.run(seconds);
    };
  }

  private static Ratio compare(String name, Rounds.Side ycsb, Rounds.Side sdk, int rounds, double seconds,
                               double warmup) throws Exception {
    return new Ratio(name, Rounds.compare(name, ycsb, sdk, rounds, seconds, warmup).ratio(), Ratio.Goal.AT_LEAST, 0.95);
  }

  private static Properties baseProperties(Path endpoint, long records, int threads) throws Exception {
    Properties p = new Properties();
    try (var in = Files.newBufferedReader(endpoint)) {
      p.load(in);
    }
    p.setProperty("table", PaperRows.TABLE);
    p.setProperty("recordcount", Long.toString(records));
    p.setProperty("operationcount", "0");
    p.setProperty("fieldcount", Integer.toString(PaperRows.FIELDS));
    p.setProperty("fieldlength", Integer.toString(PaperRows.FIELD_LENGTH));
    p.setProperty("requestdistribution", "uniform");
    p.setProperty("readallfields", "true");
    p.setProperty("threadcount", Integer.toString(threads));
    p.setProperty("tablestore.retry", "none");
    return p;
  }

  private static Properties with(Properties base, String... keyValues) {
    Properties p = new Properties();
    p.putAll(base);
    for (int i = 0; i < keyValues.length; i += 2) {
      p.setProperty(keyValues[i], keyValues[i + 1]);
    }
    return p;
  }

  private static long randomKey(long records) {
    return ThreadLocalRandom.current().nextLong(records);
  }

  /** GetRow of a random loaded key, all columns, newest version; touches every value like YCSB's result map. */
  private static void sdkRead(SyncClient client, long records) {
    SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(PaperRows.TABLE, PaperRows.primaryKey(randomKey(records)));
    criteria.setMaxVersions(1);
    Row row = client.getRow(new GetRowRequest(criteria)).getRow();
    consume(row);
  }

  private static void sdkUpdate(SyncClient client, long records) {
    RowUpdateChange change = new RowUpdateChange(PaperRows.TABLE, PaperRows.primaryKey(randomKey(records)));
    for (int f = 0; f < PaperRows.FIELDS; f++) {
      change.put(PaperRows.fieldName(f), ColumnValue.fromString(PaperRows.randomValue()));
    }
    client.updateRow(new UpdateRowRequest(change));
  }

  /** GetRange of SCAN_LENGTH rows from a random loaded key, following the next start key. */
  private static void sdkScan(SyncClient client, long records) {
    PrimaryKey start = PaperRows.primaryKey(randomKey(records));
    PrimaryKey end = PaperRows.primaryKey(PrimaryKeyValue.INF_MAX);
    int remaining = SCAN_LENGTH;
    while (remaining > 0 && start != null) {
      RangeRowQueryCriteria criteria = new RangeRowQueryCriteria(PaperRows.TABLE);
      criteria.setInclusiveStartPrimaryKey(start);
      criteria.setExclusiveEndPrimaryKey(end);
      criteria.setDirection(Direction.FORWARD);
      criteria.setMaxVersions(1);
      criteria.setLimit(remaining);
      GetRangeResponse response = client.getRange(new GetRangeRequest(criteria));
      for (Row row : response.getRows()) {
        consume(row);
      }
      remaining -= response.getRows().size();
      start = response.getNextStartPrimaryKey();
    }
  }

  private static long sink;

  private static void consume(Row row) {
    if (row == null) {
      throw new IllegalStateException("a preloaded row is missing");
    }
    long n = 0;
    for (Column column : row.getColumns()) {
      n += column.getValue().asString().length();
    }
    sink += n;
  }
}
