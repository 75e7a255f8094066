package io.tablestoreycsb.bench;

import com.alicloud.openservices.tablestore.SyncClient;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * mock-vs-floor-cpu: the mock's CPU per request over the CPU per request of {@link FloorServer}
 * (a bare Netty HTTP/1.1 server answering fixed valid responses), both in their own processes
 * (CPU from /proc/PID/stat), driven in alternating rounds by the same SDK driver: {@code threads}
 * loops alternating GetRow of a random preloaded key and PutRow of a new key, paper rows. Also
 * prints mock-cpu-share (the mock's CPU over mock + driver in the mock's rounds) as a detail line.
 *
 * <p>Usage: MockVsFloorBench --mock-properties FILE --mock-pid PID --floor-properties FILE
 * --floor-pid PID [--threads 16] [--records 20000] [--floor-is-mock true] [--min-rounds 5] [--max-rounds 10] [--seconds 3]
 * [--warmup S] [--warmup-pairs 6]
 *
 * <p>{@code --floor-is-mock true} measures one mock against another (a change to the mock against the
 * mock before it, in the same driver): the "floor" side's table is created and preloaded too.
 */
public final class MockVsFloorBench {
  /** The mock may cost at most 1.5 times the CPU per request of the cheapest server the SDK accepts (issue 39; was 2.0). */
  static final double GOAL = 1.5;

  public static void main(String[] args) throws Exception {
    BenchArgs options = new BenchArgs(args, BenchArgs.withPlanOptions("mock-properties", "mock-pid", "floor-properties",
        "floor-pid", "threads", "records", "floor-is-mock"));
    Rounds.Plan plan = options.plan();
    int threads = options.integer("threads", 16);
    long records = options.number("records", 20_000);
    Report report = new Report();
    SyncClient mock = PaperRows.noRetryClient(Path.of(options.required("mock-properties")), threads);
    SyncClient floor = PaperRows.noRetryClient(Path.of(options.required("floor-properties")), threads);
    try {
      PaperRows.createTable(mock);
      PaperRows.load(mock, 0, records, 4);
      if (Boolean.parseBoolean(options.string("floor-is-mock", "false"))) {
        PaperRows.createTable(floor);
        PaperRows.load(floor, 0, records, 4);
      }
      System.err.printf("preloaded %d rows%n", records);
      LoadDriver.Op getAndPut = PaperRows.getsAndPuts(records);
      CpuMeter mockMeter = new CpuMeter(Long.parseLong(options.required("mock-pid")));
      CpuMeter floorMeter = new CpuMeter(Long.parseLong(options.required("floor-pid")));
      Comparison c = Rounds.compare("mock-vs-floor-cpu",
          "mock", seconds -> LoadDriver.run(mock, getAndPut, threads, seconds, mockMeter),
          "floor", seconds -> LoadDriver.run(floor, getAndPut, threads, seconds, floorMeter),
          plan, new Rounds.Decider(Metric.SERVER_CPU, Ratio.Goal.AT_MOST, GOAL));
      report.detail(c.detailLine());
      report.detail(c.estimateLine("mock-vs-floor-client-cpu", Metric.CLIENT_CPU,
          "the driver's CPU per request against the mock over against the floor"));
      List<Double> shares = c.perRound(s -> s.serverCpuSeconds() / (s.serverCpuSeconds() + s.clientCpuSeconds()));
      report.detail(String.format(Locale.ROOT,
          "detail mock-cpu-share %.3f (median of %d mock runs, %.3f..%.3f): the mock's CPU over mock + driver (was a goal: <= 0.33)",
          Stats.median(shares), shares.size(), shares.stream().mapToDouble(d -> d).min().orElseThrow(),
          shares.stream().mapToDouble(d -> d).max().orElseThrow()));
      report.ratio(Ratio.of("mock-vs-floor-cpu", c.estimate(Metric.SERVER_CPU), Ratio.Goal.AT_MOST, GOAL));
    } catch (GaveUp e) {
      report.gaveUp(e);
    } finally {
      mock.shutdown();
      floor.shutdown();
    }
    report.finish();
  }
}
