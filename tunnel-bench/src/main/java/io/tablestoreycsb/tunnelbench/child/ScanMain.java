package io.tablestoreycsb.tunnelbench.child;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.GetRangeRequest;
import com.alicloud.openservices.tablestore.model.GetRangeResponse;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.RangeRowQueryCriteria;
import io.tablestoreycsb.tunnelbench.rows.TunnelRow;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Reads the whole table with GetRange, one thread per partition following each page's next start
 * key, as a sync reads it with one channel per partition: the yardstick the speed goal holds the
 * tunnel's rows per second against.
 */
@Command(name = "tunnel-bench-scan", mixinStandardHelpOptions = true,
    description = "The GetRange reader of bin/tunnel-bench --speed (started by it).")
public final class ScanMain implements Callable<Integer> {
  @Option(names = "--partitions", required = true)
  int partitions;

  private final AtomicLong rows = new AtomicLong();
  private final AtomicLong requests = new AtomicLong();
  private final AtomicLong firstRowMs = new AtomicLong(Long.MAX_VALUE);
  private final AtomicLong lastRowMs = new AtomicLong();
  private final AtomicReference<String> error = new AtomicReference<>();

  @Mixin
  ChildOptions child = new ChildOptions();

  public static void main(String[] args) {
    System.exit(new CommandLine(new ScanMain()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    Endpoint endpoint = child.start("scanner");
    SyncClient client = endpoint.tableClient(Math.min(partitions, 4));
    try (SampleLog samples = SampleLog.start(child.file(ChildFiles.SAMPLES), rows::get)) {
      // The first request of a JVM loads the SDK's request path: not part of the measured read.
      client.describeTable(new com.alicloud.openservices.tablestore.model.DescribeTableRequest(child.table));
      child.awaitStart();
      samples.sampleNow();
      Thread[] readers = new Thread[partitions];
      for (int p = 0; p < partitions; p++) {
        int partition = p;
        readers[p] = new Thread(() -> scan(client, partition), "scan-" + p);
        readers[p].start();
      }
      for (Thread t : readers) {
        t.join();
      }
      samples.sampleNow();
    } finally {
      client.shutdown();
    }
    long first = firstRowMs.get() == Long.MAX_VALUE ? 0 : firstRowMs.get();
    Json.write(child.file(ChildFiles.SCAN_RESULT), new ScanResult(rows.get(), requests.get(), first, lastRowMs.get(),
        error.get()));
    return error.get() == null ? 0 : 1;
  }

  private void scan(SyncClient client, int partition) {
    RangeRowQueryCriteria range = new RangeRowQueryCriteria(child.table);
    range.setMaxVersions(1);
    range.setInclusiveStartPrimaryKey(bound(TunnelRow.partitionStart(partition, partitions), PrimaryKeyValue.INF_MIN));
    range.setExclusiveEndPrimaryKey(partition + 1 == partitions ? bound(null, PrimaryKeyValue.INF_MAX)
        : bound(TunnelRow.partitionStart(partition + 1, partitions), PrimaryKeyValue.INF_MIN));
    try {
      while (true) {
        GetRangeResponse page = client.getRange(new GetRangeRequest(range));
        long now = System.currentTimeMillis();
        requests.incrementAndGet();
        rows.addAndGet(page.getRows().size());
        if (!page.getRows().isEmpty()) {
          firstRowMs.accumulateAndGet(now, Math::min);
          lastRowMs.accumulateAndGet(now, Math::max);
        }
        PrimaryKey next = page.getNextStartPrimaryKey();
        if (next == null) {
          return;
        }
        range.setInclusiveStartPrimaryKey(next);
      }
    } catch (RuntimeException e) {
      error.compareAndSet(null, "GetRange of partition " + partition + " failed: " + e);
    }
  }

  /** A key at the start of a hash range ({@code hash} null: past every hash), the other columns at {@code fill}. */
  private static PrimaryKey bound(byte[] hash, PrimaryKeyValue fill) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder()
        .addPrimaryKeyColumn(TunnelRow.HASH, hash == null ? PrimaryKeyValue.INF_MAX : PrimaryKeyValue.fromBinary(hash))
        .addPrimaryKeyColumn(TunnelRow.WRITER, fill)
        .addPrimaryKeyColumn(TunnelRow.BATCH, fill)
        .addPrimaryKeyColumn(TunnelRow.ROW, fill)
        .build();
  }
}
