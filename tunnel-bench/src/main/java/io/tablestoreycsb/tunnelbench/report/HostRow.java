package io.tablestoreycsb.tunnelbench.report;

import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.kit.table.Column;
import io.tablestoreycsb.kit.table.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * A line of the per-host table: a scenario's consumers on one host, or, with more than one host, all of them.
 *
 * @param scenario the scenario
 * @param figures the host's figures (of the "all N hosts" line: the scenario's)
 * @param total whether this is the line of all hosts (not in report-hosts.csv)
 */
record HostRow(ScenarioResult scenario, HostFigures figures, boolean total) {

  /** The per-host table and report-hosts.csv, once. */
  static final Table<HostRow> TABLE = Table.of(
      Column.<HostRow>data("group", null, h -> h.scenario().group()),
      Column.<HostRow>data("partitions", null, h -> h.scenario().partitions()),
      Column.<HostRow>data("consumers", null, h -> h.scenario().consumers()),
      Column.<HostRow>text("Scenario", h -> h.scenario().label()),
      Column.<HostRow>text("Consumer host", h -> h.figures().host()).keys("host", null, h -> h.figures().host()),
      figure("Consumers", h -> Integer.toString(h.figures().consumers()))
          .keys("host_consumers", null, h -> h.figures().consumers()),
      figure("Rows handed", h -> String.format(Locale.ROOT, "%,d", h.figures().rowsHanded()))
          .keys("rows_handed", null, h -> h.figures().rowsHanded()),
      figure("Rows/s", h -> Formats.num(h.figures().rowsPerSecond()))
          .keys("rows_per_s", null, h -> h.figures().rowsPerSecond()),
      figure("ms per 1,000 rows", h -> Formats.num(h.figures().msPer1000Rows()))
          .keys("ms_per_1000_rows", null, h -> h.figures().msPer1000Rows()),
      figure("CPU (cores)", h -> Numbers.fine(h.figures().cpuCores()))
          .keys("cpu_cores", null, h -> h.figures().cpuCores()),
      figure("Memory (GB)", h -> Numbers.fine(h.figures().memoryGb()))
          .keys("memory_gb", null, h -> h.figures().memoryGb()),
      figure("Bandwidth (Mbit/s)", h -> Formats.num(h.figures().bandwidthMbps()))
          .keys("bandwidth_mbps", null, h -> h.figures().bandwidthMbps()));

  private static Column<HostRow> figure(String header, Function<HostRow, String> text) {
    return Column.figure(header, text);
  }

  /** Per scenario, a line per consumer host and, with more than one, the line of all of them. */
  static List<HostRow> of(List<ScenarioResult> results) {
    List<HostRow> rows = new ArrayList<>();
    for (ScenarioResult r : results) {
      r.hosts().forEach(h -> rows.add(new HostRow(r, h, false)));
      if (r.hosts().size() > 1) {
        long handed = r.hosts().stream().mapToLong(HostFigures::rowsHanded).sum();
        double rate = r.syncSeconds() > 0 ? handed / r.syncSeconds() : Double.NaN;
        rows.add(new HostRow(r, new HostFigures("all " + r.hosts().size() + " hosts", r.consumers(), handed, rate,
            r.consumerCpuCores(), r.consumerMemoryGb(), r.bandwidthMbps()), true));
      }
    }
    return rows;
  }
}
