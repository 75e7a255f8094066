package io.tablestoreycsb.bench;

import com.alicloud.openservices.tablestore.ClientException;
import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.model.GetRowRequest;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.SingleRowQueryCriteria;
import io.tablestoreycsb.binding.ClientConfig;
import io.tablestoreycsb.binding.SharedClients;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

/**
 * Comparison 3 (mock-cpu-share): this JVM drives a SEPARATE mock process (bin/tablestore-mock) at
 * saturation with the SDK, half PutRow and half GetRow, and compares the CPU time (utime + stime
 * from /proc/PID/stat) the mock used with the total of mock + this client process, over several
 * measured windows (median reported).
 *
 * <p>Usage: CpuShareBench --properties FILE --mock-pid PID [--threads 16] [--seconds 5] [--windows 3] [--warmup 10] [--records 20000]
 */
public final class CpuShareBench {
  public static void main(String[] args) throws Exception {
    Path properties = null;
    long mockPid = -1;
    int threads = 16;
    double seconds = 5;
    int windows = 3;
    long records = 20_000;
    double warmup = 10;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--properties" -> properties = Path.of(args[++i]);
        case "--mock-pid" -> mockPid = Long.parseLong(args[++i]);
        case "--threads" -> threads = Integer.parseInt(args[++i]);
        case "--seconds" -> seconds = Double.parseDouble(args[++i]);
        case "--windows" -> windows = Integer.parseInt(args[++i]);
        case "--records" -> records = Long.parseLong(args[++i]);
        case "--warmup" -> warmup = Double.parseDouble(args[++i]);
        default -> throw new IllegalArgumentException("unknown option '" + args[i] + "'");
      }
    }
    if (properties == null || mockPid < 0) {
      throw new IllegalArgumentException("--properties FILE and --mock-pid PID are required");
    }
    Properties p = new Properties();
    try (var in = Files.newBufferedReader(properties)) {
      p.load(in);
    }
    p.setProperty("threadcount", Integer.toString(threads));
    p.setProperty("tablestore.retry", "none");
    long selfPid = ProcessHandle.current().pid();
    SyncClient client = SharedClients.newClient(ClientConfig.from(p), 0);
    AtomicBoolean stop = new AtomicBoolean();
    LongAdder ops = new LongAdder();
    LongAdder clientErrors = new LongAdder();
    List<Thread> workers = new ArrayList<>();
    try {
      PaperRows.createTable(client);
      PaperRows.load(client, 0, records, 4);
      AtomicLong insertKeys = new AtomicLong(1_000_000_000L);
      final long recordCount = records;
      List<Throwable> failures = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        Thread worker = new Thread(() -> {
          try {
            boolean put = false;
            while (!stop.get()) {
              try {
                if (put) {
                  client.putRow(new PutRowRequest(PaperRows.putChange(insertKeys.getAndIncrement())));
                } else {
                  SingleRowQueryCriteria criteria = new SingleRowQueryCriteria(PaperRows.TABLE,
                      PaperRows.primaryKey(ThreadLocalRandom.current().nextLong(recordCount)));
                  criteria.setMaxVersions(1);
                  client.getRow(new GetRowRequest(criteria));
                }
                ops.increment();
              } catch (ClientException e) {
                // The SDK HTTP client's connection-lease race (docs/reliability.md) fails about one
                // call in thousands on a loaded machine; counted, and the run fails if it is more.
                clientErrors.increment();
              }
              put = !put;
            }
          } catch (Throwable e) {
            synchronized (failures) {
              failures.add(e);
            }
          }
        }, "driver-" + t);
        workers.add(worker);
        worker.start();
      }
      // Steady state only: the first seconds of both fresh JVMs are dominated by JIT compiler threads.
      Thread.sleep((long) (warmup * 1000));
      List<Double> shares = new ArrayList<>();
      for (int w = 0; w < windows; w++) {
        long mock0 = ProcFs.cpuTicks(mockPid);
        long self0 = ProcFs.cpuTicks(selfPid);
        long ops0 = ops.sum();
        long t0 = System.nanoTime();
        Thread.sleep((long) (seconds * 1000));
        long mock1 = ProcFs.cpuTicks(mockPid);
        long self1 = ProcFs.cpuTicks(selfPid);
        double elapsed = (System.nanoTime() - t0) / 1e9;
        double mockCpu = (mock1 - mock0) / (double) ProcFs.TICKS_PER_SECOND;
        double clientCpu = (self1 - self0) / (double) ProcFs.TICKS_PER_SECOND;
        double share = mockCpu / (mockCpu + clientCpu);
        shares.add(share);
        System.err.printf(Locale.ROOT, "window %d: %.0f ops/s, mock %.2f cores, client %.2f cores, mock share %.3f%n",
            w + 1, (ops.sum() - ops0) / elapsed, mockCpu / elapsed, clientCpu / elapsed, share);
      }
      stop.set(true);
      for (Thread worker : workers) {
        worker.join();
      }
      if (!failures.isEmpty()) {
        throw new IllegalStateException("driver failed: " + failures.get(0), failures.get(0));
      }
      if (clientErrors.sum() * 1000 > ops.sum()) {
        throw new IllegalStateException("driver failed: " + clientErrors.sum() + " client errors in " + ops.sum() + " calls");
      }
      System.out.printf(Locale.ROOT, "detail mock-cpu-share windows=%d spread=%.3f client-errors=%d calls=%d%n", windows,
          Stats.spread(shares), clientErrors.sum(), ops.sum());
      System.out.println(new Ratio("mock-cpu-share", Stats.median(shares), Ratio.Goal.AT_MOST, 0.33).line());
    } finally {
      stop.set(true);
      client.shutdown();
    }
  }
}
