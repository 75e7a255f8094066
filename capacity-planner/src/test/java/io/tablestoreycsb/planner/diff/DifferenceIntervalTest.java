package io.tablestoreycsb.planner.diff;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.Random;
import org.apache.commons.math3.stat.inference.TTest;
import org.junit.jupiter.api.Test;

/** The interval of a difference of means agrees with Welch's t-test: it excludes 0 exactly when p < 0.05. */
class DifferenceIntervalTest {

  @Test
  void theIntervalExcludesZeroExactlyWhenWelchsTestRejectsEquality() {
    Random random = new Random(37);
    int checked = 0;
    for (int trial = 0; trial < 200; trial++) {
      double[] before = sample(random, 8 + trial % 5, 1000, 30 + trial % 7 * 20);
      double[] after = sample(random, 6 + trial % 9, 1000 + trial % 11 * 8, 40 + trial % 3 * 30);
      DifferenceInterval d = DifferenceInterval.of(before, after);
      double p = new TTest().tTest(before, after);
      if (Math.abs(p - 0.05) > 1e-6) {
        assertThat(d.withinNoise()).as("p = %s, interval %s to %s", p, d.low(), d.high()).isEqualTo(p >= 0.05);
        checked++;
      }
    }
    assertThat(checked).isGreaterThan(150);
  }

  @Test
  void theDifferenceIsNewMinusBaseAndTheIntervalIsCentredOnIt() {
    DifferenceInterval d = DifferenceInterval.of(new double[] {100, 102, 98, 101, 99}, new double[] {150, 149, 151});

    assertThat(d.difference()).isCloseTo(50, within(1e-9));
    assertThat((d.low() + d.high()) / 2).isCloseTo(50, within(1e-9));
    assertThat(d.withinNoise()).isFalse();
    assertThat(d.baseCount()).isEqualTo(5);
    assertThat(d.newCount()).isEqualTo(3);
  }

  @Test
  void withOneFigureASideNothingCanBeToldApart() {
    assertThat(DifferenceInterval.of(new double[] {1}, new double[] {5, 6}).withinNoise()).isTrue();
    assertThat(DifferenceInterval.of(new double[0], new double[] {5, 6}).difference()).isNaN();
  }

  private static double[] sample(Random random, int n, double mean, double sd) {
    double[] v = new double[n];
    for (int i = 0; i < n; i++) {
      v[i] = mean + sd * random.nextGaussian();
    }
    return v;
  }
}
