package io.tablestoreycsb.planner.plan;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** When a steady-stopping cell cannot become evidence before its cap: five mean latencies do not fit in it. */
class SteadyWatchTest {
  @Test
  void aWindowOfFiveMeanLatenciesThatCannotFitInTheCapLessItsFirstIntervalIsOutOfReach() {
    // the quick matrix's 1-partition 4-thread batch cell: 2 s a request, a 10 s cap, 1 s status intervals
    assertThat(SteadyWatch.outOfReach(2.0, 10, 1)).isTrue();
    assertThat(SteadyWatch.outOfReach(1.8, 10, 1)).isFalse(); // 9 s fits in the 9 s after the first interval
    assertThat(SteadyWatch.outOfReach(1.81, 10, 1)).isTrue();
    assertThat(SteadyWatch.outOfReach(0.5, 10, 1)).isFalse();
    assertThat(SteadyWatch.outOfReach(0, 10, 1)).isFalse(); // nothing answered yet: nothing known
    assertThat(SteadyWatch.outOfReach(11, 600, 10)).isFalse();
  }
}
