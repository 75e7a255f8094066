package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.kit.report.ProgressPace;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;

/**
 * Progress lines of a plan: while a cell's runners start, "[cell i/n] label: starting 5 runners (2
 * ready)"; while it runs, about every {@code period} seconds "[cell i/n] label: elapsed, current ops/s
 * (from the runners' -s status lines), plan ETA". The ETA is the cells' known durations plus the
 * start-up and flush time measured on the cells done so far; before the first cell has finished that
 * overhead is unknown and the ETA is printed as a lower bound ("ETA >= ..."). A summary line per
 * finished cell is printed by the caller.
 */
public final class Progress {
  private final PrintStream out;
  private final ProgressPace pace;
  private volatile ProgressListener listener = ProgressListener.NONE;

  public Progress(PrintStream out, Duration period) {
    this.out = out;
    this.pace = new ProgressPace(period);
  }

  /** Who else hears of each event, not only at the printing period (run --live). */
  public void listener(ProgressListener value) {
    listener = value;
  }

  /** Whether a listener (the live view) hears the progress besides the terminal. */
  public boolean watched() {
    return listener != ProgressListener.NONE;
  }

  /** Learns how much longer than its duration a cell takes (JVM start-up, flush) to improve the ETA. */
  public synchronized void cellFinished(double wallSeconds, long durationSeconds) {
    pace.stepFinished(wallSeconds, durationSeconds);
  }

  /** Prints, at most once per period, how many of a cell's runners are ready to start. */
  public synchronized void starting(int index, int total, String label, int ready, int runners) {
    starting(index, total, label, ready, runners, "");
  }

  /** As above, with what the executor tells of the runners not ready yet (pods' phases on Kubernetes). */
  public synchronized void starting(int index, int total, String label, int ready, int runners, String detail) {
    listener.starting(index, total, label, ready, runners);
    if (!pace.due()) {
      return;
    }
    String where = total == 0 ? label : String.format(Locale.ROOT, "[cell %d/%d] %s", index, total, label);
    out.printf(Locale.ROOT, "%s: starting %d runners (%d ready%s)%n", where, runners, ready,
        detail.isEmpty() ? "" : "; " + detail);
  }

  /**
   * Prints a progress line if the period has passed.
   *
   * @param remainingSeconds duration of the cells still to run, this one included
   * @param remainingCells cells still to run, this one included
   */
  public synchronized void tick(int index, int total, String label, long cellStartNanos, double opsPerSecond,
      long remainingSeconds, int remainingCells, long cellDurationSeconds) {
    double elapsed = (System.nanoTime() - cellStartNanos) / 1e9;
    double eta = Math.max(0, remainingSeconds - Math.min(elapsed, cellDurationSeconds))
        + pace.overheadSeconds() * remainingCells;
    listener.running(index, total, label, elapsed, opsPerSecond, total == 0 ? Double.NaN : eta);
    if (!pace.due()) {
      return;
    }
    String rate = Double.isNaN(opsPerSecond) ? "runners started, no status line yet"
        : String.format(Locale.ROOT, "%,.0f %s/s now", opsPerSecond, total == 0 ? "rows" : "ops");
    if (total == 0) { // a load: no duration to count down
      out.printf(Locale.ROOT, "%s: %s elapsed, %s%n", label, Formats.clock(elapsed), rate);
      return;
    }
    out.printf(Locale.ROOT, "[cell %d/%d] %s: %s elapsed, %s, plan %s elapsed, ETA %s%s%n", index, total, label,
        Formats.clock(elapsed), rate, Formats.clock(pace.elapsedSeconds()), pace.etaQualifier(), Formats.clock(eta));
  }

  public PrintStream out() {
    return out;
  }
}
