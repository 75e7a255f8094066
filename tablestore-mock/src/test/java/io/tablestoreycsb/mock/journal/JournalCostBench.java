package io.tablestoreycsb.mock.journal;

import com.alicloud.openservices.tablestore.ClientConfiguration;
import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import io.tablestoreycsb.mock.MockTablestore;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;

/**
 * What recording costs the server: CPU of the mock's I/O threads per request, with the journal
 * on (the default capacity) and off, for PutRow and for 200-row BatchWriteRow requests. The two
 * settings alternate over several rounds in one JVM, so load on a shared machine hits both; the
 * table prints each round and the medians. Not a test (no assertion on time): run it by hand,
 *
 * <pre>
 * mvn -B -o -pl tablestore-mock test-compile dependency:build-classpath -Dmdep.outputFile=target/cp.txt -q
 * java -cp tablestore-mock/target/test-classes:tablestore-mock/target/classes:$(cat tablestore-mock/target/cp.txt) \
 *     io.tablestoreycsb.mock.journal.JournalCostBench [rounds] [putsPerRound]
 * </pre>
 */
public final class JournalCostBench {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  public static void main(String[] args) throws Exception {
    int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 5;
    int puts = args.length > 1 ? Integer.parseInt(args[1]) : 20_000;
    int batches = puts / 40;
    double[][] putUs = new double[2][rounds];
    double[][] batchUs = new double[2][rounds];
    System.out.println("round journal   PutRow-us/req  BatchWriteRow(200)-us/req");
    for (int round = -1; round < rounds; round++) { // round -1 warms the JIT up and is not reported
      for (int on = 0; on < 2; on++) {
        try (MockTablestore mock = MockTablestore.builder()
            .journalCapacity(on == 1 ? RequestJournal.DEFAULT_CAPACITY : 0).start()) {
          ClientConfiguration config = new ClientConfiguration();
          config.setIoThreadCount(1);
          SyncClient client = new SyncClient(mock.endpoint(), mock.accessKeyId(), mock.accessKeySecret(),
              mock.instanceName(), config);
          try {
            TableMeta meta = new TableMeta("t");
            meta.addPrimaryKeyColumn("userid", PrimaryKeyType.STRING);
            client.createTable(new CreateTableRequest(meta, new TableOptions(-1, 1)));
            long before = serverCpuNanos();
            for (int i = 0; i < puts; i++) {
              client.putRow(new PutRowRequest(row("p" + i)));
            }
            long afterPuts = serverCpuNanos();
            for (int b = 0; b < batches; b++) {
              BatchWriteRowRequest batch = new BatchWriteRowRequest();
              for (int i = 0; i < 200; i++) {
                batch.addRowChange(row("b" + b + "-" + i));
              }
              client.batchWriteRow(batch);
            }
            long afterBatches = serverCpuNanos();
            if (round >= 0) {
              putUs[on][round] = (afterPuts - before) / 1e3 / puts;
              batchUs[on][round] = (afterBatches - afterPuts) / 1e3 / batches;
              System.out.printf(Locale.ROOT, "%5d %-7s %14.2f %26.1f%n", round, on == 1 ? "on" : "off",
                  putUs[on][round], batchUs[on][round]);
            }
          } finally {
            client.shutdown();
          }
        }
      }
    }
    micro();
    System.out.printf(Locale.ROOT, "median  off     %14.2f %26.1f%n", median(putUs[0]), median(batchUs[0]));
    System.out.printf(Locale.ROOT, "median  on      %14.2f %26.1f%n", median(putUs[1]), median(batchUs[1]));
    System.out.printf(Locale.ROOT, "on/off          %14.3f %26.3f%n", median(putUs[1]) / median(putUs[0]),
        median(batchUs[1]) / median(batchUs[0]));
  }

  /**
   * The recording path alone, what the pipeline adds per request when the journal is on: gather the
   * rows (1 or 200) and record the entry into a journal at its default capacity.
   */
  private static void micro() {
    RequestJournal journal = new RequestJournal(RequestJournal.DEFAULT_CAPACITY);
    java.util.List<com.alicloud.openservices.tablestore.model.PrimaryKeySchema> schema =
        java.util.List.of(new com.alicloud.openservices.tablestore.model.PrimaryKeySchema("userid", PrimaryKeyType.STRING));
    byte[] key = new byte[24];
    for (int rows : new int[] {1, 200}) {
      int n = rows == 1 ? 2_000_000 : 20_000;
      double best = Double.MAX_VALUE;
      for (int rep = 0; rep < 5; rep++) {
        long t0 = THREADS.getCurrentThreadCpuTime();
        for (int i = 0; i < n; i++) {
          RowBuffer buffer = new RowBuffer(rows);
          for (int r = 0; r < rows; r++) {
            buffer.add("t", schema, key, null);
          }
          journal.record(new RecordedRequest.Entry(0, io.tablestoreycsb.mock.protocol.ActionName.PUT_ROW, "PutRow", "t",
              buffer, 200, null, "id", 0, 1, 0));
        }
        best = Math.min(best, (THREADS.getCurrentThreadCpuTime() - t0) / (double) n);
      }
      System.out.printf(Locale.ROOT, "recording alone, %3d row(s): %8.0f ns/request (best of 5, CPU time)%n", rows, best);
    }
  }

  private static RowPutChange row(String userid) {
    RowPutChange change = new RowPutChange("t", PrimaryKeyBuilder.createPrimaryKeyBuilder()
        .addPrimaryKeyColumn("userid", PrimaryKeyValue.fromString(userid)).build());
    change.addColumn("field0", ColumnValue.fromString("0123456789".repeat(10)));
    return change;
  }

  /** CPU time of the mock's I/O threads (where requests are executed and recorded). */
  private static long serverCpuNanos() {
    long total = 0;
    for (ThreadInfo info : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
      if (info != null && info.getThreadName().startsWith("tablestore-mock-io")) {
        long cpu = THREADS.getThreadCpuTime(info.getThreadId());
        total += Math.max(0, cpu);
      }
    }
    return total;
  }

  private static double median(double[] values) {
    double[] sorted = values.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }
}
