package io.tablestoreycsb.planner;

import io.tablestoreycsb.kit.cli.ToolVersion;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.matrix.MatrixParser;
import io.tablestoreycsb.planner.run.CellFilter;
import io.tablestoreycsb.planner.run.CellOrder;
import io.tablestoreycsb.planner.run.PlanEstimate;
import io.tablestoreycsb.planner.run.PlannedCell;
import io.tablestoreycsb.planner.run.Sweep;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code capacity-plan estimate --matrix FILE [--quick] [--only ...] [--sweep ...] [--price-per-cu PRICE]}. */
@Command(name = "estimate", mixinStandardHelpOptions = true, versionProvider = ToolVersion.class,
    description = "Before anything runs: a plan's longest duration, rows loaded, data size, capacity units and "
        + "cost.")
final class EstimateCommand implements Callable<Integer> {
  @Option(names = "--matrix", required = true, paramLabel = "FILE", description = "Matrix file.")
  Path matrixFile;

  @Option(names = "--quick", description = "Shrink the matrix with its [quick] section, as run --quick does.")
  boolean quick;

  @Option(names = "--only", paramLabel = "FILTER", description = "Only some cells, chosen as with run --only.")
  String only;

  @Option(names = "--sweep", paramLabel = "PROPERTY=VALUES", description = "As for run.")
  String sweep;

  @CommandLine.Mixin
  EstimateOptions estimate = new EstimateOptions();

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    Matrix matrix = MatrixParser.parse(matrixFile);
    if (quick) {
      matrix = matrix.quickened();
    }
    spec.commandLine().getOut().print(of(matrix, only, sweep, estimate).text());
    spec.commandLine().getOut().flush();
    return 0;
  }

  /** The estimate of the cells {@code only} and {@code sweep} choose. */
  static PlanEstimate of(Matrix matrix, String only, String sweep, EstimateOptions options) {
    List<PlannedCell> cells = CellOrder.of(matrix, only == null ? CellFilter.ALL : CellFilter.parse(only),
        sweep == null ? null : Sweep.parse(sweep));
    if (cells.isEmpty()) {
      throw new IllegalArgumentException("no cell of " + matrix.source() + " matches the --only filter");
    }
    return PlanEstimate.of(matrix, cells, options.assumptions());
  }
}
