package io.tablestoreycsb.tunnelbench.run;

import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.kit.report.ProgressPace;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.Locale;

/**
 * The progress lines of a run: a line when a scenario changes phase ("[scenario 2/6] 1 consumer, 4
 * partitions: waiting for the channels to spread over the consumers"), and while it writes and syncs,
 * about every {@code periodMs}, the rows written and synced with their current rates, how far the
 * consumers are behind, and the run's ETA. The ETA counts the write time left plus, per scenario, the
 * set-up and drain time measured on the scenarios done so far; before the first has finished that is
 * unknown and the ETA is a lower bound ("ETA >= ...").
 */
public final class BenchProgress {
  private final PrintWriter out;
  private final ProgressPace pace;

  public BenchProgress(PrintWriter out, long periodMs) {
    this.out = out;
    this.pace = new ProgressPace(Duration.ofMillis(periodMs));
  }

  public synchronized void phase(int index, int total, String label, String what) {
    out.printf(Locale.ROOT, "[scenario %d/%d] %s: %s (run %s elapsed)%n", index, total, label, what,
        clock(pace.elapsedSeconds()));
    out.flush();
  }

  /**
   * A progress line if the period has passed.
   *
   * @param writeElapsed seconds since the writers started
   * @param writeTime the scenario's write time, seconds
   * @param remainingWriteSeconds write time of the scenarios after this one
   * @param remainingScenarios scenarios after this one
   */
  public synchronized void tick(int index, int total, String label, double writeElapsed, double writeTime, long written,
      double writeRate, long synced, double syncRate, double remainingWriteSeconds, int remainingScenarios) {
    if (!pace.due()) {
      return;
    }
    String phase = writeElapsed < writeTime
        ? String.format(Locale.ROOT, "writing %s/%s", clock(writeElapsed), clock(writeTime))
        : "writers done, syncing the rest";
    double eta = Math.max(0, writeTime - writeElapsed) + remainingWriteSeconds
        + pace.overheadSeconds() * (remainingScenarios + (writeElapsed < writeTime ? 1 : 0.5));
    out.printf(Locale.ROOT, "[scenario %d/%d] %s: %s, written %,d (%,.0f rows/s), synced %,d (%,.0f rows/s now),"
        + " %,d behind; run %s elapsed, ETA %s%s%n", index, total, label, phase, written, writeRate, synced, syncRate,
        Math.max(0, written - synced), clock(pace.elapsedSeconds()), pace.etaQualifier(), clock(eta));
    out.flush();
  }

  /** Learns how much longer than its write time a scenario takes (JVMs, balancing, draining) for the ETA. */
  public synchronized void finished(double wallSeconds, double writeSeconds) {
    pace.stepFinished(wallSeconds, writeSeconds);
  }

  public PrintWriter out() {
    return out;
  }

  private static String clock(double seconds) {
    return Formats.clock(seconds);
  }
}
