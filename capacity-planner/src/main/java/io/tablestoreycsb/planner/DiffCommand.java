package io.tablestoreycsb.planner;

import io.tablestoreycsb.kit.cli.ToolVersion;
import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.planner.diff.DiffWriter;
import io.tablestoreycsb.planner.diff.PlanDiff;
import io.tablestoreycsb.planner.gate.Gate;
import io.tablestoreycsb.planner.matrix.Slo;
import io.tablestoreycsb.planner.report.ReportData;
import io.tablestoreycsb.planner.threshold.Threshold;
import io.tablestoreycsb.planner.timeline.PlanTimelines;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code capacity-plan diff BASE NEW --out DIR [--fail-if ...]}. */
@Command(name = "diff", mixinStandardHelpOptions = true, versionProvider = ToolVersion.class,
    description = {"Compare two plans' output directories (local or Kubernetes runs, two instance types): the SLO"
        + " answers before and after, every cell's rows/s and p99 with an interval for the difference, verdicts that"
        + " changed, cells only in one plan.", "Writes diff.html, diff.md, diff.csv, diff-slo.csv and diff.json."})
final class DiffCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "BASE", description = "The plan compared against (its output directory).")
  Path base;

  @Parameters(index = "1", paramLabel = "NEW", description = "The plan compared (its output directory).")
  Path after;

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "Where to write the comparison.")
  Path out;

  @Option(names = "--slo", paramLabel = "OBJECTIVE",
      description = "Judge both plans' cells by this objective, e.g. \"p99 < 10ms\" (default: each plan's own).")
  String slo;

  @CommandLine.Mixin
  ThresholdOptions thresholds = new ThresholdOptions();

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    OutputDirectory.check(out);
    Slo override = ReportCommand.parseSlo(slo);
    List<Threshold> failIf = thresholds.thresholds();
    ReportData before = ReportData.collect(List.of(base), override);
    ReportData now = ReportData.collect(List.of(after), override);
    PrintWriter terminal = spec.commandLine().getOut();
    PlanDiff diff = PlanDiff.of(base.toString(), before, PlanTimelines.read(List.of(base)), after.toString(), now,
        PlanTimelines.read(List.of(after)));
    Path html = DiffWriter.write(diff, out);
    print(diff, terminal);
    terminal.println();
    terminal.println("diff: " + html.toAbsolutePath());
    terminal.flush();
    int gate = Gate.print(Gate.judge(failIf, diff), terminal);
    if (before.rows().isEmpty() || now.rows().isEmpty()) {
      spec.commandLine().getErr().println("capacity-plan: diff: " + (before.rows().isEmpty() ? base : after)
          + " holds no successful cell to compare");
      return 1;
    }
    return gate;
  }

  /** The SLO answers before and after, and what changed among the cells, for the terminal. */
  static void print(PlanDiff diff, PrintWriter out) {
    out.printf("%nThe SLO answer, base %s -> new %s%n", diff.baseName(), diff.newName());
    out.printf(Locale.ROOT, "%-28s %10s %24s %24s %9s%n", "Case", "Partitions", "Base QPS(row)", "New QPS(row)",
        "Change");
    for (PlanDiff.AnswerChange a : diff.answers()) {
      List<String> c = DiffWriter.answerCells(a);
      out.printf(Locale.ROOT, "%-28s %10s %24s %24s %9s%n", c.get(0), c.get(1), c.get(3), c.get(5), c.get(7));
    }
    long higher = diff.cells().stream().filter(c -> !c.rowsPerSecond().withinNoise()
        && c.rowsPerSecond().difference() > 0).count();
    long lower = diff.cells().stream().filter(c -> !c.rowsPerSecond().withinNoise()
        && c.rowsPerSecond().difference() < 0).count();
    long verdicts = diff.cells().stream().filter(PlanDiff.CellChange::verdictChanged).count();
    out.printf("%nCells in both plans: %d; rows/s higher beyond noise in %d, lower in %d, within noise in %d;"
        + " verdict changed in %d. Only in the base: %d, only in the new: %d.%n", diff.cells().size(), higher, lower,
        diff.cells().size() - higher - lower, verdicts, diff.onlyInBase().size(), diff.onlyInNew().size());
    for (PlanDiff.CellChange c : diff.cells()) {
      if (!c.rowsPerSecond().withinNoise() || c.verdictChanged()) {
        out.printf("  %s: %s -> %s rows/s (%s)%s%n", c.label(), Formats.num(c.base().rates().qpsRows()),
            Formats.num(c.after().rates().qpsRows()), DiffWriter.interval(c.rowsPerSecond(), false) + ", " + DiffWriter.noise(c.rowsPerSecond()),
            c.verdictChanged() ? "; verdict " + c.baseVerdict() + " -> " + c.newVerdict() : "");
      }
    }
  }
}
