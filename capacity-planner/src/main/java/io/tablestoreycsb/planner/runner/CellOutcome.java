package io.tablestoreycsb.planner.runner;

import java.util.List;
import java.util.stream.Collectors;

/**
 * How a cell (or a load step) ended.
 *
 * @param key the cell
 * @param records one per runner
 * @param wallSeconds wall time from the first start to the last exit
 */
public record CellOutcome(CellKey key, List<RunnerRecord> records, double wallSeconds) {

  public boolean succeeded() {
    return records.stream().allMatch(r -> r.error() == null);
  }

  /** The failing runners' errors, each with its stderr tail. */
  public String errors() {
    return records.stream().filter(r -> r.error() != null)
        .map(r -> "runner " + r.runnerIndex() + ": " + r.error())
        .collect(Collectors.joining("\n"));
  }
}
