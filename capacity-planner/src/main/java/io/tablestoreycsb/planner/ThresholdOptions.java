package io.tablestoreycsb.planner;

import io.tablestoreycsb.planner.threshold.Threshold;
import io.tablestoreycsb.planner.threshold.ThresholdParser;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --fail-if THRESHOLD} (repeatable) of {@code run}, {@code report} and {@code diff}; docs/compare-and-gate.md. */
final class ThresholdOptions {
  @Option(names = "--fail-if", paramLabel = "THRESHOLD",
      description = "Exit with status 3 when the results break this threshold, e.g. 'slo < 10000' (an SLO answer"
          + " below 10,000 rows/s), 'p99 > 10ms' (a cell's p99), 'random-read p=16 slo < 10000'; diff also takes"
          + " 'slo regression > 10%%'. Repeatable; docs/compare-and-gate.md.")
  List<String> failIf = new ArrayList<>();

  /** The thresholds given, parsed; a mistake names the option. */
  List<Threshold> thresholds() {
    List<Threshold> parsed = new ArrayList<>();
    for (String text : failIf) {
      try {
        parsed.add(ThresholdParser.parse(text));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("--fail-if: " + e.getMessage());
      }
    }
    return parsed;
  }
}
