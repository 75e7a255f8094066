package io.tablestoreycsb.tunnelbench.report;

import io.tablestoreycsb.kit.report.Formats;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The report's two tables, shared by the Markdown, HTML and terminal views: the paper's columns with
 * the paper's figures beside ours where it measured the same scenario, then what the paper lacks.
 */
public final class ResultTables {
  static final List<String> PAPER_HEADERS = List.of("Scenario", "Rows/s steady (peak)", "paper", "ms per 1,000 rows",
      "paper", "Consumer CPU (cores)", "paper", "Memory (GB)", "paper", "Bandwidth (Mbit/s)", "paper");

  static final List<String> MORE_HEADERS = List.of("Scenario", "Rows written", "Written rows/s", "Sync (s)",
      "Catch-up (s)", "Bound by", "CPU us/row", "paper", "Lag p50 (ms)", "p99", "p99.9", "max", "Mock CPU (cores)",
      "Consumed rows");

  static final List<String> HOST_HEADERS = List.of("Scenario", "Consumer host", "Consumers", "Rows handed",
      "Rows/s", "ms per 1,000 rows", "CPU (cores)", "Memory (GB)", "Bandwidth (Mbit/s)");

  private ResultTables() {}

  /** Per scenario, a row per consumer host and, with more than one, the total. */
  static List<List<String>> hostRows(List<ScenarioResult> results) {
    List<List<String>> rows = new ArrayList<>();
    for (ScenarioResult r : results) {
      for (HostFigures h : r.hosts()) {
        rows.add(List.of(r.label(), h.host(), Integer.toString(h.consumers()),
            String.format(java.util.Locale.ROOT, "%,d", h.rowsHanded()), Formats.num(h.rowsPerSecond()),
            Formats.num(h.msPer1000Rows()), Numbers.fine(h.cpuCores()), Numbers.fine(h.memoryGb()),
            Formats.num(h.bandwidthMbps())));
      }
      if (r.hosts().size() > 1) {
        long handed = r.hosts().stream().mapToLong(HostFigures::rowsHanded).sum();
        double rate = r.syncSeconds() > 0 ? handed / r.syncSeconds() : Double.NaN;
        rows.add(List.of(r.label(), "all " + r.hosts().size() + " hosts", Integer.toString(r.consumers()),
            String.format(java.util.Locale.ROOT, "%,d", handed), Formats.num(rate),
            Formats.num(rate > 0 ? 1_000_000 / rate : Double.NaN), Numbers.fine(r.consumerCpuCores()),
            Numbers.fine(r.consumerMemoryGb()), Formats.num(r.bandwidthMbps())));
      }
    }
    return rows;
  }

  static List<String> paperCells(ScenarioResult r) {
    Optional<PaperFigures.Figure> p = PaperFigures.of(r.consumers(), r.partitions());
    List<String> c = new ArrayList<>();
    c.add(r.label());
    c.add(Formats.num(r.rates().steady()) + " (" + Formats.num(r.rates().peak()) + ")");
    c.add(p.map(f -> Formats.num(f.steadyRowsPerSecond())
        + (Double.isNaN(f.peakRowsPerSecond()) ? "" : " (" + Formats.num(f.peakRowsPerSecond()) + ")")).orElse("-"));
    c.add(Formats.num(r.rates().msPer1000Rows()));
    c.add(p.map(f -> Formats.num(f.msPer1000Rows())).orElse("-"));
    c.add(Numbers.fine(r.consumerCpuCores()));
    c.add(p.map(f -> Formats.num(f.cpuCores())).orElse("-"));
    c.add(Numbers.fine(r.consumerMemoryGb()));
    c.add(p.map(f -> Numbers.fine(f.memoryGb())).orElse("-"));
    c.add(Formats.num(r.bandwidthMbps()));
    c.add(p.map(f -> Formats.num(f.bandwidthMbps())).orElse("-"));
    return c;
  }

  static List<String> moreCells(ScenarioResult r) {
    Optional<PaperFigures.Figure> p = PaperFigures.of(r.consumers(), r.partitions());
    List<String> c = new ArrayList<>();
    c.add(r.label());
    c.add(String.format(java.util.Locale.ROOT, "%,d", r.rowsWritten()));
    c.add(Formats.num(r.writeRowsPerSecond()));
    c.add(Formats.num(r.syncSeconds()));
    c.add(Formats.num(r.catchUpSeconds()));
    c.add(r.boundBy());
    c.add(Formats.num(r.consumerCpuMicrosPerRow()));
    c.add(p.map(f -> Formats.num(f.cpuMicrosPerRow())).orElse("-"));
    c.add(Formats.num(r.lagP50Ms()));
    c.add(Formats.num(r.lagP99Ms()));
    c.add(Formats.num(r.lagP999Ms()));
    c.add(Formats.num(r.lagMaxMs()));
    c.add(Numbers.fine(r.mockCpuCores()));
    c.add(r.check().summary() + (r.errors().isEmpty() ? "" : "; FAILED (see below)"));
    return c;
  }

  /** The paper's columns as fixed-width text for the terminal, one scenario a line, and the check. */
  public static String terminal(List<ScenarioResult> results) {
    StringBuilder out = new StringBuilder();
    out.append(String.format(java.util.Locale.ROOT, "%-27s %-26s %-22s %9s %8s %7s %9s %8s %10s  %s%n", "scenario",
        "rows/s steady (peak)", "paper", "ms/1000", "paper", "CPU", "paper", "mem GB", "Mbit/s", "consumed rows"));
    for (ScenarioResult r : results) {
      List<String> c = paperCells(r);
      out.append(String.format(java.util.Locale.ROOT, "%-27s %-26s %-22s %9s %8s %7s %9s %8s %10s  %s%n", c.get(0),
          c.get(1), c.get(2), c.get(3), c.get(4), c.get(5), c.get(6), c.get(7), c.get(9),
          r.check().summary() + (r.errors().isEmpty() ? "" : "; FAILED")));
      if (r.hosts().size() > 1) {
        for (HostFigures h : r.hosts()) {
          out.append(String.format(java.util.Locale.ROOT, "  on %-23s %-26s %-22s %9s %8s %7s %9s %8s %10s%n", h.host(),
              Formats.num(h.rowsPerSecond()), "", Formats.num(h.msPer1000Rows()), "", Numbers.fine(h.cpuCores()), "",
              Numbers.fine(h.memoryGb()), Formats.num(h.bandwidthMbps())));
        }
      }
      r.lostConsumers().forEach(l -> out.append("  consumer lost, its channels taken over by the others: ").append(l)
          .append('\n'));
    }
    return out.toString();
  }
}
