package io.tablestoreycsb.planner;

import io.tablestoreycsb.kit.cli.ToolVersion;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.matrix.MatrixParser;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bin/quickstart}: starts the embedded mock in this JVM with a per-partition capacity (so that
 * saturation and partition scaling show), runs the quick matrix with local runner processes, and prints
 * the paper's table and the path of report.html.
 */
@Command(name = "quickstart", mixinStandardHelpOptions = true, versionProvider = ToolVersion.class,
    description = "Run the quick matrix (1/4/16 partitions, four cases, local runners sized to this machine) against the embedded "
        + "mock and print the table.")
final class QuickstartCommand implements Callable<Integer> {
  @Option(names = "--out", paramLabel = "DIR",
      description = "Output directory, emptied first (default: quickstart-out in the installation directory).")
  Path out;

  @Option(names = "--matrix", paramLabel = "FILE", defaultValue = "workloads/matrix/quick",
      description = "Matrix file (default: ${DEFAULT-VALUE}).")
  String matrix;

  @CommandLine.Mixin
  MockRunOptions mock = new MockRunOptions();

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    OutputDirectory.check(out);
    Path matrixFile = MockRunOptions.matrixFile(matrix);
    Path outDir = (out == null ? MockRunOptions.home().resolve("quickstart-out") : out).toAbsolutePath().normalize();
    Matrix parsed = MatrixParser.parse(matrixFile);
    PlanOptions plan = mock.plan("quickstart", parsed, outDir).build();
    // The mock keeps its tables in memory: results of an earlier quickstart cannot be resumed.
    OutputDirectory.startOver(outDir, "mock.properties", "quickstart");
    PrintWriter terminal = spec.commandLine().getOut();
    Planner planner = new Planner(terminal);
    long started = System.nanoTime();
    terminal.print(planner.estimate(plan).text());
    int failed = planner.run(plan);
    terminal.printf("quickstart ran its plan in %.0f s%n", (System.nanoTime() - started) / 1e9);
    // The report's path is the last line, as the README says.
    int reportExit = planner.report(plan);
    return failed > 0 ? 1 : reportExit;
  }
}
