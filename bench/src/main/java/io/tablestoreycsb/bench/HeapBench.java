package io.tablestoreycsb.bench;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.DeleteTableRequest;
import io.tablestoreycsb.binding.client.SharedClients;
import io.tablestoreycsb.binding.config.ClientConfig;
import io.tablestoreycsb.mock.MockTablestore;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;

/**
 * Comparison 4 (mock-bytes-per-row), in a dedicated JVM: an embedded mock is loaded with N paper
 * rows through the SDK (BatchWriteRow, 200 rows a request); the client is shut down; then the
 * table is dropped. Heap retained per row = (used heap with the table loaded - used heap after the
 * drop) / N, each "used heap" read from MemoryMXBean right after repeated System.gc(). Measuring
 * against the drop (not against the empty start) leaves out what the load itself leaves behind
 * that is not rows (server buffers, JIT'd code caches, class metadata is off-heap anyway).
 *
 * <p>Usage: HeapBench [--rows 1000000]
 */
public final class HeapBench {
  /** Heap per stored paper row over its 556 raw bytes (issue 39; was 2.0): 667 bytes a row. */
  static final double GOAL = 1.2;

  public static void main(String[] args) throws Exception {
    long rows = 1_000_000;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--rows" -> rows = Long.parseLong(args[++i]);
        default -> throw new IllegalArgumentException("unknown option '" + args[i] + "'");
      }
    }
    try (MockTablestore mock = MockTablestore.builder().memoryBudgetBytes(Runtime.getRuntime().maxMemory()).start()) {
      Path endpoint = Files.createTempFile("bench-endpoint", ".properties");
      mock.writeProperties(endpoint);
      Properties p = new Properties();
      try (var in = Files.newBufferedReader(endpoint)) {
        p.load(in);
      }
      Files.deleteIfExists(endpoint);
      p.setProperty("threadcount", "4");
      long start = usedHeapAfterGc();
      SyncClient client = SharedClients.newClient(ClientConfig.from(p), 0);
      long t0 = System.nanoTime();
      PaperRows.createTable(client);
      PaperRows.load(client, 0, rows, 4);
      double loadSeconds = (System.nanoTime() - t0) / 1e9;
      client.shutdown();
      long loaded = usedHeapAfterGc();
      // For a heap histogram of the loaded table: -Dbench.holdLoadedSeconds=N, then jmap -histo:live PID.
      long hold = Long.getLong("bench.holdLoadedSeconds", 0);
      if (hold > 0) {
        System.err.println("holding the loaded table for " + hold + " s, pid " + ProcessHandle.current().pid());
        Thread.sleep(hold * 1000);
      }
      SyncClient dropper = SharedClients.newClient(ClientConfig.from(p), 1);
      dropper.deleteTable(new DeleteTableRequest(PaperRows.TABLE));
      dropper.shutdown();
      long dropped = usedHeapAfterGc();
      double perRow = (loaded - dropped) / (double) rows;
      System.out.printf(Locale.ROOT,
          "detail mock-bytes-per-row rows=%d load=%.1fs (%.0f rows/s) heap-start=%dMB heap-loaded=%dMB "
              + "heap-after-drop=%dMB retained-per-row=%.0fB (vs start: %.0fB)%n",
          rows, loadSeconds, rows / loadSeconds, start >> 20, loaded >> 20, dropped >> 20, perRow,
          (loaded - start) / (double) rows);
      Report report = new Report();
      report.ratio(new Ratio("mock-bytes-per-row", perRow / PaperRows.RAW_ROW_BYTES, Ratio.Goal.AT_MOST, GOAL));
      report.finish();
    }
  }

  private static long usedHeapAfterGc() throws InterruptedException {
    long used = Long.MAX_VALUE;
    // Several rounds: a full GC may leave finalizable/reference-queued objects for the next one.
    for (int i = 0; i < 4; i++) {
      System.gc();
      Thread.sleep(200);
      used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
    }
    return used;
  }
}
