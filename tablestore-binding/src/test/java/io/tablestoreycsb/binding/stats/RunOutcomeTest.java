package io.tablestoreycsb.binding.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Properties;
import org.junit.jupiter.api.Test;

class RunOutcomeTest {
  private static RunStats.WriteOutcome writes(long failed, long failedAfterOk, long attempted, long threadsStopped) {
    return new RunStats.WriteOutcome(failed, failedAfterOk, 0, attempted, threadsStopped);
  }

  @Test
  void theLoadPlanIsReadAsYcsbReadsIt() {
    Properties p = new Properties();
    p.setProperty("recordcount", "1000");
    p.setProperty("maxexecutiontime", "3600");
    assertThat(RunPlan.from(p)).as("YCSB's default is a run").isEqualTo(new RunPlan(false, -1, 1000, 3600));
    p.setProperty("dotransactions", "false");
    assertThat(RunPlan.from(p)).isEqualTo(new RunPlan(true, 1000, 1000, 3600));
    p.setProperty("insertstart", "500");
    p.setProperty("insertcount", "250");
    assertThat(RunPlan.from(p).loadRows()).isEqualTo(250);
  }

  @Test
  void aCompleteLoadWithoutFailuresSaysNothingAndExitsZero() {
    RunOutcome done = new RunOutcome(new RunPlan(true, 1000, 1000, 3600), 1000, writes(0, 0, 1000, 0), 0, 0, false);
    assertThat(done.verdict()).isEmpty();
    assertThat(done.exitStatus()).isZero();
  }

  @Test
  void aLoadThatLostRowsSaysWhatItWroteFailedAndNeverAttemptedAndExitsOne() {
    RunOutcome lost = new RunOutcome(new RunPlan(true, 300_000, 300_000, 3600), 118_600,
        new RunStats.WriteOutcome(1_600, 1_592, 1_400, 120_200, 8), 0, 0, false);
    assertThat(lost.exitStatus()).isEqualTo(1);
    assertThat(lost.rowsNotAttempted()).isEqualTo(179_800);
    assertThat(lost.verdict()).containsExactly("load lost rows: 118,600 of 300,000 rows written, 1,600 failed"
        + " (1,592 of them counted by YCSB as Return=BATCHED_OK; 1,400 on a failed connection: the table may hold"
        + " these), 179,800 never attempted (8 load thread(s) stopped at a failed insert); the errors:"
        + " [TABLESTORE], Errors.*");
    RunOutcome refused = new RunOutcome(new RunPlan(true, 1_000, 1_000, 0), 999, writes(1, 0, 1_000, 0), 0, 0, false);
    assertThat(refused.verdict()).containsExactly("load lost rows: 999 of 1,000 rows written, 1 failed; the errors:"
        + " [TABLESTORE], Errors.*");
  }

  @Test
  void aLoadCutByMaxExecutionTimeSaysHowToLoadEveryRowButExitsZeroAsATimedBenchmarkDoes() {
    RunOutcome cut = new RunOutcome(new RunPlan(true, 1_000_000, 1_000_000, 3600), 400_000,
        writes(0, 0, 400_000, 0), 0, 0, true);
    assertThat(cut.exitStatus()).isZero();
    assertThat(cut.verdict()).containsExactly("load stopped at maxexecutiontime: 400,000 of 1,000,000 rows written,"
        + " 600,000 never attempted (the load reached maxexecutiontime=3600 s); to fill the table for later runs,"
        + " load every row with -p maxexecutiontime=0 (writing a row again is harmless)");
  }

  @Test
  void aLoadWithRowsNeverAttemptedForAnotherReasonExitsOne() {
    RunOutcome threadNeverStarted = new RunOutcome(new RunPlan(true, 1_000, 1_000, 0), 750, writes(0, 0, 750, 0),
        0, 0, false);
    assertThat(threadNeverStarted.exitStatus()).isEqualTo(1);
    assertThat(threadNeverStarted.verdict()).containsExactly("load incomplete: 750 of 1,000 rows written, 250 never"
        + " attempted (the load stopped early)");
  }

  @Test
  void aRunThatReadMostlyMissingRowsSaysSoButExitsZero() {
    RunOutcome misses = new RunOutcome(new RunPlan(false, -1, 1_000_000, 1800), 0, writes(0, 0, 0, 0),
        100_000, 99_000, false);
    assertThat(misses.exitStatus()).isZero();
    assertThat(misses.verdict()).containsExactly("99% of reads found no row (99,000 of 100,000 NOT_FOUND): the table"
        + " holds fewer rows than recordcount=1000000 assumes; run with the recordcount the table was loaded with"
        + " (bin/tablestore-table count tells how many rows it holds)");
    RunOutcome fewMisses = new RunOutcome(new RunPlan(false, -1, 1_000, 0), 0, writes(0, 0, 0, 0), 100, 50, false);
    assertThat(fewMisses.verdict()).isEmpty();
  }

  @Test
  void aRunExitsOneOnlyWhenYcsbCountedAsDoneARowThatWasNotWritten() {
    RunOutcome throttled = new RunOutcome(new RunPlan(false, -1, 1000, 0), 900, writes(100, 0, 0, 0), 0, 0, false);
    assertThat(throttled.exitStatus()).as("YCSB's report counts these failures itself").isZero();
    assertThat(throttled.verdict()).isEmpty();
    RunOutcome miscounted = new RunOutcome(new RunPlan(false, -1, 1000, 0), 800, writes(200, 199, 1000, 0), 0, 0, false);
    assertThat(miscounted.exitStatus()).isEqualTo(1);
    assertThat(miscounted.verdict()).containsExactly("199 row(s) YCSB counted as inserted (Return=BATCHED_OK) were"
        + " not written: their batch failed; 200 row write(s) failed in all (see [TABLESTORE], Rows.Failed and Errors.*)");
  }
}
