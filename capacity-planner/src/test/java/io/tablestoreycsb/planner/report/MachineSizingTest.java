package io.tablestoreycsb.planner.report;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The embedded mock's capacity when none is given: the machine's requests over the largest table, a round figure. */
class MachineSizingTest {
  @Test
  void theLargestTableSharesWhatTheMachinesProcessorsDrive() {
    assertThat(MachineSizing.forThisMachine(2, 16, 5).partitionCapacity()).isEqualTo(400);
    assertThat(MachineSizing.forThisMachine(8, 16, 5).partitionCapacity()).isEqualTo(1_500); // 1,600 rounded down
    assertThat(MachineSizing.forThisMachine(2, 4, 5).partitionCapacity()).isEqualTo(1_500); // 1,600 rounded down
    assertThat(MachineSizing.forThisMachine(1, 1, 5).partitionCapacity()).isEqualTo(3_000); // 3,200 rounded down
    assertThat(MachineSizing.forThisMachine(64, 1, 5).partitionCapacity()).isEqualTo(200_000); // 204,800
  }

  @Test
  void oneRunnerAProcessorAtMostAndAtLeastOne() {
    assertThat(MachineSizing.forThisMachine(2, 16, 5).runners()).isEqualTo(2);
    assertThat(MachineSizing.forThisMachine(8, 16, 5).runners()).isEqualTo(5);
    assertThat(MachineSizing.forThisMachine(1, 16, 5).runners()).isEqualTo(1);
  }

  @Test
  void aFigureAlreadyRoundStaysAsItIs() {
    assertThat(new MachineSizing(1, 250, 1, 5).partitionCapacity()).isEqualTo(250);
    assertThat(new MachineSizing(3, 100, 1, 5).partitionCapacity()).isEqualTo(300);
  }
}
