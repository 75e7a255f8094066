package io.tablestoreycsb.tunnelbench.scenario;

import java.nio.file.Path;
import java.util.List;

/**
 * A scenarios file: its name, the table name prefix and the scenarios in run order.
 *
 * @param source the file it was read from
 * @param name the plan's name (the report's title)
 * @param tablePrefix each scenario's table is {@code <prefix>_p<partitions>_c<consumers>}
 * @param scenarios in file order
 */
public record BenchPlan(Path source, String name, String tablePrefix, List<Scenario> scenarios) {
  public String tableOf(Scenario s) {
    return tablePrefix + "_p" + s.partitions() + "_c" + s.consumers();
  }
}
