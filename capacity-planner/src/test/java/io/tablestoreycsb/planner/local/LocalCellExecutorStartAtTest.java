package io.tablestoreycsb.planner.local;

import io.tablestoreycsb.planner.runner.KeySlice;
import io.tablestoreycsb.planner.runner.YcsbCall;
import io.tablestoreycsb.planner.runner.CellShape;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.planner.runner.CellKey;
import io.tablestoreycsb.planner.runner.CellOutcome;
import io.tablestoreycsb.planner.runner.CellExecutor;
import io.tablestoreycsb.planner.runner.RunnerRecord;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A runner in a pod starts at the instant the planner set for its whole cell (runStartingAt), not when it
 * alone is ready: pods on different machines so begin together.
 */
class LocalCellExecutorStartAtTest {
  private static final Path WORKLOAD = Path.of("src/test/resources/basicdb-workload").toAbsolutePath();
  private static final CellKey KEY = new CellKey("basicdb", "random-read", 1, 1, "");

  @Test
  void aRunnerReadyBeforeTheCellsInstantWaitsForIt(@TempDir Path dir) throws Exception {
    long instant = System.currentTimeMillis() + 10_000; // JVM start and class loading take far less
    RunnerSpec spec = new RunnerSpec(KEY, new CellShape(1, "READ", 1), "test", 0,
        new YcsbCall("site.ycsb.BasicDB", WORKLOAD, null,
        Map.of("recordcount", "100", "operationcount", "100000000", "maxexecutiontime", "1", "status.interval", "1"), 1, "-t"),
        40, new KeySlice(0, 100), dir.resolve("runner-0"), List.of());

    CellOutcome outcome = LocalCellExecutor.ofThisJvm().runStartingAt(instant, KEY, List.of(spec), 1,
        new CellExecutor.Listener() {
          @Override
          public void starting(int ready, int total) {
          }

          @Override
          public void running(double opsPerSecond) {
          }
        });

    assertThat(outcome.succeeded()).as(outcome.errors()).isTrue();
    RunnerRecord record = outcome.records().get(0);
    assertThat(record.times().readyEpochMs()).isPositive().isLessThan(instant);
    assertThat(record.times().startAtEpochMs()).isEqualTo(instant);
    assertThat(record.times().releasedEpochMs()).isBetween(instant, instant + 2_000);
  }
}
