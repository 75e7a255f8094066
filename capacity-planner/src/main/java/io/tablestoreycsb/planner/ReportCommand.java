package io.tablestoreycsb.planner;

import io.tablestoreycsb.planner.report.ReportData;
import io.tablestoreycsb.planner.report.ReportWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code capacity-plan report DIR... [--out DIR]}. */
@Command(name = "report", mixinStandardHelpOptions = true,
    description = "Merge the runner outputs found under the directories (from any machines) and write "
        + "report.md, report.csv, report.json, report.html and charts.")
final class ReportCommand implements Callable<Integer> {
  @Parameters(arity = "1..*", paramLabel = "DIR", description = "Output directories of 'run' (searched recursively).")
  List<Path> dirs;

  @Option(names = "--out", paramLabel = "DIR", description = "Where to write the report (default: the first DIR).")
  Path out;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    return write(dirs, out == null ? dirs.get(0) : out, spec.commandLine().getOut());
  }

  /** Writes the report, prints the paper's table and the report's path; 1 when a cell failed. */
  static int write(List<Path> dirs, Path out, java.io.PrintWriter terminal) throws Exception {
    ReportData data = ReportData.collect(dirs);
    Path html = ReportWriter.write(data, out);
    terminal.print(ReportWriter.terminalTable(data.rows()));
    if (!data.failures().isEmpty()) {
      terminal.println();
      terminal.println(data.failures().size() + " cell(s) failed; see the 'Failed cells' section of the report.");
    }
    terminal.println();
    terminal.println("report: " + html.toAbsolutePath());
    terminal.flush();
    return data.rows().isEmpty() || !data.failures().isEmpty() ? 1 : 0;
  }
}
