package io.tablestoreycsb.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.tablestoreycsb.bench.RatioInterval.Verdict;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The decision logic of every ratio line: per-round ratios in, value, 95% interval and verdict out. */
class RatioIntervalTest {
  private static final Ratio.Goal AT_MOST = Ratio.Goal.AT_MOST;
  private static final Ratio.Goal AT_LEAST = Ratio.Goal.AT_LEAST;

  @Test
  void quietRoundsWellBelowAnAtMostGoalPass() {
    RatioInterval e = RatioInterval.of(List.of(1.00, 1.01, 0.99, 1.00, 1.02, 0.98));

    assertThat(e.value()).isCloseTo(1.0, within(0.002));
    assertThat(e.high()).isLessThan(1.05);
    assertThat(e.verdict(AT_MOST, 1.05)).isEqualTo(Verdict.PASS);
  }

  @Test
  void quietRoundsAboveAnAtMostGoalFail() {
    RatioInterval e = RatioInterval.of(List.of(1.10, 1.11, 1.09, 1.10, 1.12));

    assertThat(e.low()).isGreaterThan(1.05);
    assertThat(e.verdict(AT_MOST, 1.05)).isEqualTo(Verdict.FAIL);
  }

  @Test
  void noisyRoundsAroundTheGoalAreUndecidedAlthoughTheirMeanPasses() {
    RatioInterval e = RatioInterval.of(List.of(0.95, 1.15, 0.98, 1.10, 0.96));

    assertThat(e.value()).isLessThan(1.05); // a plain mean or median would have said PASS
    assertThat(e.low()).isLessThan(1.05);
    assertThat(e.high()).isGreaterThan(1.05);
    assertThat(e.verdict(AT_MOST, 1.05)).isEqualTo(Verdict.UNDECIDED);
  }

  @Test
  void atLeastGoalsDecideTheOtherWayRound() {
    assertThat(RatioInterval.of(List.of(22.0, 23.0, 21.5, 22.4)).verdict(AT_LEAST, 20)).isEqualTo(Verdict.PASS);
    assertThat(RatioInterval.of(List.of(4.4, 4.5, 4.6, 4.5)).verdict(AT_LEAST, 20)).isEqualTo(Verdict.FAIL);
    assertThat(RatioInterval.of(List.of(15.0, 26.0, 18.0, 24.0)).verdict(AT_LEAST, 20)).isEqualTo(Verdict.UNDECIDED);
  }

  @Test
  void intervalIsTheStudentTIntervalOfTheLogRatios() {
    // logs +0.1 and -0.1: mean 0, sample sd 0.1414, standard error 0.1, t(0.975, 1 df) = 12.706
    RatioInterval e = RatioInterval.of(List.of(Math.exp(0.1), Math.exp(-0.1)));

    assertThat(e.value()).isCloseTo(1.0, within(1e-12));
    assertThat(Math.log(e.high())).isCloseTo(1.2706, within(1e-3));
    assertThat(Math.log(e.low())).isCloseTo(-1.2706, within(1e-3));
    assertThat(e.rounds()).isEqualTo(2);
  }

  @Test
  void theInverseComparisonGivesTheInverseInterval() {
    List<Double> ratios = List.of(0.91, 0.97, 1.04, 0.88, 0.95);
    RatioInterval forward = RatioInterval.of(ratios);
    RatioInterval inverse = RatioInterval.of(ratios.stream().map(r -> 1 / r).toList());

    assertThat(inverse.value()).isCloseTo(1 / forward.value(), within(1e-12));
    assertThat(inverse.low()).isCloseTo(1 / forward.high(), within(1e-12));
    assertThat(inverse.high()).isCloseTo(1 / forward.low(), within(1e-12));
  }

  @Test
  void moreRoundsOfTheSameSpreadNarrowTheInterval() {
    RatioInterval four = RatioInterval.of(List.of(0.98, 1.02, 0.98, 1.02));
    RatioInterval twelve = RatioInterval.of(List.of(0.98, 1.02, 0.98, 1.02, 0.98, 1.02, 0.98, 1.02, 0.98, 1.02, 0.98, 1.02));

    assertThat(twelve.relativeHalfWidth()).isLessThan(four.relativeHalfWidth() / 2);
  }

  @Test
  void theTargetOnTheIntervalsEdgeCountsAsMet() {
    RatioInterval e = new RatioInterval(1.0, 0.95, 1.05, 6);

    assertThat(e.verdict(AT_MOST, 1.05)).isEqualTo(Verdict.PASS);
    assertThat(e.verdict(AT_LEAST, 0.95)).isEqualTo(Verdict.PASS);
  }

  @Test
  void oneRoundDecidesNothing() {
    RatioInterval e = RatioInterval.of(List.of(0.5));

    assertThat(e.high()).isInfinite();
    assertThat(e.verdict(AT_MOST, 2.0)).isEqualTo(Verdict.UNDECIDED);
  }

  @Test
  void aZeroOrMissingRoundRatioIsRefusedByPosition() {
    assertThatThrownBy(() -> RatioInterval.of(List.of(1.0, 0.0))).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("round ratio 2 is 0.0");
    assertThatThrownBy(() -> RatioInterval.of(List.of(Double.NaN))).hasMessageContaining("round ratio 1 is NaN");
    assertThatThrownBy(() -> RatioInterval.of(List.of())).hasMessageContaining("no round ratios");
  }
}
