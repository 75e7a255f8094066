package io.tablestoreycsb.planner.plan;

import static io.tablestoreycsb.planner.plan.WarmRunnerCells.ROWS_PER_RUNNER;
import static io.tablestoreycsb.planner.plan.WarmRunnerCells.RUNNERS;
import static io.tablestoreycsb.planner.plan.WarmRunnerCells.done;
import static io.tablestoreycsb.planner.plan.WarmRunnerCells.key;
import static io.tablestoreycsb.planner.plan.WarmRunnerCells.quiet;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.planner.analysis.CellAnalyzer;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.RunnerWarmth;
import io.tablestoreycsb.planner.analysis.Verdict;
import io.tablestoreycsb.planner.local.LocalCellExecutor;
import io.tablestoreycsb.planner.runner.CellOutcome;
import io.tablestoreycsb.planner.runner.ResultFiles;
import io.tablestoreycsb.planner.runner.RunnerMain;
import io.tablestoreycsb.planner.runner.RunnerRecord;
import io.tablestoreycsb.planner.runner.RunnerResources;
import io.tablestoreycsb.planner.runner.WarmUp;
import io.tablestoreycsb.planner.text.CellText;
import io.tablestoreycsb.planner.ycsb.YcsbOutput;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runners' warm-up before a cell's gate, with the binding (real SDK) against the embedded mock over HTTP:
 * each warm runner warms up for the kinds of request its cell sends and it has not sent before, until its
 * compilation settles; the warm-up is recorded (cell-done.json, runner.json) and shown in the report's column;
 * it leaves no row behind; and a cell measured on cold runners whose warm-up is switched off is marked as still
 * compiling.
 */
class RunnerWarmUpMockTest {
  private static final String TABLE = "warmth";
  private static final WarmRunnerCells CELLS = new WarmRunnerCells(TABLE);
  private static final List<String> JVM = MockPlanRun.SMALL_RUNNERS;

  @Test
  void eachRunnerWarmsUpForTheOperationsItHasNotSentAndTheReportShowsHowLong(@TempDir Path dir) throws Exception {
    LocalCellExecutor executor = LocalCellExecutor.ofThisJvm().keepingRunnersWarm(dir.resolve("runners"));
    try (MockTablestore mock = MockTablestore.builder().start()) {
      Path props = CELLS.endpoint(mock, dir);
      CellOutcome write = executor.run(key("write"), CELLS.write(dir.resolve("write"), props, JVM),
          10, quiet());
      assertThat(write.succeeded()).as(write.errors()).isTrue();
      CellOutcome read = executor.run(key("read"), CELLS.read(dir.resolve("read"), props, JVM, 3),
          3, quiet());
      assertThat(read.succeeded()).as(read.errors()).isTrue();
      CellOutcome again = executor.run(key("again"), CELLS.read(dir.resolve("again"), props, JVM,
          3), 3, quiet());
      assertThat(again.succeeded()).as(again.errors()).isTrue();

      for (int r = 0; r < RUNNERS; r++) {
        WarmUp writeWarmUp = done(dir.resolve("write"), r).warmUp();
        // ycsb.err says what was warmed up, how it ended and the compile time of every interval
        assertThat(warmUpLine(dir.resolve("write"), r)).startsWith("runner: warm-up of PUT_ROW: compiling settled after");
        assertThat(writeWarmUp.warmUpOperations()).containsExactly("PUT_ROW");
        assertThat(writeWarmUp.warmUpOutcome()).isEqualTo(WarmUp.Outcome.SETTLED);
        assertThat(writeWarmUp.warmUpSeconds()).isPositive();
        assertThat(writeWarmUp.warmUpRequests()).isPositive();
        // The executor's record carries what the runner reported.
        assertThat(RunnerRecord.read(dir.resolve("write").resolve("runner-" + r).resolve(RunnerRecord.FILE_NAME))
            .warmUp()).isEqualTo(writeWarmUp);

        // The second part of the warm-up ran the cell's own YCSB command, its summary apart from the cell's.
        Path ownRun = dir.resolve("write").resolve("runner-" + r).resolve(RunnerMain.WARM_UP_DIR);
        assertThat(YcsbOutput.read(ownRun.resolve(ResultFiles.STDOUT_FILE)).operations("INSERT"))
            .as(Files.readString(ownRun.resolve(ResultFiles.STDOUT_FILE)) + "\n" + Files.readString(dir.resolve("write")
                .resolve("runner-" + r).resolve(ResultFiles.STDERR_FILE))).isPositive();
        assertThat(YcsbOutput.read(dir.resolve("write").resolve("runner-" + r).resolve(ResultFiles.STDOUT_FILE))
            .operations("INSERT")).isEqualTo(ROWS_PER_RUNNER);
        assertThat(dir.resolve("again").resolve("runner-" + r).resolve(RunnerMain.WARM_UP_DIR)).doesNotExist();

        WarmUp readWarmUp = done(dir.resolve("read"), r).warmUp();
        assertThat(readWarmUp.warmUpOperations()).containsExactly("GET_ROW");
        assertThat(readWarmUp.warmUpOutcome()).isEqualTo(WarmUp.Outcome.SETTLED);
        // A settled runner kept sending until the gate opened, which was once the other runner was ready too (the
        // write cell's warm-up instead wrote its runner's 300 rows and ended before it settled: nothing to hold).
        assertThat(warmUpLine(dir.resolve("read"), r)).endsWith("; it goes on sending until the start gate opens");
        RunnerResources resources = RunnerResources.read(dir.resolve("read").resolve("runner-" + r)
            .resolve(ResultFiles.RESOURCES_FILE)).orElseThrow();
        // (the gate opens up to 1 s before the instant when a runner holds, and the line rounds to 0.1 s)
        assertThat(heldSeconds(dir.resolve("read"), r))
            .isGreaterThanOrEqualTo((resources.startAtEpochMs() - resources.readyEpochMs()) / 1000.0 - 1.0 - 0.15);
        assertThat(resources.lateMs()).as("the held run ended before the start instant").isLessThan(1000);

        WarmUp againWarmUp = done(dir.resolve("again"), r).warmUp();
        assertThat(againWarmUp.warmUpOutcome()).isEqualTo(WarmUp.Outcome.ALREADY_WARM);
        assertThat(againWarmUp.warmUpSeconds()).isZero();
        assertThat(againWarmUp.warmUpRequests()).isZero();
      }

      CellResult writeCell = CellAnalyzer.analyze(dir.resolve("write"), null, null);
      double longest = Math.max(done(dir.resolve("write"), 0).warmUp().warmUpSeconds(),
          done(dir.resolve("write"), 1).warmUp().warmUpSeconds());
      assertThat(writeCell.runnerSide().longestWarmUpSeconds()).isEqualTo(longest);
      assertThat(writeCell.runnerSide().warmth()).extracting(RunnerWarmth::runnerIndex).containsExactly(0, 1);
      assertThat(writeCell.runnerSide().warmth()).allSatisfy(w -> assertThat(w.compileShare()).isNotNaN());
      assertThat(CellText.warmUp(writeCell)).isEqualTo(Formats.num(longest));
      CellResult againCell = CellAnalyzer.analyze(dir.resolve("again"), null, null);
      assertThat(CellText.warmUp(againCell)).isEqualTo(Formats.num(0) + " (warm)");

      // The warm-ups wrote only the write cell's own keys: the table holds exactly the rows the write cell inserted.
      assertThat(mock.rowCount(TABLE)).isEqualTo(RUNNERS * ROWS_PER_RUNNER);
    } finally {
      executor.close();
    }
  }

