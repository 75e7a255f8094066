package io.tablestoreycsb.tunnelbench.report;

import java.util.List;

/**
 * Everything a report shows.
 *
 * @param facts the header
 * @param results the scenarios in run order (empty for a speed-only run)
 * @param goals the speed goals (empty unless measured)
 * @param speedDetails the figures behind the goals, one line each
 */
public record BenchReport(RunFacts facts, List<ScenarioResult> results, List<SpeedGoal> goals,
    List<String> speedDetails) {

  /** Every scenario passed its consumed-row check without error, and every goal measured passed. */
  public boolean passed() {
    return results.stream().allMatch(ScenarioResult::passed) && goals.stream().allMatch(SpeedGoal::passes);
  }
}
