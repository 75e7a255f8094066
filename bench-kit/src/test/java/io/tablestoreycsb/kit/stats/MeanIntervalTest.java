package io.tablestoreycsb.kit.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class MeanIntervalTest {
  @Test
  void quantilesAreStudentsTFromTheTextbookTable() {
    assertThat(MeanInterval.tQuantile(0.95, 1)).isCloseTo(12.706, within(0.001));
    assertThat(MeanInterval.tQuantile(0.95, 4)).isCloseTo(2.776, within(0.001));
    assertThat(MeanInterval.tQuantile(0.95, 30)).isCloseTo(2.042, within(0.001));
    assertThat(MeanInterval.tQuantile(0.99, 10)).isCloseTo(3.169, within(0.001));
  }

  @Test
  void theIntervalIsTTimesTheStandardErrorAroundTheMean() {
    // mean 3, sample standard deviation sqrt(2.5), standard error sqrt(2.5 / 5), t(0.95, 4) = 2.776
    MeanInterval m = MeanInterval.of(new double[] {1, 2, 3, 4, 5}, 0.95);

    assertThat(m.mean()).isEqualTo(3.0);
    assertThat(m.halfWidth()).isCloseTo(2.7764 * Math.sqrt(0.5), within(0.001));
    assertThat(m.low()).isCloseTo(3 - m.halfWidth(), within(1e-12));
    assertThat(m.n()).isEqualTo(5);
  }

  @Test
  void oneValueSaysNothingOfTheSpreadAndNoneIsAnError() {
    MeanInterval one = MeanInterval.of(new double[] {7}, 0.95);
    assertThat(one.mean()).isEqualTo(7.0);
    assertThat(one.high()).isInfinite();
    assertThatThrownBy(() -> MeanInterval.of(new double[0], 0.95)).hasMessageContaining("no values");
    assertThatThrownBy(() -> MeanInterval.of(new double[] {1, 2}, 95)).hasMessageContaining("got 95");
  }
}
