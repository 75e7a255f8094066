package io.tablestoreycsb.tunnelbench.run;

import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.mock.protocol.CapacityUnits;
import io.tablestoreycsb.tunnelbench.scenario.BenchPlan;
import io.tablestoreycsb.tunnelbench.scenario.Scenario;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a plan will take before it runs, per scenario and in all: the rows written, the time, the
 * capacity units. Nothing has been measured yet, so the write rate is assumed as the capacity planner
 * assumes its cells' (its defaults): a scenario with {@code rows-per-second} writes that; otherwise its
 * writer threads each send a BatchWriteRow of {@code batch-rows} every {@code requestLatencyMs}, and the
 * table takes at most {@code partitionRowsPerSecond} per partition. The time is a bound: set-up (table,
 * tunnel, processes, the channels' spread), the write time and the whole drain time-out.
 *
 * <p>Capacity units as the mock and the service count them ({@link CapacityUnits}): each row written costs
 * its size in 4 KB units, rounded up (a 220-byte row: 1); the change log read through the tunnel is
 * counted as the mock counts a Stream API page, its bytes together in 4 KB units, with pages of 1,000
 * records.
 *
 * @param requestLatencyMs assumed time of one BatchWriteRow
 * @param partitionRowsPerSecond assumed rows a partition takes per second
 */
public record BenchEstimate(double requestLatencyMs, double partitionRowsPerSecond) {
  /** The capacity planner's default assumptions. */
  public static final BenchEstimate DEFAULT = new BenchEstimate(4, 10_000);
  /** Table, tunnel, processes or pods, two heartbeats for the channels to spread. */
  static final long SETUP_SECONDS = 30;
  static final int PAGE_RECORDS = 1000;

  /** One scenario's estimate. */
  public record Line(String label, double rowsPerSecond, double rows, long seconds, double writeCu, double readCu) {}

  public Line of(Scenario s) {
    Scenario.Settings st = s.settings();
    double rate = st.rowsPerSecond() > 0 ? st.rowsPerSecond()
        : Math.min(st.writerThreads() * (double) st.batchRows() * 1000 / requestLatencyMs,
            s.partitions() * partitionRowsPerSecond);
    double rows = rate * st.writeTime().toMillis() / 1000.0;
    double writeCu = rows * CapacityUnits.forRow(st.rowBytes());
    double readCu = rows / PAGE_RECORDS * CapacityUnits.forScan((long) PAGE_RECORDS * st.rowBytes());
    long seconds = SETUP_SECONDS + st.writeTime().toSeconds() + st.drainTimeout().toSeconds();
    return new Line(s.label(), rate, rows, seconds, writeCu, readCu);
  }

  /** The estimate as the lines printed before a run (and by {@code tunnel-bench estimate}). */
  public String text(BenchPlan plan) {
    List<Line> lines = new ArrayList<>();
    plan.scenarios().forEach(s -> lines.add(of(s)));
    StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "estimate for %s (%d scenarios), assuming"
        + " BatchWriteRow answers in %s ms and a partition takes %s rows/s (nothing measured yet):%n", plan.name(),
        lines.size(), Formats.num(requestLatencyMs), Formats.num(partitionRowsPerSecond)));
    out.append(String.format(Locale.ROOT, "  %-28s %14s %14s %10s %14s %14s%n", "scenario", "rows/s", "rows",
        "at most", "write CU", "tunnel read CU"));
    double rows = 0;
    double write = 0;
    double read = 0;
    long seconds = 0;
    for (Line l : lines) {
      out.append(String.format(Locale.ROOT, "  %-28s %14s %14s %10s %14s %14s%n", l.label(),
          Formats.num(l.rowsPerSecond()), String.format(Locale.ROOT, "%,.0f", l.rows()), Formats.clock(l.seconds()),
          String.format(Locale.ROOT, "%,.0f", l.writeCu()), String.format(Locale.ROOT, "%,.0f", l.readCu())));
      rows += l.rows();
      write += l.writeCu();
      read += l.readCu();
      seconds += l.seconds();
    }
    out.append(String.format(Locale.ROOT, "  %-28s %14s %14s %10s %14s %14s%n", "all", "",
        String.format(Locale.ROOT, "%,.0f", rows), Formats.clock(seconds), String.format(Locale.ROOT, "%,.0f", write),
        String.format(Locale.ROOT, "%,.0f", read)));
    out.append("  CU rules: a row written costs its size in 4 KB units, rounded up; the tunnel's reads are counted as"
        + " the mock counts a Stream API page (its bytes in 4 KB units, 1,000 records a page).\n");
    return out.toString();
  }
}
