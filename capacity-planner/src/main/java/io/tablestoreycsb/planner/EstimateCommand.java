package io.tablestoreycsb.planner;

import io.tablestoreycsb.kit.cli.ToolVersion;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code capacity-plan estimate --matrix FILE [--quick] [--only ...] [--sweep ...] [--price-per-cu PRICE]}. */
@Command(name = "estimate", mixinStandardHelpOptions = true, versionProvider = ToolVersion.class,
    description = "Before anything runs: a plan's longest duration, rows loaded, data size, capacity units and "
        + "cost.")
final class EstimateCommand implements Callable<Integer> {
  @CommandLine.Mixin
  MatrixOptions matrixOptions = new MatrixOptions();

  @CommandLine.Mixin
  EstimateOptions estimate = new EstimateOptions();

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    PlanOptions plan = matrixOptions.plan("estimate", null).assumptions(estimate.assumptions()).build();
    spec.commandLine().getOut().print(new Planner(spec.commandLine().getOut()).estimate(plan).text());
    spec.commandLine().getOut().flush();
    return 0;
  }
}
