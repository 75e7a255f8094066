package io.tablestoreycsb.bench;

import com.alicloud.openservices.tablestore.SyncClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * data-dir-vs-memory-cpu: what keeping the state in a data directory costs the mock. Two mock
 * processes, one in memory and one with {@code --data-dir}, are driven in alternating rounds by
 * the same SDK driver as mock-vs-floor ({@code threads} loops alternating GetRow of a random
 * preloaded key and PutRow of a new key, paper rows); the ratio is the data-directory mock's CPU
 * per request over the in-memory mock's (CPU from /proc/PID/stat, JIT threads apart). Also prints
 * the data directory's bytes per row after the preload (the directory's files over the rows
 * loaded, against the 556 raw bytes of a paper row) and the throughput of each side.
 *
 * <p>Usage: DataDirBench --memory-properties FILE --memory-pid PID --dir-properties FILE --dir-pid PID
 * --data-dir DIR [--threads 16] [--records 20000] [--min-rounds 5] [--max-rounds 10] [--seconds 3] [--warmup S] [--warmup-pairs 6]
 */
public final class DataDirBench {
  /**
   * A chosen bound, not a measured one: writes become durable by a group's write to the log on
   * another thread, so a write costs its log record, its share of that write and of the
   * background checkpoints besides the in-memory work; reads cost the same. Three times the
   * in-memory CPU per request on this half-write mix is the most the data directory may cost.
   */
  private static final double GOAL = 3.0;

  public static void main(String[] args) throws Exception {
    BenchArgs options = new BenchArgs(args, BenchArgs.withPlanOptions("memory-properties", "memory-pid", "dir-properties",
        "dir-pid", "data-dir", "threads", "records"));
    Rounds.Plan plan = options.plan();
    int threads = options.integer("threads", 16);
    long records = options.number("records", 20_000);
    Path dataDir = Path.of(options.required("data-dir"));
    Report report = new Report();
    SyncClient memory = PaperRows.noRetryClient(Path.of(options.required("memory-properties")), threads);
    SyncClient durable = PaperRows.noRetryClient(Path.of(options.required("dir-properties")), threads);
    try {
      for (SyncClient client : new SyncClient[] {memory, durable}) {
        PaperRows.createTable(client);
        PaperRows.load(client, 0, records, 4);
      }
      System.err.printf("preloaded %d rows on each side%n", records);
      long bytes = directoryBytes(dataDir);
      report.detail(String.format(Locale.ROOT,
          "detail data-dir-bytes-per-row %.0f (%d bytes in %s after loading %d paper rows of %d raw bytes; the"
              + " in-memory mock holds about 700 B of heap per row, see heap-per-row)",
          (double) bytes / records, bytes, dataDir.getFileName(), records, PaperRows.RAW_ROW_BYTES));
      LoadDriver.Op getAndPut = PaperRows.getsAndPuts(records);
      CpuMeter durableMeter = new CpuMeter(Long.parseLong(options.required("dir-pid")));
      CpuMeter memoryMeter = new CpuMeter(Long.parseLong(options.required("memory-pid")));
      Comparison c = Rounds.compare("data-dir-vs-memory-cpu",
          "data-dir", seconds -> LoadDriver.run(durable, getAndPut, threads, seconds, durableMeter),
          "memory", seconds -> LoadDriver.run(memory, getAndPut, threads, seconds, memoryMeter),
          plan, new Rounds.Decider(Metric.SERVER_CPU, Ratio.Goal.AT_MOST, GOAL));
      report.detail(c.detailLine());
      report.detail(c.estimateLine("data-dir-vs-memory-rate", Metric.THROUGHPUT,
          "requests per second against the data-directory mock over against the in-memory one"));
      report.ratio(Ratio.of("data-dir-vs-memory-cpu", c.estimate(Metric.SERVER_CPU), Ratio.Goal.AT_MOST, GOAL));
    } catch (GaveUp e) {
      report.gaveUp(e);
    } finally {
      memory.shutdown();
      durable.shutdown();
    }
    report.finish();
  }

  private static long directoryBytes(Path dir) throws Exception {
    try (Stream<Path> files = Files.list(dir)) {
      long sum = 0;
      for (Path file : (Iterable<Path>) files::iterator) {
        sum += Files.size(file);
      }
      return sum;
    }
  }
}
