package io.tablestoreycsb.bench;

import io.tablestoreycsb.binding.TablestoreWorkload;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import org.apache.htrace.core.HTraceConfiguration;
import org.apache.htrace.core.Tracer;
import site.ycsb.ClientThread;
import site.ycsb.DB;
import site.ycsb.DBFactory;
import site.ycsb.measurements.Measurements;

/**
 * YCSB exactly as site.ycsb.Client runs it (DBFactory + DBWrapper with measurements, CoreWorkload's
 * key chooser and value generator, ClientThread's loop), minus the process around it, so one JVM
 * can alternate it with the plain SDK loop. Each call is a fresh run: new workload, new DB
 * instances (so the binding's shared SDK client is created and shut down per run, as in a real run).
 */
final class YcsbSide implements Rounds.Side {
  private static final String DB_CLASS = "io.tablestoreycsb.binding.TablestoreClient";
  private static final long KEYS_PER_RUN = 10_000_000L;

  private final Properties base;
  private final boolean transactions;
  private final int threads;
  private final CpuMeter meter;
  /** YCSB's -target: operations per second of all threads together, 0 for as fast as answered. */
  private final double target;
  private long nextInsertStart;

  YcsbSide(Properties base, boolean transactions, int threads, CpuMeter meter) {
    this(base, transactions, threads, meter, 0);
  }

  /** A side paced by YCSB itself at {@code target} operations per second (its {@code -target}); 0: not paced. */
  YcsbSide(Properties base, boolean transactions, int threads, CpuMeter meter, double target) {
    this.base = base;
    this.transactions = transactions;
    this.threads = threads;
    this.meter = meter;
    this.target = target;
  }

  @Override
  public SideRun run(double seconds) throws Exception {
    Properties p = new Properties();
    p.putAll(base);
    p.setProperty("threadcount", Integer.toString(threads));
    if (!transactions) {
      // Fresh keys every run: the load phase inserts insertstart, insertstart+1, ...
      p.setProperty("insertstart", Long.toString(nextInsertStart));
      p.setProperty("insertorder", "ordered");
      // YCSB 0.17 keeps insertstart/insertcount in an int: runs advance by 10 million keys and
      // callers start below 2^31 - 20 runs' worth. recordcount must cover insertstart + insertcount.
      p.setProperty("insertcount", Long.toString(KEYS_PER_RUN));
      p.setProperty("recordcount", Long.toString(nextInsertStart + KEYS_PER_RUN));
      nextInsertStart += KEYS_PER_RUN;
      if (nextInsertStart > Integer.MAX_VALUE) {
        throw new IllegalStateException("YCSB insert key range exhausted (insertstart is an int in YCSB 0.17)");
      }
    }
    System.gc(); // the previous run's garbage is not this run's cost
    Measurements.setProperties(p);
    long failedBefore = YcsbFailures.total();
    TablestoreWorkload workload = new TablestoreWorkload();
    workload.init(p);
    Tracer tracer = new Tracer.Builder("bench").conf(HTraceConfiguration.EMPTY).build();
    // ClientThread counts this down when it ends normally; one whose DB.init failed returns
    // without, so the run waits for the threads themselves instead.
    CountDownLatch unused = new CountDownLatch(threads);
    List<ClientThread> clients = new ArrayList<>();
    List<Thread> running = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      DB db = DBFactory.newDB(DB_CLASS, p, tracer);
      // As site.ycsb.Client divides -target among its threads, per millisecond.
      ClientThread client = new ClientThread(db, transactions, workload, p, 0, target / threads / 1000.0, unused);
      client.setThreadId(t);
      client.setThreadCount(threads);
      clients.add(client);
    }
    for (ClientThread client : clients) {
      Thread thread = new Thread(client, "ycsb-" + running.size());
      running.add(thread);
      thread.start();
    }
    SideRun window;
    try {
      Thread.sleep(LoadDriver.SETTLE_MS);
      long ops0 = ops(clients);
      CpuMeter.Reading start = meter.read();
      Thread.sleep((long) (seconds * 1000));
      long ops1 = ops(clients);
      // Read while every thread still runs: one that ended after the stop would be missing from a
      // reading of each thread's time (ThreadShares).
      window = meter.since(start, ops1 - ops0, 0, 0, null);
    } finally {
      workload.requestStop();
    }
    for (Thread thread : running) {
      thread.join();
    }
    workload.cleanup();
    long failures = YcsbFailures.total() - failedBefore;
    long total = ops(clients);
    // A thread whose DB.init failed (e.g. the table check's call failed) did nothing at all.
    long idleThreads = clients.stream().filter(c -> c.getOpsDone() == 0).count();
    String first = failures > 0 ? failures + " YCSB operation(s) returned an error status (see the [TABLESTORE] report)"
        : idleThreads > 0 ? idleThreads + " YCSB thread(s) did not start (DB.init failed)" : null;
    return new SideRun(window.ops(), window.seconds(), window.clientCpuSeconds(), window.serverCpuSeconds(),
        window.clientJitSeconds(), window.serverJitSeconds(),
        total + idleThreads, failures + idleThreads, first);
  }

  private static long ops(List<ClientThread> clients) {
    long sum = 0;
    for (ClientThread client : clients) {
      sum += client.getOpsDone();
    }
    return sum;
  }
}
