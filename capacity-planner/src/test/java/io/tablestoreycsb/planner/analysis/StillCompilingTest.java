package io.tablestoreycsb.planner.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tablestoreycsb.kit.hdr.HdrLogs;
import io.tablestoreycsb.planner.runner.CellKey;
import io.tablestoreycsb.planner.runner.CellShape;
import io.tablestoreycsb.planner.runner.HostCpuSample;
import io.tablestoreycsb.planner.runner.KeySlice;
import io.tablestoreycsb.planner.runner.ProcessUse;
import io.tablestoreycsb.planner.runner.RunnerHost;
import io.tablestoreycsb.planner.runner.RunnerRecord;
import io.tablestoreycsb.planner.runner.RunnerTimes;
import io.tablestoreycsb.planner.runner.WarmUp;
import io.tablestoreycsb.planner.text.VerdictText;
import io.tablestoreycsb.planner.ycsb.YcsbOutput;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * A runner's compile time around a cell's window (its host-cpu.jsonl readings) decides whether the cell is marked
 * as still compiling: at or above {@link RunnerWarmth#COMPILING} of a processor over the readings around the window,
 * on a host saturated over it (where the compiler took processor time from the requests).
 */
class StillCompilingTest {
  private static final long T0 = 1_795_000_000_000L;
  private static final WarmUp SETTLED = new WarmUp(3.5, WarmUp.Outcome.SETTLED, List.of("GET_ROW"), 900);

  @Test
  void aRunnerCompilingAtFivePercentOrMoreOverTheWindowOfASaturatedHostMarksTheCellUnsteady() {
    // Readings at 0.5 s and 5.5 s enclose the 4 s window (1 s to 5 s): 0.4 s compiled over 5 s = 8%.
    CellResult cell = CellAnalyzer.analyze(List.of(runner(0, 0.02, BUSY), runner(1, 0.4, BUSY)));

    assertThat(cell.runnerSide().warmth()).extracting(RunnerWarmth::compileShare)
        .satisfiesExactly(s -> assertThat(s).isCloseTo(0.004, within(1e-9)),
            s -> assertThat(s).isCloseTo(0.08, within(1e-9)));
    assertThat(cell.verdict()).isInstanceOfSatisfying(Verdict.StillCompiling.class, v -> {
      assertThat(v.runnerIndex()).isEqualTo(1);
      assertThat(v.compileShare()).isCloseTo(0.08, within(1e-9));
      assertThat(v.warmUpSeconds()).isEqualTo(3.5);
      assertThat(v.warmUpOutcome()).isEqualTo(WarmUp.Outcome.SETTLED);
    });
    assertThat(cell.evidence()).isFalse();
    assertThat(VerdictText.of(cell.verdict())).isEqualTo("unsteady (runner 1 was still compiling: 8% of a processor"
        + " in JIT compilation over the window, after a 3.5 s warm-up that had settled)");
  }

  @Test
  void compilingBesideTheRequestsOnAHostWithProcessorsToSpareIsShownNotMarked() {
    CellResult cell = CellAnalyzer.analyze(List.of(runner(0, 0.02, IDLE), runner(1, 0.4, IDLE)));

    assertThat(cell.runnerSide().warmth()).filteredOn(RunnerWarmth::compiledInWindow)
        .singleElement().satisfies(w -> {
          assertThat(w.runnerIndex()).isEqualTo(1);
          assertThat(w.compiling()).isFalse();
        });
    assertThat(cell.verdict()).isNotInstanceOf(Verdict.StillCompiling.class);
    assertThat(cell.evidence()).isTrue();
  }

  @Test
  void underFivePercentOrWithoutCompileReadingsTheCellIsJudgedAsBefore() {
    // On a saturated host under 5% is not marked (the host's own verdict speaks for the cell).
    CellResult quiet = CellAnalyzer.analyze(List.of(runner(0, 0.2, BUSY), runner(1, 0.1, BUSY)));
    assertThat(quiet.verdict()).isNotInstanceOf(Verdict.StillCompiling.class);

    // An older runner's readings hold no compile time: nothing is known, nothing is marked.
    CellResult older = CellAnalyzer.analyze(List.of(runner(0, Double.NaN, BUSY)));
    assertThat(older.runnerSide().warmth()).singleElement().satisfies(w -> {
      assertThat(w.compileShare()).isNaN();
      assertThat(w.compiling()).isFalse();
    });
    assertThat(older.verdict()).isNotInstanceOf(Verdict.StillCompiling.class);
  }

  /** Idle ticks of 1,000 a second: a host 95% busy (saturated), and one 10% busy. */
  private static final long BUSY = 50;
  private static final long IDLE = 900;

  /**
   * A runner of 6 one-second intervals at 100 requests of 10 ms, compiling {@code compiled} s between readings,
   * on a host with {@code idlePerSecond} of every 1,000 ticks idle.
   */
  private static RunnerResult runner(int index, double compiled, long idlePerSecond) {
    List<Histogram> intervals = new ArrayList<>();
    for (int k = 0; k < 6; k++) {
      Histogram h = HdrLogs.newHistogram();
      h.recordValueWithCount(10_000, 100);
      h.setStartTimeStamp(T0 + k * 1000L);
      h.setEndTimeStamp(T0 + (k + 1) * 1000L);
      intervals.add(h);
    }
    List<HostCpuSample> samples = new ArrayList<>();
    for (int k = 0; k <= 6; k++) {
      Double compile = Double.isNaN(compiled) ? null : 1.0 + compiled * Math.max(0, k - 1) / 5;
      samples.add(new HostCpuSample(T0 - 500 + k * 1000L, 8, 1000L * k * 8, idlePerSecond * k * 8, 0, 0.1 * k, -1, -1, -1,
          compile));
    }
    RunnerRecord record = new RunnerRecord(new CellKey("i", "random-read", 1, 1, ""), new CellShape(2, "READ", 1),
        "p", index, 120, new KeySlice(0, 100), new RunnerHost("host", 8), new RunnerTimes(T0 - 2000, T0 - 500, T0,
        T0, T0 + 6000), new ProcessUse(1.0, 100_000_000L, 0, 0), 0, null, SETTLED);
    return new RunnerResult(Path.of("runner-" + index), record, YcsbOutput.parse(List.of()), intervals,
        Optional.empty(), Optional.empty(), List.of(), samples, List.of());
  }
}
