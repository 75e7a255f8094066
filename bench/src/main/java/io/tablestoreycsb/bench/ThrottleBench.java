package io.tablestoreycsb.bench;

import com.alicloud.openservices.tablestore.SyncClient;
import io.tablestoreycsb.binding.client.SharedClients;
import io.tablestoreycsb.binding.config.ClientConfig;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;

/**
 * throttled-vs-paced-client-cpu (the goal): client CPU per row of a YCSB load (PutRow, the same
 * threads) against a mock serving each partition at its capacity over the same load against an
 * unthrottled mock paced by YCSB's own {@code -target} at the throttled side's rate: what a service
 * that holds rows back adds to the client beyond the cost of the rate itself, the part the binding
 * could change. throttled-vs-unthrottled-client-cpu (a detail line, the figure for sizing runners):
 * client CPU per row of the same load
 * against a mock serving each partition at its capacity (bench/run starts it with
 * {@code --partition-capacity 1000}) over the same load against a mock that answers at once. Both
 * mocks run in their own processes, so this process's CPU is the client's alone; compiler threads
 * are apart (as in every comparison), and warm-up pairs run until both sides are steady.
 *
 * <p>Detail lines say where each side's CPU per row goes by kind of thread ({@link ThreadShares}), and a
 * control: the throttled load against the unthrottled mock paced by YCSB's own {@code -target} at the
 * throttled side's rate. When the control costs as much per row as the throttled side, the cost
 * is the rate per JVM (threads waking for each request), not the service's throttling.
 *
 * <p>Usage: ThrottleBench --properties FREE.properties --server-pid PID --throttled-properties FILE
 * --throttled-server-pid PID [--threads 8] [--min-rounds 5] [--max-rounds 7] [--seconds 2] [--warmup S]
 * [--warmup-pairs 4]
 */
public final class ThrottleBench {
  private static final String TABLE = "throttletable";
  /** A row costs a client at most this much more CPU when the service holds it back. */
  private static final double GOAL = 1.2;

  public static void main(String[] args) throws Exception {
    BenchArgs options = new BenchArgs(args, BenchArgs.withPlanOptions("properties", "server-pid", "throttled-properties",
        "throttled-server-pid", "threads"));
    Rounds.Plan plan = options.plan();
    int threads = options.integer("threads", 8);
    Report report = new Report();
    Properties free = loadProperties(Path.of(options.required("properties")), threads);
    Properties throttled = loadProperties(Path.of(options.required("throttled-properties")), threads);
    long freePid = options.number("server-pid", -1);
    ThreadShares throttledShares = new ThreadShares();
    ThreadShares freeShares = new ThreadShares();
    SyncClient freeClient = SharedClients.newClient(ClientConfig.from(free), 0);
    SyncClient throttledClient = SharedClients.newClient(ClientConfig.from(throttled), 0);
    try {
      String name = "throttled-vs-unthrottled-client-cpu";
      Rounds.Decider goal = new Rounds.Decider(Metric.CLIENT_CPU, Ratio.Goal.AT_MOST, GOAL);
      Comparison c = Rounds.compare(name,
          "throttled", freshTable(throttledClient, new YcsbSide(throttled, false, threads,
              new CpuMeter(options.number("throttled-server-pid", -1), throttledShares))),
          "unthrottled", freshTable(freeClient, new YcsbSide(free, false, threads, new CpuMeter(freePid, freeShares))),
          plan, goal);
      report.detail(c.detailLine());
      report.detail(c.estimateLine("throttled-vs-unthrottled-rows", Metric.THROUGHPUT,
          "rows/s against the throttled mock over the unthrottled one"));
      int skipped = c.warmupPairs();
      report.detail(String.format(Locale.ROOT, "detail %s-by-thread throttled: %s | unthrottled: %s", name,
          throttledShares.describe(skipped), freeShares.describe(skipped)));
      report.detail(c.estimateLine(name, Metric.CLIENT_CPU,
          "client CPU per row against the throttled mock over the unthrottled one (for sizing runners)"));
      paced(report, c, throttled, throttledClient, free, freeClient, freePid, threads, plan);
    } catch (GaveUp e) {
      report.gaveUp(e);
    } finally {
      freeClient.shutdown();
      throttledClient.shutdown();
    }
    report.finish();
  }

  /**
   * The goal: the throttled load again, against the unthrottled mock paced by YCSB's {@code -target}
   * at the throttled side's median rate: the same rate per JVM without a service that holds rows back.
   */
  private static void paced(Report report, Comparison measured, Properties throttled, SyncClient throttledClient,
      Properties free, SyncClient freeClient, long freePid, int threads, Rounds.Plan plan) throws Exception {
    double rate = Stats.median(measured.runsA().stream().map(SideRun::rate).toList());
    ThreadShares pacedShares = new ThreadShares();
    String name = "throttled-vs-paced-client-cpu";
    Comparison c = Rounds.compare(name,
        "throttled", freshTable(throttledClient, new YcsbSide(throttled, false, threads, new CpuMeter(-1))),
        "paced", freshTable(freeClient, new YcsbSide(free, false, threads, new CpuMeter(freePid, pacedShares), rate)),
        plan, new Rounds.Decider(Metric.CLIENT_CPU, Ratio.Goal.AT_MOST, GOAL));
    report.detail(c.detailLine());
    report.detail(String.format(Locale.ROOT, "detail %s: paced by YCSB at %.0f rows/s", name, rate));
    report.detail(String.format(Locale.ROOT, "detail %s-by-thread paced: %s", name, pacedShares.describe(c.warmupPairs())));
    report.ratio(Ratio.of(name, c.estimate(Metric.CLIENT_CPU), Ratio.Goal.AT_MOST, GOAL));
  }

  private static Rounds.Side freshTable(SyncClient client, Rounds.Side side) {
    return seconds -> {
      PaperRows.recreateTable(client, TABLE);
      return side.run(seconds);
    };
  }

  /** The paper's rows, PutRow (batchsize 1), no retries: a failed call is counted and its round run again. */
  private static Properties loadProperties(Path endpoint, int threads) throws Exception {
    Properties p = PaperRows.workload(0);
    p.putAll(BenchArgs.load(endpoint));
    p.setProperty("threadcount", Integer.toString(threads));
    p.setProperty("table", TABLE);
    p.setProperty("tablestore.batchsize", "1");
    p.setProperty("tablestore.retry", "none");
    return p;
  }
}
