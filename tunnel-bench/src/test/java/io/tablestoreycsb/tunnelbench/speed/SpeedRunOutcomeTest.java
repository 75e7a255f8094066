package io.tablestoreycsb.tunnelbench.speed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tablestoreycsb.tunnelbench.child.Sample;
import io.tablestoreycsb.tunnelbench.report.SpeedGoal;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The speed goals from the rounds' figures, and each side measured over the middle of its read. */
class SpeedRunOutcomeTest {

  @Test
  void eachSideIsMeasuredFromTwentyToNinetyPercentOfItsRows() {
    // 1,000 rows: 100 in the first second (start-up), then 450 rows/s; the reader's CPU grows 0.9 s per 450 rows
    // after its start-up second cost it 2 s. The mock spends 0.45 s per second.
    List<Sample> reader = List.of(new Sample(0, 0, 0, 0, 0), new Sample(1000, 100, 2.0, 0, 0),
        new Sample(2000, 550, 2.9, 0, 0), new Sample(3000, 1000, 3.8, 0, 0));
    List<Sample> mock = List.of(new Sample(0, 0, 10, 0, 0), new Sample(3000, 0, 11.35, 0, 0));

    SpeedRun.Side side = SpeedRun.side(reader, mock, 1000);

    // 20% = row 200 at 1,222 ms, 90% = row 900 at 2,778 ms: 700 rows in 1.556 s.
    assertThat(side.rowsPerSecond()).isCloseTo(450, within(0.5));
    assertThat(side.readerCpuMicrosPerRow()).as("the start-up second left out").isCloseTo(2000, within(2.0));
    assertThat(side.mockCpuMicrosPerRow()).isCloseTo(1000, within(2.0));
  }

  @Test
  void theGoalsAreTheMediansOfTheRoundsAndPrintAsBenchRatioLines() {
    List<SpeedRun.Side> tunnel = List.of(new SpeedRun.Side(90_000, 8, 4), new SpeedRun.Side(50_000, 12, 6),
        new SpeedRun.Side(80_000, 9, 4));
    List<SpeedRun.Side> scan = List.of(new SpeedRun.Side(100_000, 7, 3), new SpeedRun.Side(50_000, 8, 3),
        new SpeedRun.Side(120_000, 7, 3));

    List<SpeedGoal> goals = SpeedRun.outcome(tunnel, scan, 4, true).goals();

    assertThat(goals).extracting(SpeedGoal::line).containsExactly(
        "ratio tunnel-consumer-cpu-us-per-row 9.000 goal <= 10.0 PASS",
        "ratio tunnel-mock-over-consumer-cpu 0.500 goal <= 1.000 PASS",
        // per round: 0.9, 1.0, 0.667
        "ratio tunnel-sync-over-getrange 0.900 goal >= 0.800 PASS");
    assertThat(SpeedRun.outcome(tunnel, scan, 4, false).goals().get(1).line())
        .as("no embedded mock: its CPU is not measured, which fails").isEqualTo(
            "ratio tunnel-mock-over-consumer-cpu NaN goal <= 1.000 FAIL");
  }
}
