package io.tablestoreycsb.binding.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a run achieved against what it was asked ({@link RunPlan}), from the binding's counters: the
 * rows a load wrote, failed and never attempted, and why; the rows YCSB counted as done that were
 * not written; reads that found no row. YCSB's own report cannot say this: it counts a buffered
 * insert as done (BATCHED_OK) before its batch is sent, and a load cut short by
 * {@code maxexecutiontime} or by a failed insert (YCSB stops a load thread at its first) ends like
 * a finished one.
 *
 * @param rowsWritten rows the service confirmed written
 * @param reads GetRow requests
 * @param timeLimitReached the run lasted at least {@code maxexecutiontime}
 */
public record RunOutcome(RunPlan plan, long rowsWritten, RunStats.WriteOutcome writes, long reads,
                         long readsNotFound, boolean timeLimitReached) {

  /** Rows of a load that no thread handed to the binding; 0 for a run. */
  public long rowsNotAttempted() {
    return plan.load() && plan.loadRows() >= 0 ? Math.max(0, plan.loadRows() - writes.rowsAttempted()) : 0;
  }

  /**
   * Rows lost: in a load, any row whose write failed (the table then lacks it); in a run, a row YCSB
   * counted as done that was not written (YCSB's report counts the other failed writes itself).
   */
  public boolean rowsLost() {
    return plan.load() ? writes.rowsFailed() > 0 : writes.rowsFailedAfterBatchedOk() > 0;
  }

  public boolean loadIncomplete() {
    return rowsNotAttempted() > 0;
  }

  /** More than half of the reads found no row: the keys read are mostly not in the table. */
  public boolean mostReadsMissed() {
    return reads > 0 && readsNotFound * 2 > reads;
  }

  /**
   * 1 when rows were lost, or a load stopped before its record count for a reason other than
   * {@code maxexecutiontime} (a thread that never started): the table lacks rows the next run will
   * look for. A load that stopped at {@code maxexecutiontime} did what it was told, and the shipped
   * write benchmarks are loads bounded by that time (recordcount 2,000,000,000, maxexecutiontime
   * 3,600 s): 0, said loudly instead ({@link #verdict}). Reads that find no row leave it 0 too:
   * NOT_FOUND is the service's answer, measured as asked, and a workload may read absent keys on
   * purpose.
   */
  public int exitStatus() {
    return rowsLost() || (loadIncomplete() && !timeLimitReached) ? 1 : 0;
  }

  /** One line per problem, saying what happened and how to fix it; empty when there is none. */
  public List<String> verdict() {
    List<String> lines = new ArrayList<>();
    if (plan.load() && (rowsLost() || loadIncomplete())) {
      lines.add(loadVerdict());
    } else if (rowsLost()) {
      lines.add(String.format(Locale.ROOT, "%,d row(s) YCSB counted as inserted (Return=BATCHED_OK) were not written:"
          + " their batch failed; %,d row write(s) failed in all (see [TABLESTORE], Rows.Failed and Errors.*)",
          writes.rowsFailedAfterBatchedOk(), writes.rowsFailed()));
    }
    if (mostReadsMissed()) {
      lines.add(String.format(Locale.ROOT, "%.0f%% of reads found no row (%,d of %,d NOT_FOUND): the table holds"
          + " fewer rows than recordcount=%d assumes; run with the recordcount the table was loaded with"
          + " (bin/tablestore-table count tells how many rows it holds)",
          Math.floor(100.0 * readsNotFound / reads), readsNotFound, reads, plan.recordCount()));
    }
    return lines;
  }

  private String loadVerdict() {
    String what = rowsLost() ? "lost rows" : timeLimitReached ? "stopped at maxexecutiontime" : "incomplete";
    StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "load %s: %,d of %,d rows written",
        what, rowsWritten, plan.loadRows()));
    if (writes.rowsFailed() > 0) {
      line.append(String.format(Locale.ROOT, ", %,d failed", writes.rowsFailed()));
      List<String> which = new ArrayList<>();
      if (writes.rowsFailedAfterBatchedOk() > 0) {
        which.add(String.format(Locale.ROOT, "%,d of them counted by YCSB as Return=BATCHED_OK",
            writes.rowsFailedAfterBatchedOk()));
      }
      if (writes.rowsFailedOnConnection() > 0) {
        which.add(String.format(Locale.ROOT, "%,d on a failed connection: the table may hold these",
            writes.rowsFailedOnConnection()));
      }
      if (!which.isEmpty()) {
        line.append(" (").append(String.join("; ", which)).append(')');
      }
    }
    if (rowsNotAttempted() > 0) {
      line.append(String.format(Locale.ROOT, ", %,d never attempted", rowsNotAttempted()));
      List<String> why = new ArrayList<>();
      if (writes.threadsStoppedAtFailedInsert() > 0) {
        why.add(writes.threadsStoppedAtFailedInsert() + " load thread(s) stopped at a failed insert");
      }
      if (timeLimitReached) {
        why.add("the load reached maxexecutiontime=" + plan.maxExecutionSeconds() + " s");
      }
      line.append(" (").append(why.isEmpty() ? "the load stopped early" : String.join("; ", why)).append(')');
    }
    if (writes.rowsFailed() > 0) {
      line.append("; the errors: [TABLESTORE], Errors.*");
    }
    if (timeLimitReached && rowsNotAttempted() > 0) {
      line.append("; to fill the table for later runs, load every row with -p maxexecutiontime=0"
          + " (writing a row again is harmless)");
    }
    return line.toString();
  }

  /** The {@code [TABLESTORE]} lines of a load's target; none for a run. */
  public String toReportLines() {
    if (!plan.load()) {
      return "";
    }
    return "[TABLESTORE], Load.Rows, " + plan.loadRows() + "\n"
        + "[TABLESTORE], Load.RowsNotAttempted, " + rowsNotAttempted() + "\n"
        + "[TABLESTORE], Load.ThreadsStoppedAtFailedInsert, " + writes.threadsStoppedAtFailedInsert() + "\n"
        + "[TABLESTORE], Load.MaxExecutionTimeReached, " + (timeLimitReached ? 1 : 0) + "\n";
  }

  /** The stats file's {@code outcome} object. */
  StatsFile.Outcome toStatsFile() {
    return new StatsFile.Outcome(plan.load() ? "load" : "run", plan.loadRows(), rowsNotAttempted(),
        writes.threadsStoppedAtFailedInsert(), timeLimitReached, rowsLost(), loadIncomplete(), mostReadsMissed(),
        exitStatus());
  }
}
