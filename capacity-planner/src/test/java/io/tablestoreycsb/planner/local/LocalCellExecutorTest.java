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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Local runners against YCSB's BasicDB: released together, or failed together when one cannot start. */
class LocalCellExecutorTest {
  private static final Path WORKLOAD = Path.of("src/test/resources/basicdb-workload").toAbsolutePath();
  private static final CellKey KEY = new CellKey("basicdb", "random-read", 1, 2, "");

  @Test
  void runnersReadyAtTheirGatesStartAtOneInstant(@TempDir Path dir) throws Exception {
    List<String> told = new ArrayList<>();
    CellOutcome outcome = LocalCellExecutor.ofThisJvm()
        .run(KEY, List.of(spec(dir, 0, List.of()), spec(dir, 1, List.of())), 2, listener(told));

    assertThat(outcome.succeeded()).as(outcome.errors()).isTrue();
    RunnerRecord first = outcome.records().get(0);
    RunnerRecord second = outcome.records().get(1);
    assertThat(first.times().startAtEpochMs()).isPositive().isEqualTo(second.times().startAtEpochMs());
    assertThat(Math.abs(first.times().releasedEpochMs() - second.times().releasedEpochMs())).isLessThan(100);
    assertThat(first.times().readyEpochMs()).isPositive().isLessThan(first.times().startAtEpochMs());
    assertThat(first.use().cpuSeconds()).isPositive();
    assertThat(told).anyMatch(s -> s.startsWith("starting "));
  }

  @Test
  void aRunnerThatCannotStartFailsTheCellAndTheOthersAreStoppedBeforeTheStart(@TempDir Path dir)
      throws Exception {
    CellOutcome outcome = LocalCellExecutor.ofThisJvm().run(KEY,
        List.of(spec(dir, 0, List.of("-XX:+NoSuchJvmOption")), spec(dir, 1, List.of())), 2,
        listener(new ArrayList<>()));

    assertThat(outcome.succeeded()).as("%s", outcome.records()).isFalse();
    assertThat(outcome.records().get(0).error()).contains("NoSuchJvmOption");
    assertThat(outcome.records().get(1).error())
        .startsWith("stopped before the start: runner 0 exited before it was ready");
    assertThat(outcome.records().get(1).times().releasedEpochMs()).isZero(); // it never ran YCSB
  }

  private static RunnerSpec spec(Path dir, int index, List<String> jvmOptions) {
    return new RunnerSpec(KEY, new CellShape(2, "READ", 1), "test", index,
        new YcsbCall("site.ycsb.BasicDB", WORKLOAD, null,
        Map.of("recordcount", "100", "operationcount", "100000000", "maxexecutiontime", "2", "status.interval", "1"), 1, "-t"),
        40, new KeySlice(index * 50L, 50), dir.resolve("runner-" + index), jvmOptions);
  }

  private static CellExecutor.Listener listener(List<String> told) {
    return new CellExecutor.Listener() {
      @Override
      public void starting(int ready, int total) {
        told.add("starting " + ready + "/" + total);
      }

      @Override
      public void running(double opsPerSecond) {
        told.add("running " + opsPerSecond);
      }
    };
  }
}
