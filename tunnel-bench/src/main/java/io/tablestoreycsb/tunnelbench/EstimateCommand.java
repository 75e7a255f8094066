package io.tablestoreycsb.tunnelbench;

import io.tablestoreycsb.tunnelbench.run.BenchEstimate;
import io.tablestoreycsb.tunnelbench.scenario.BenchPlan;
import io.tablestoreycsb.tunnelbench.scenario.ScenarioParser;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code tunnel-bench estimate}: rows, time and capacity units of a scenarios file, without running it. */
@Command(name = "estimate", mixinStandardHelpOptions = true, sortOptions = false,
    description = "Print the rows, time and capacity units a scenarios file would take (assumed rates).")
final class EstimateCommand implements Callable<Integer> {
  @Option(names = "--quick", description = "Estimate " + TunnelBenchCli.QUICK_SCENARIOS + ".")
  boolean quick;

  @Option(names = "--scenarios", paramLabel = "FILE",
      description = "Scenarios file (default: " + TunnelBenchCli.PAPER_SCENARIOS + ").")
  String scenarios;

  @Option(names = "--assume-request-ms", paramLabel = "MS", defaultValue = "4",
      description = "Assumed time of one BatchWriteRow (default ${DEFAULT-VALUE}, the capacity planner's).")
  double requestMs;

  @Option(names = "--assume-partition-rows", paramLabel = "ROWS_PER_SECOND", defaultValue = "10000",
      description = "Assumed rows a partition takes per second (default ${DEFAULT-VALUE}, the capacity planner's).")
  double partitionRows;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    if (quick && scenarios != null) {
      throw new IllegalArgumentException("give --quick or --scenarios, not both");
    }
    if (!(requestMs > 0) || !(partitionRows > 0)) {
      throw new IllegalArgumentException("--assume-request-ms and --assume-partition-rows must be positive");
    }
    BenchPlan plan = ScenarioParser.parse(TunnelBenchCli.resolve(scenarios != null ? scenarios
        : quick ? TunnelBenchCli.QUICK_SCENARIOS : TunnelBenchCli.PAPER_SCENARIOS));
    spec.commandLine().getOut().print(new BenchEstimate(requestMs, partitionRows).text(plan));
    spec.commandLine().getOut().flush();
    return 0;
  }
}
