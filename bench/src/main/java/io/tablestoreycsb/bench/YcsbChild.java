package io.tablestoreycsb.bench;

import io.tablestoreycsb.kit.resources.ProcFs;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import org.apache.htrace.core.HTraceConfiguration;
import org.apache.htrace.core.Tracer;
import site.ycsb.ClientThread;
import site.ycsb.DB;
import site.ycsb.DBFactory;
import site.ycsb.Workload;
import site.ycsb.measurements.Measurements;

/**
 * One side of a comparison between YCSB bindings that cannot share a JVM (the upstream binding's SDK
 * 4.8.0 and ours, 5.17.10, have the same package names): YCSB's run loop as {@link YcsbSide} runs it,
 * for any DB class, in a JVM of its own. It references only YCSB core and this package's /proc readers,
 * so it runs on either binding's class path.
 *
 * <p>It measures, and prints as one {@code ycsb-child} line on stdout:
 * <ul>
 *   <li>start-up: this process's CPU time (all threads, JIT included) and classes loaded from JVM start
 *       until every YCSB thread has finished its first operation (JVM, YCSB, workload, DB init, first
 *       request), and the live threads then;</li>
 *   <li>a window of {@code --seconds} that starts {@code --settle} seconds after the threads start:
 *       operations, CPU time without the JIT compiler threads (given apart, see {@link CpuMeter}) and
 *       bytes allocated by every live thread (HotSpot's per-thread allocation counters);</li>
 *   <li>the operations whose status was neither OK nor BATCHED_OK over the whole run.</li>
 * </ul>
 *
 * <p>Usage: YcsbChild --db CLASS --properties FILE --threads N --load true|false --settle S --seconds S
 */
public final class YcsbChild {
  /** How often start-up polls the threads' first operations. */
  private static final long POLL_MS = 1;

  private YcsbChild() {
  }

  public static void main(String[] args) throws Exception {
    BenchArgs options = new BenchArgs(args, java.util.Set.of("db", "properties", "threads", "load", "settle", "seconds"));
    Properties p = BenchArgs.load(Path.of(options.required("properties")));
    int threads = options.integer("threads", 4);
    boolean load = Boolean.parseBoolean(options.required("load"));
    double settle = options.decimal("settle", 5);
    double seconds = options.decimal("seconds", 5);
    String dbClass = options.required("db");
    p.setProperty("threadcount", Integer.toString(threads));

    Measurements.setProperties(p);
    Workload workload = (Workload) Class.forName(p.getProperty("workload")).getDeclaredConstructor().newInstance();
    workload.init(p);
    Tracer tracer = new Tracer.Builder("bench").conf(HTraceConfiguration.EMPTY).build();
    CountDownLatch unused = new CountDownLatch(threads);
    List<ClientThread> clients = new ArrayList<>();
    for (int t = 0; t < threads; t++) {
      DB db = DBFactory.newDB(dbClass, p, tracer);
      ClientThread client = new ClientThread(db, !load, workload, p, 0, 0, unused);
      client.setThreadId(t);
      client.setThreadCount(threads);
      clients.add(client);
    }
    List<Thread> running = new ArrayList<>();
    for (ClientThread client : clients) {
      Thread thread = new Thread(client, "ycsb-" + running.size());
      running.add(thread);
      thread.start();
    }
    long threadsStarted = System.nanoTime();
    long pid = ProcessHandle.current().pid();
    while (!clients.stream().allMatch(c -> c.getOpsDone() > 0) && running.stream().allMatch(Thread::isAlive)) {
      Thread.sleep(POLL_MS);
    }
    double startupCpu = ProcFs.cpuTicks(pid) / (double) ProcFs.TICKS_PER_SECOND;
    long startupClasses = ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount();
    int startupThreads = ManagementFactory.getThreadMXBean().getThreadCount();

    CpuMeter meter = new CpuMeter(-1);
    SideRun window;
    long allocated;
    try {
      long settleLeft = threadsStarted + (long) (settle * 1e9) - System.nanoTime();
      if (settleLeft > 0) {
        Thread.sleep(settleLeft / 1_000_000);
      }
      long ops0 = ops(clients);
      long allocated0 = allocatedBytes();
      CpuMeter.Reading start = meter.read();
      Thread.sleep((long) (seconds * 1000));
      long ops1 = ops(clients);
      allocated = allocatedBytes() - allocated0;
      window = meter.since(start, ops1 - ops0, 0, 0, null);
    } finally {
      workload.requestStop();
    }
    for (Thread thread : running) {
      thread.join();
    }
    workload.cleanup();
    long failures = YcsbFailures.total();
    long idle = clients.stream().filter(c -> c.getOpsDone() == 0).count();
    System.out.printf(Locale.ROOT, "ycsb-child ops=%d seconds=%.4f cpu=%.4f jit=%.4f allocated=%d startup-cpu=%.3f"
            + " startup-classes=%d startup-threads=%d failures=%d idle-threads=%d%n", window.ops(), window.seconds(),
        window.clientCpuSeconds(), window.clientJitSeconds(), allocated, startupCpu, startupClasses, startupThreads,
        failures, idle);
    System.out.flush();
    // YCSB's own binding keeps a static SDK client whose threads never end.
    System.exit(0);
  }

  private static long ops(List<ClientThread> clients) {
    long sum = 0;
    for (ClientThread client : clients) {
      sum += client.getOpsDone();
    }
    return sum;
  }

  /** Bytes allocated so far by the live threads (a thread that ended in between is not counted). */
  private static long allocatedBytes() {
    com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long sum = 0;
    for (long bytes : threads.getThreadAllocatedBytes(threads.getAllThreadIds())) {
      if (bytes > 0) {
        sum += bytes;
      }
    }
    return sum;
  }
}
