package io.tablestoreycsb.planner.runner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The settle rule on recorded sequences of compile time per interval. */
class SettleRuleTest {
  /**
   * A fresh {@code bin/ycsb load} of random-write at 8 threads against the mock at 1,000 rows/s (2026-11-28, a
   * 2-core machine at load 24): its C1 and C2 compiler threads' CPU in each second, in 10 ms ticks.
   */
  private static final int[] FRESH_YCSB_TICKS_PER_SECOND = {19, 48, 19, 68, 42, 28, 51, 29, 53, 17, 15, 14, 19, 7, 9,
      7, 15, 9, 6, 2, 1, 0, 0, 0, 1, 0, 1, 0, 0, 1, 0, 7, 2, 0, 0, 1, 0, 0};

  /** One rule second-by-second: the same share over one-second intervals, settled over two of them. */
  private static final SettleRule PER_SECOND = new SettleRule(1000, 2, 2, 0.05);

  @Test
  void aFreshYcsbJvmSettlesOnlyOnceItsCompilerThreadsGoQuiet() {
    List<Double> seconds = new ArrayList<>();
    Arrays.stream(FRESH_YCSB_TICKS_PER_SECOND).forEach(t -> seconds.add(t / 100.0));

    // Its first 19 readings are 60 to 680 ms a second; two seconds in a row are first at or under 100 ms with the
    // 19th and 20th (60 + 20 ms).
    assertThat(PER_SECOND.settledAfter(seconds)).hasValue(20);
    assertThat(PER_SECOND.settledAfter(seconds.subList(0, 19))).isEmpty();
  }

  /** A warm-up of the test runners (C1 only) sending PutRow, compile ms per 250 ms as its ycsb.err line gave them. */
  @Test
  void aWarmUpSettlesAtTheFirstSecondWithAtMostFiftyMillisecondsOfCompilation() {
    List<Double> trace = ms(10, 40, 0, 20, 10, 40, 20, 20, 30, 10, 20, 20, 10, 20, 50, 20, 0, 0, 0);

    // 60 to 110 ms in every second (four intervals) until the last four (20, 0, 0, 0: 20 ms).
    assertThat(SettleRule.STANDARD.settledAfter(trace)).hasValue(19);
    assertThat(SettleRule.STANDARD.settledAfter(trace.subList(0, 18))).isEmpty();
  }

  @Test
  void aQuietStartStillTakesTheMinimumIntervals() {
    SettleRule rule = new SettleRule(250, 2, 4, 0.05);

    assertThat(rule.settledAfter(ms(0, 0, 0, 0, 0))).hasValue(4);
  }

  @Test
  void oneCompilationAboveTheShareHoldsTheWarmUpUntilItLeavesTheWindow() {
    // A settled JVM's single 70 ms compilation: the window holding it is over the 50 ms of a second.
    List<Double> trace = ms(200, 150, 120, 100, 0, 70, 0, 0, 0, 0);

    assertThat(SettleRule.STANDARD.settledAfter(trace)).hasValue(10);
    assertThat(SettleRule.STANDARD.settledAfter(trace.subList(0, 9))).isEmpty();
  }

  @Test
  void aCompilerThreadThatEndedCountsAsNoCompilationNotAsNegative() {
    SettleRule.Watch watch = SettleRule.STANDARD.watch();
    for (double s : new double[] {0.2, 0.1, 0.1, 0.1}) {
      watch.add(s);
    }
    // The ended thread took 0.5 s of counted CPU with it: the difference is negative.
    assertThat(watch.add(-0.5)).isFalse();
    assertThat(watch.recentShare()).isEqualTo(0.3 / 1.0, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(watch.add(Double.NaN)).isFalse();
  }

  @Test
  void aRuleNeedsSensibleFigures() {
    assertThatThrownBy(() -> new SettleRule(0, 4, 4, 0.05)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new SettleRule(250, 4, 3, 0.05)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least as many minimum intervals");
    assertThatThrownBy(() -> new SettleRule(250, 4, 4, 0)).isInstanceOf(IllegalArgumentException.class);
  }

  private static List<Double> ms(int... values) {
    List<Double> out = new ArrayList<>();
    for (int v : values) {
      out.add(v / 1000.0);
    }
    return out;
  }
}
