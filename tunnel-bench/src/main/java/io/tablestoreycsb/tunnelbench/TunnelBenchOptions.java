package io.tablestoreycsb.tunnelbench;

import io.tablestoreycsb.cluster.options.Executor;
import io.tablestoreycsb.tunnelbench.child.Endpoint;
import io.tablestoreycsb.tunnelbench.scenario.BenchPlan;
import java.nio.file.Path;
import java.util.List;

/**
 * What a tunnel-bench run is asked to do, as the command parsed it: what it measures, against which endpoint,
 * where its processes run and with which JVM options, where its files go.
 *
 * @param measure the scenarios of a scenarios file, or the speed goals
 * @param endpoint the endpoint and credentials; null for the Tablestore mock the run starts in this JVM
 * @param executor where the writer and consumer processes run
 * @param childJvmOptions JVM options of the writer, consumer and scanner processes
 * @param out the output directory (new or empty)
 */
public record TunnelBenchOptions(Measure measure, Endpoint endpoint, Executor executor, List<String> childJvmOptions,
    Path out) {
  public TunnelBenchOptions {
    childJvmOptions = List.copyOf(childJvmOptions);
  }

  /** What a run measures. */
  public sealed interface Measure permits Scenarios, SpeedGoals {}

  /** The scenarios of a scenarios file. */
  public record Scenarios(BenchPlan plan) implements Measure {}

  /**
   * The speed goals, measured side by side on this machine.
   *
   * @param rows rows the goals read
   * @param partitions partitions of their table
   * @param rounds alternating rounds of each comparison
   */
  public record SpeedGoals(long rows, int partitions, int rounds) implements Measure {}
}
