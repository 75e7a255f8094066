package io.tablestoreycsb.planner.run;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;

/**
 * Progress lines of a plan: while a cell runs, about every {@code period} seconds
 * "[cell i/n] label: elapsed, current ops/s (from the runners' -s status lines), plan ETA"; a summary
 * line per finished cell is printed by the caller.
 */
public final class Progress {
  private final PrintStream out;
  private final long periodMs;
  private final long planStartNanos = System.nanoTime();
  private int cellsDone;
  private double secondsPerCellOverhead = 15;
  private long lastPrintNanos;

  public Progress(PrintStream out, Duration period) {
    this.out = out;
    this.periodMs = period.toMillis();
  }

  /** Learns how much longer than its duration a cell takes (JVM start-up, flush) to improve the ETA. */
  public synchronized void cellFinished(double wallSeconds, long durationSeconds) {
    double overhead = Math.max(0, wallSeconds - durationSeconds);
    secondsPerCellOverhead = cellsDone == 0 ? overhead : (secondsPerCellOverhead * cellsDone + overhead)
        / (cellsDone + 1);
    cellsDone++;
  }

  /**
   * Prints a progress line if the period has passed.
   *
   * @param remainingSeconds duration of the cells still to run, this one included
   * @param remainingCells cells still to run, this one included
   */
  public synchronized void tick(int index, int total, String label, long cellStartNanos, double opsPerSecond,
      long remainingSeconds, int remainingCells, long cellDurationSeconds) {
    long now = System.nanoTime();
    if (lastPrintNanos != 0 && (now - lastPrintNanos) / 1_000_000 < periodMs) {
      return;
    }
    lastPrintNanos = now;
    double elapsed = (now - cellStartNanos) / 1e9;
    double eta = Math.max(0, remainingSeconds - Math.min(elapsed, cellDurationSeconds))
        + secondsPerCellOverhead * remainingCells;
    if (total == 0) { // a load: no duration to count down
      out.printf(Locale.ROOT, "%s: %s elapsed, %,.0f rows/s now%n", label, clock(elapsed), opsPerSecond);
      return;
    }
    out.printf(Locale.ROOT, "[cell %d/%d] %s: %s elapsed, %,.0f ops/s now, plan %s elapsed, ETA %s%n", index,
        total, label, clock(elapsed), opsPerSecond, clock((now - planStartNanos) / 1e9), clock(eta));
  }

  static String clock(double seconds) {
    long s = Math.round(seconds);
    return s >= 3600 ? String.format(Locale.ROOT, "%dh%02dm%02ds", s / 3600, s / 60 % 60, s % 60)
        : s >= 60 ? String.format(Locale.ROOT, "%dm%02ds", s / 60, s % 60) : s + "s";
  }

  public PrintStream out() {
    return out;
  }
}