  @Test
  void aCellOnColdRunnersWithTheWarmUpSwitchedOffCompilesInItsWindow(@TempDir Path dir) throws Exception {
    // C1 and C2, as the quickstart's runners: a cold JVM compiles for seconds once its requests begin.
    List<String> cold = List.of("-Xmx128m", "-XX:+UseSerialGC",
        "-D" + RunnerMain.WARM_UP_PROPERTY + "=" + RunnerMain.WARM_UP_OFF);
    LocalCellExecutor executor = LocalCellExecutor.ofThisJvm().keepingRunnersWarm(dir.resolve("runners"));
    try (MockTablestore mock = MockTablestore.builder().start()) {
      Path props = CELLS.endpoint(mock, dir);
      CellOutcome write = executor.run(key("write"), CELLS.write(dir.resolve("write"), props, cold), 10, quiet());
      assertThat(write.succeeded()).as(write.errors()).isTrue();
      CellOutcome read = executor.run(key("read"), CELLS.read(dir.resolve("read"), props, cold, 4), 4, quiet());
      assertThat(read.succeeded()).as(read.errors()).isTrue();

      assertThat(done(dir.resolve("read"), 0).warmUp().warmUpOutcome()).isEqualTo(WarmUp.Outcome.OFF);
      CellResult cell = CellAnalyzer.analyze(dir.resolve("read"), null, null);
      assertThat(cell.runnerSide().warmth()).anySatisfy(w ->
          assertThat(w.compileShare()).isGreaterThanOrEqualTo(RunnerWarmth.COMPILING));
      // Marked (not evidence) where the compiler competed with the requests for a saturated host's processors.
      boolean saturated = cell.runnerSide().warmth().stream().anyMatch(RunnerWarmth::hostSaturated);
      if (saturated) {
        assertThat(cell.verdict()).isInstanceOfSatisfying(Verdict.StillCompiling.class, v ->
            assertThat(v.warmUpOutcome()).isEqualTo(WarmUp.Outcome.OFF));
      } else {
        assertThat(cell.verdict()).isNotInstanceOf(Verdict.StillCompiling.class);
      }
      assertThat(CellText.warmUp(cell)).isEqualTo(Formats.num(0) + " (switched off)");
    } finally {
      executor.close();
    }
  }

  /** How long the runner's warm-up went on sending after it settled, from its line in ycsb.err. */
  private static double heldSeconds(Path cellDir, int runner) throws Exception {
    String line = Files.readAllLines(cellDir.resolve("runner-" + runner).resolve(ResultFiles.STDERR_FILE)).stream()
        .filter(l -> l.startsWith("runner: the warm-up's run went on for ")).findFirst()
        .orElseThrow(() -> new AssertionError("runner " + runner + " has no line for its warm-up's hold"));
    Matcher m = Pattern.compile("went on for ([0-9.]+) s after it settled").matcher(line);
    assertThat(m.find()).as(line).isTrue();
    return Double.parseDouble(m.group(1));
  }

  private static String warmUpLine(Path cellDir, int runner) throws Exception {
    return Files.readAllLines(cellDir.resolve("runner-" + runner).resolve(ResultFiles.STDERR_FILE)).stream()
        .filter(l -> l.startsWith("runner: warm-up")).findFirst().orElse("(no warm-up line)");
  }
}
