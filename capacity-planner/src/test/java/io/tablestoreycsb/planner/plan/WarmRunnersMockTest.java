package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.planner.local.LocalCellExecutor;
import static io.tablestoreycsb.planner.plan.WarmRunnerCells.ROWS_PER_RUNNER;
import static io.tablestoreycsb.planner.plan.WarmRunnerCells.RUNNERS;
import static io.tablestoreycsb.planner.plan.WarmRunnerCells.done;
import static io.tablestoreycsb.planner.plan.WarmRunnerCells.key;
import static io.tablestoreycsb.planner.plan.WarmRunnerCells.quiet;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.kit.hdr.HdrLogs;
import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.planner.runner.CellOutcome;
import io.tablestoreycsb.planner.runner.ResultFiles;
import io.tablestoreycsb.planner.ycsb.YcsbOutput;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Warm runners with the binding (real SDK) against the embedded mock over HTTP: the runner JVMs of
 * several cells are the same processes, and each cell's figures are its own, whatever ran before it on
 * the runner (another workload, a failing cell); a runner killed mid-cell fails that cell and the next
 * cell gets a fresh process.
 */
class WarmRunnersMockTest {
  private static final String TABLE = "warm";
  private static final WarmRunnerCells CELLS = new WarmRunnerCells(TABLE);
  private static final java.util.List<String> JVM = MockPlanRun.SMALL_RUNNERS;

  @Test
  void cellsRunOnTheSameRunnerProcessesAndEachCountsOnlyItsOwnRequests(@TempDir Path dir) throws Exception {
    LocalCellExecutor executor = LocalCellExecutor.ofThisJvm().keepingRunnersWarm(dir.resolve("runners"));
    try (MockTablestore mock = MockTablestore.builder().start()) {
      Path props = CELLS.endpoint(mock, dir);

      CellOutcome write = executor.run(key("write"), CELLS.write(dir.resolve("write"), props, JVM), 10, quiet());
      assertThat(write.succeeded()).as(write.errors()).isTrue();
      List<Long> pids = executor.warmRunnerPids();
      assertThat(pids).hasSize(RUNNERS).doesNotHaveDuplicates();

      // A failing cell: every GetRow answered with an error the binding does not retry.
      mock.faultPlan().addFault("GetRow=OTSParameterInvalid@1.0");
      CellOutcome failing = executor.run(key("failing"), CELLS.read(dir.resolve("failing"), props, JVM, 2), 2, quiet());
      assertThat(failing.succeeded()).isFalse();
      assertThat(failing.errors()).contains("no READ request completed");
      mock.faultPlan().clear();

      CellOutcome read = executor.run(key("read"), CELLS.read(dir.resolve("read"), props, JVM, 2), 2, quiet());
      assertThat(read.succeeded()).as(read.errors()).isTrue();

      assertThat(executor.warmRunnerPids()).isEqualTo(pids);
      assertThat(executor.warmRunnersStarted()).isEqualTo(RUNNERS);
      for (int r = 0; r < RUNNERS; r++) {
        assertThat(done(dir.resolve("write"), r).pid()).isEqualTo(pids.get(r));
        assertThat(done(dir.resolve("failing"), r).pid()).isEqualTo(pids.get(r));
        assertThat(done(dir.resolve("read"), r).pid()).isEqualTo(pids.get(r));
        assertThat(done(dir.resolve("read"), r).cellsServed()).isEqualTo(3);

        Path writeDir = dir.resolve("write").resolve("runner-" + r);
        YcsbOutput wrote = YcsbOutput.read(writeDir.resolve(ResultFiles.STDOUT_FILE));
        assertThat(wrote.operations("INSERT")).isEqualTo(ROWS_PER_RUNNER);
        assertThat(wrote.operations("READ")).isZero();

        Path failingDir = dir.resolve("failing").resolve("runner-" + r);
        YcsbOutput failed = YcsbOutput.read(failingDir.resolve(ResultFiles.STDOUT_FILE));
        assertThat(failed.operations("READ-FAILED")).isPositive();
        assertThat(failed.operations("INSERT")).isZero();

        // The read cell after a write cell and a failing cell on the same JVM: only its own reads, all OK,
        // and its HDR log holds exactly the reads its summary counts.
        Path readDir = dir.resolve("read").resolve("runner-" + r);
        YcsbOutput readOut = YcsbOutput.read(readDir.resolve(ResultFiles.STDOUT_FILE));
        assertThat(readOut.operations("READ")).isPositive();
        assertThat(readOut.returnCounts("READ")).containsOnlyKeys("OK");
        assertThat(readOut.operations("READ-FAILED")).isZero();
        assertThat(readOut.operations("INSERT")).isZero();
        assertThat(readOut.failedOperations()).isZero();
        assertThat(HdrLogs.readTotal(readDir.resolve(ResultFiles.hdrLog("READ"))).getTotalCount())
            .isEqualTo(readOut.operations("READ"));
        assertThat(readDir.resolve(ResultFiles.hdrLog("INSERT"))).doesNotExist();
        assertThat(readDir.resolve(ResultFiles.hdrLog("READ-FAILED"))).doesNotExist();
        // The binding's counters are the cell's own: no rows written, no errors of the failing cell.
        String stats = Files.readString(readDir.resolve(ResultFiles.STATS_FILE));
        assertThat(stats).doesNotContain("OTSParameterInvalid");
      }
    } finally {
      executor.close();
    }
  }

  @Test
  void aKilledRunnerFailsItsCellAndTheNextCellGetsAFreshProcess(@TempDir Path dir) throws Exception {
    LocalCellExecutor executor = LocalCellExecutor.ofThisJvm().keepingRunnersWarm(dir.resolve("runners"));
    try (MockTablestore mock = MockTablestore.builder().start()) {
      Path props = CELLS.endpoint(mock, dir);
      CellOutcome write = executor.run(key("write"), CELLS.write(dir.resolve("write"), props, JVM), 10, quiet());
      assertThat(write.succeeded()).as(write.errors()).isTrue();
      List<Long> before = executor.warmRunnerPids();

      CompletableFuture<CellOutcome> killed = CompletableFuture.supplyAsync(() -> {
        try {
          return executor.run(key("killed"), CELLS.read(dir.resolve("killed"), props, JVM, 8), 8, quiet());
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      });
      Path firstRunner = dir.resolve("killed").resolve("runner-0");
      long deadline = System.nanoTime() + 60_000_000_000L;
      while (!Files.exists(firstRunner.resolve("release")) && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      Thread.sleep(1000);
      ProcessHandle.of(before.get(0)).orElseThrow().destroyForcibly();
      CellOutcome outcome = killed.get();
      assertThat(outcome.succeeded()).isFalse();
      assertThat(outcome.records().get(0).error())
          .startsWith("runner process " + before.get(0) + " exited with code 137 during the cell");

      CellOutcome next = executor.run(key("next"), CELLS.read(dir.resolve("next"), props, JVM, 2), 2, quiet());
      assertThat(next.succeeded()).as(next.errors()).isTrue();
      List<Long> after = executor.warmRunnerPids();
      assertThat(after.get(0)).isNotEqualTo(before.get(0));
      assertThat(after.get(1)).isEqualTo(before.get(1));
      assertThat(done(dir.resolve("next"), 0).cellsServed()).isEqualTo(1);
      assertThat(executor.warmRunnersStarted()).isEqualTo(RUNNERS + 1);
    } finally {
      executor.close();
    }
  }
}
