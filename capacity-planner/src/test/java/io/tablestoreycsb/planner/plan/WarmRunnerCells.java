package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.planner.runner.CellDone;
import io.tablestoreycsb.planner.runner.CellExecutor;
import io.tablestoreycsb.planner.runner.CellKey;
import io.tablestoreycsb.planner.runner.CellShape;
import io.tablestoreycsb.planner.runner.KeySlice;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import io.tablestoreycsb.planner.runner.YcsbCall;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Cells of {@value #RUNNERS} runners on one single-partition table of a mock, for the tests of warm runners: a
 * write cell in which each runner inserts its own {@value #ROWS_PER_RUNNER} keys (one PutRow each), and read
 * cells of those keys.
 */
final class WarmRunnerCells {
  static final int RUNNERS = 2;
  static final long ROWS_PER_RUNNER = 300;
  private static final Path WORKLOADS = Path.of("..", "workloads").toAbsolutePath().normalize();

  /** The table, also the cells' plan name. */
  private final String table;

  WarmRunnerCells(String table) {
    this.table = table;
  }

  /** Writes the mock's endpoint file into {@code dir} and creates the table; the file. */
  Path endpoint(MockTablestore mock, Path dir) throws Exception {
    Path props = dir.resolve("mock.properties");
    mock.writeProperties(props);
    new BindingTableAdmin(props).ensureTable(table, 1);
    return props;
  }

  /** Each runner inserts its own keys, one PutRow each; {@code jvm}: the runners' JVM options. */
  List<RunnerSpec> write(Path cellDir, Path props, List<String> jvm) {
    List<RunnerSpec> specs = new ArrayList<>();
    for (int r = 0; r < RUNNERS; r++) {
      Map<String, String> p = properties();
      specs.add(spec(cellDir, props, r, WORKLOADS.resolve("tablestore-random-write"), p, "-load", "INSERT", jvm));
    }
    return specs;
  }

  /** Reads of the written keys for {@code seconds}. */
  List<RunnerSpec> read(Path cellDir, Path props, List<String> jvm, long seconds) {
    List<RunnerSpec> specs = new ArrayList<>();
    for (int r = 0; r < RUNNERS; r++) {
      Map<String, String> p = properties();
      p.put("operationcount", "100000000");
      p.put("maxexecutiontime", Long.toString(seconds));
      specs.add(spec(cellDir, props, r, WORKLOADS.resolve("tablestore-random-read"), p, "-t", "READ", jvm));
    }
    return specs;
  }

  private Map<String, String> properties() {
    Map<String, String> p = new LinkedHashMap<>();
    p.put("table", table);
    p.put("recordcount", Long.toString(RUNNERS * ROWS_PER_RUNNER));
    p.put("status.interval", "1");
    return p;
  }

  private RunnerSpec spec(Path cellDir, Path props, int r, Path workload, Map<String, String> p, String phase,
      String measure, List<String> jvm) {
    return new RunnerSpec(key(measure), new CellShape(RUNNERS, measure, 1), table, r,
        new YcsbCall("io.tablestoreycsb.binding.TablestoreClient", workload, props, p, 2, phase),
        500, new KeySlice(r * ROWS_PER_RUNNER, ROWS_PER_RUNNER), cellDir.resolve("runner-" + r), jvm);
  }

  /** What runner {@code runner} of the cell in {@code cellDir} answered. */
  static CellDone done(Path cellDir, int runner) throws Exception {
    return CellDone.read(cellDir.resolve("runner-" + runner)).orElseThrow();
  }

  static CellKey key(String caseName) {
    return new CellKey("mock", caseName, 1, 2, "");
  }

  /** A listener that hears nothing. */
  static CellExecutor.Listener quiet() {
    return new CellExecutor.Listener() {
      @Override
      public void starting(int ready, int total) {}

      @Override
      public void running(double opsPerSecond) {}
    };
  }
}
