package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.planner.local.LocalCellExecutor;
import io.tablestoreycsb.planner.runner.KeySlice;
import io.tablestoreycsb.planner.runner.YcsbCall;
import io.tablestoreycsb.planner.runner.CellShape;
import io.tablestoreycsb.planner.runner.CellKey;
import io.tablestoreycsb.planner.runner.CellExecutor;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A planner in a process of its own for {@link RunnersEndWithThePlannerTest}: runs one cell of one
 * local runner against YCSB's BasicDB for ten minutes, printing "running" once the runner runs; with a
 * third argument {@code warm}, on a warm runner.
 */
public final class PlannerStandIn {
  private PlannerStandIn() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    Path workload = Path.of(args[1]);
    CellKey key = new CellKey("basicdb", "random-read", 1, 1, "");
    RunnerSpec spec = new RunnerSpec(key, new CellShape(1, "READ", 1), "test", 0,
        new YcsbCall("site.ycsb.BasicDB", workload, null,
        Map.of("recordcount", "100", "operationcount", "100000000", "maxexecutiontime", "600", "status.interval", "1"), 1, "-t"),
        40, new KeySlice(0, 100), dir.resolve("runner-0"), List.of("-Xmx64m"));
    LocalCellExecutor executor = args.length > 2 && args[2].equals("warm")
        ? LocalCellExecutor.ofThisJvm().keepingRunnersWarm(dir.resolve("runners")) : LocalCellExecutor.ofThisJvm();
    executor.run(key, List.of(spec), 1, new CellExecutor.Listener() {
      @Override
      public void starting(int ready, int total) {}

      @Override
      public void running(double opsPerSecond) {
        System.out.println("running");
        System.out.flush();
      }
    });
  }
}
