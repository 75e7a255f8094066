package io.tablestoreycsb.binding;

import io.tablestoreycsb.binding.client.ErrorAccounting;
import io.tablestoreycsb.binding.stats.Action;
import io.tablestoreycsb.binding.stats.RunOutcome;
import io.tablestoreycsb.binding.stats.RunPlan;
import io.tablestoreycsb.binding.stats.RunStats;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One benchmark run of this JVM: the statistics shared by all DB instances, and the report made
 * when the last of them cleans up.
 *
 * <p>YCSB creates every DB instance (and calls {@code setProperties}) in its main thread before
 * any client thread calls {@code init}, so counting instances there is exact: a thread that
 * finishes early cannot bring the count to zero while others have yet to start. When the count
 * returns to zero the run is reported and forgotten, so a later run in the same JVM starts at 0.
 */
public final class BindingRun {
  private static final Logger LOG = LoggerFactory.getLogger(BindingRun.class);
  private static BindingRun current;
  private static int members;

  private final RunStats stats = new RunStats();
  private final ErrorAccounting errors = new ErrorAccounting(stats);
  private volatile Path statsFile;
  private volatile RunPlan plan;
  private final long startedNanos = System.nanoTime();
  /** The outcome of the last run of this JVM that ended, or null. */
  private static volatile RunOutcome lastOutcome;

  private BindingRun() {
  }

  /** Joins (or starts) the JVM's current run. Every join must be matched by one {@link #leave}. */
  public static synchronized BindingRun join() {
    if (current == null) {
      current = new BindingRun();
    }
    members++;
    return current;
  }

  /**
   * True while a run of this JVM has DB instances that have not left: what a process serving one run
   * after another checks before the next, so that no counter of the last run is carried into it.
   */
  public static synchronized boolean inProgress() {
    return current != null;
  }

  public RunStats stats() {
    return stats;
  }

  public ErrorAccounting errors() {
    return errors;
  }

  /** What the run was asked to do (the first DB instance's properties: all instances share one set). */
  public void plan(java.util.Properties props) {
    if (plan == null) {
      plan = RunPlan.from(props);
    }
  }

  /**
   * The outcome of the last run of this JVM that ended (reported by its last DB instance), or null
   * when none has: what a launcher's exit status and final line are made of.
   */
  public static RunOutcome lastOutcome() {
    return lastOutcome;
  }

  /** Where the report's JSON goes (the last setting wins; all instances share one properties set). */
  public void statsFile(Path file) {
    if (file != null) {
      this.statsFile = file;
    }
  }

  /** Leaves the run; the last member to leave prints the report and writes the stats file. */
  public void leave(PrintStream out) throws IOException {
    synchronized (BindingRun.class) {
      if (current != this || members <= 0) {
        throw new IllegalStateException("leave() without a matching join()");
      }
      members--;
      if (members > 0) {
        return;
      }
      current = null;
    }
    report(out);
  }

  private void report(PrintStream out) throws IOException {
    RunStats.Snapshot snapshot = stats.snapshot();
    RunOutcome outcome = outcome(snapshot);
    lastOutcome = outcome;
    out.print(snapshot.toReportLines());
    out.print(outcome.toReportLines());
    out.flush();
    Path file = statsFile;
    if (file != null) {
      snapshot.toStatsFile(outcome).write(file);
      LOG.info("wrote Tablestore run statistics to {}", file);
    }
  }

  private RunOutcome outcome(RunStats.Snapshot snapshot) {
    RunPlan asked = plan == null ? RunPlan.from(new java.util.Properties()) : plan;
    long elapsedMs = java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - startedNanos);
    boolean timeLimitReached = asked.maxExecutionSeconds() > 0 && elapsedMs >= asked.maxExecutionSeconds() * 1000;
    return new RunOutcome(asked, snapshot.rowsWritten(), snapshot.writes(),
        snapshot.requests().getOrDefault(Action.GetRow, 0L), snapshot.readsNotFound(), timeLimitReached);
  }
}
