package io.tablestoreycsb.tunnelbench.report;

import io.tablestoreycsb.kit.report.Formats;
import java.util.List;

/** The report's scenarios as fixed-width text for the terminal: the paper's columns, one scenario a line. */
public final class ResultTables {
  private ResultTables() {}

  /** The paper's columns and the check, a line per scenario; below it, its hosts and lost consumers. */
  public static String terminal(List<ScenarioResult> results) {
    StringBuilder out = new StringBuilder(ScenarioColumns.TABLE.terminalHeader());
    for (ScenarioResult r : results) {
      out.append(ScenarioColumns.TABLE.terminalLine(r));
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
