package io.tablestoreycsb.mock.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.tablestoreycsb.mock.protocol.ActionName;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.Test;

class LatencyRuleTest {

  private static final long MS = 1_000_000L;
  private final RandomGenerator random = new SplittableRandom(42);

  @Test
  void fixedLatencyInEveryUnit() {
    assertThat(LatencyRule.parse("GetRow=2ms").sampleNanos(random)).isEqualTo(2 * MS);
    assertThat(LatencyRule.parse("GetRow=1.5ms").sampleNanos(random)).isEqualTo(1_500_000);
    assertThat(LatencyRule.parse("GetRow=250us").sampleNanos(random)).isEqualTo(250_000);
    assertThat(LatencyRule.parse("GetRow=700ns").sampleNanos(random)).isEqualTo(700);
    assertThat(LatencyRule.parse("GetRow=1s").sampleNanos(random)).isEqualTo(1_000_000_000);
    assertThat(LatencyRule.parse("GetRow=0").sampleNanos(random)).isZero();
  }

  @Test
  void uniformStaysWithinBoundsAndCoversThem() {
    LatencyRule rule = LatencyRule.parse("GetRow=uniform(1ms,5ms)");
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    double sum = 0;
    int n = 100_000;
    for (int i = 0; i < n; i++) {
      long v = rule.sampleNanos(random);
      min = Math.min(min, v);
      max = Math.max(max, v);
      sum += v;
    }
    assertThat(min).isBetween(MS, MS + 100_000);
    assertThat(max).isBetween(5 * MS - 100_000, 5 * MS);
    assertThat(sum / n).isCloseTo(3.0 * MS, within(0.05 * MS));
  }

  @Test
  void exponentialHasTheGivenMeanAndALongTail() {
    LatencyRule rule = LatencyRule.parse("GetRow=exp(2ms)");
    int n = 200_000;
    double sum = 0;
    int aboveFourMeans = 0;
    for (int i = 0; i < n; i++) {
      long v = rule.sampleNanos(random);
      assertThat(v).isNotNegative();
      sum += v;
      if (v > 8 * MS) {
        aboveFourMeans++;
      }
    }
    assertThat(sum / n).isCloseTo(2.0 * MS, within(0.05 * MS));
    // P(X > 4 * mean) = e^-4, about 1.8%.
    assertThat(aboveFourMeans / (double) n).isCloseTo(Math.exp(-4), within(0.003));
  }

  @Test
  void spikesAddToTheBaseAtTheirRate() {
    LatencyRule rule = LatencyRule.parse("PutRow=2ms+spike(50ms@0.01)");
    int n = 100_000;
    int spikes = 0;
    for (int i = 0; i < n; i++) {
      long v = rule.sampleNanos(random);
      assertThat(v).isIn(2 * MS, 52 * MS);
      if (v == 52 * MS) {
        spikes++;
      }
    }
    // Binomial(100000, 0.01): standard deviation about 31; allow 5 of them.
    assertThat(spikes).isBetween(1000 - 160, 1000 + 160);
    assertThat(rule.toString()).isEqualTo("PutRow=2ms+spike(50ms@0.01)");
  }

  @Test
  void printsItselfInSpecSyntax() {
    assertThat(LatencyRule.parse("*=uniform(500us, 1.5ms)").toString())
        .isEqualTo("*=uniform(500us,1500us)");
    assertThat(LatencyRule.parse("getrange=exp(3ms)+spike(1s@1%)").toString())
        .isEqualTo("GetRange=exp(3ms)+spike(1s@0.01)");
  }

  @Test
  void rejectsBadDurationsNamingThem() {
    assertThatThrownBy(() -> LatencyRule.parse("GetRow=2"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("bad duration '2'").hasMessageContaining("missing unit");
    assertThatThrownBy(() -> LatencyRule.parse("GetRow=2min"))
        .hasMessageContaining("bad duration '2min'");
    assertThatThrownBy(() -> LatencyRule.parse("GetRow=-2ms"))
        .hasMessageContaining("bad duration '-2ms'").hasMessageContaining("negative");
    assertThatThrownBy(() -> LatencyRule.parse("GetRow=2h"))
        .hasMessageContaining("bad duration '2h'");
    assertThatThrownBy(() -> LatencyRule.parse("GetRow=5000s"))
        .hasMessageContaining("longer than 1 hour");
  }

  @Test
  void rejectsMalformedFunctions() {
    assertThatThrownBy(() -> LatencyRule.parse("GetRow=uniform(5ms,1ms)"))
        .hasMessageContaining("lower bound is greater than the upper bound");
    assertThatThrownBy(() -> LatencyRule.parse("GetRow=uniform(5ms)"))
        .hasMessageContaining("needs two bounds");
    assertThatThrownBy(() -> LatencyRule.parse("GetRow=uniform(1ms,5ms"))
        .hasMessageContaining("missing ')'");
    assertThatThrownBy(() -> LatencyRule.parse("GetRow=normal(2ms)"))
        .hasMessageContaining("unknown latency function")
        .hasMessageContaining("uniform(MIN,MAX), exp(MEAN), spike(DURATION@RATE)");
    assertThatThrownBy(() -> LatencyRule.parse("GetRow=spike(50ms)"))
        .hasMessageContaining("needs a rate");
    assertThatThrownBy(() -> LatencyRule.parse("GetRow=spike(50ms@2)"))
        .hasMessageContaining("rate '2'");
    assertThatThrownBy(() -> LatencyRule.parse("GetRow=2ms+"))
        .hasMessageContaining("empty term");
    assertThatThrownBy(() -> LatencyRule.parse("GetRow="))
        .hasMessageContaining("no latency after '='");
    assertThatThrownBy(() -> LatencyRule.parse("Get=2ms"))
        .hasMessageContaining("unknown action 'Get'");
  }

  @Test
  void aRuleBuiltAsAValueEqualsTheRuleItsSpecParsesTo() {
    LatencyRule fixed = LatencyRule.of(ActionName.GET_ROW, Duration.ofMillis(2));
    LatencyRule sum = LatencyRule.of(ActionName.PUT_ROW, LatencyRule.fixed(Duration.ofMillis(2)),
        LatencyRule.spike(Duration.ofMillis(100), 0.001));
    LatencyRule every = LatencyRule.onEveryAction(LatencyRule.uniform(Duration.ofNanos(500_000), Duration.ofMillis(3)),
        LatencyRule.exponential(Duration.ofMillis(1)));

    assertThat(fixed.toString()).isEqualTo("GetRow=2ms");
    assertThat(sum.toString()).isEqualTo("PutRow=2ms+spike(100ms@0.001)");
    assertThat(every.toString()).isEqualTo("*=uniform(500us,3ms)+exp(1ms)");
    for (LatencyRule rule : new LatencyRule[] {fixed, sum, every}) {
      assertThat(LatencyRule.parse(rule.toString())).isEqualTo(rule);
    }
  }

  @Test
  void aRuleBuiltAsAValueIsCheckedLikeASpec() {
    assertThatThrownBy(() -> LatencyRule.of(ActionName.GET_ROW, Duration.ofMillis(-1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("between 0 and 1 hour");
    assertThatThrownBy(() -> LatencyRule.of(ActionName.GET_ROW, Duration.ofHours(2)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("between 0 and 1 hour");
    assertThatThrownBy(() -> LatencyRule.uniform(Duration.ofMillis(5), Duration.ofMillis(1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lower bound 5ms is greater than its upper bound 1ms");
    assertThatThrownBy(() -> LatencyRule.spike(Duration.ofMillis(5), 2))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("spike rate");
    assertThatThrownBy(() -> LatencyRule.of(ActionName.GET_ROW))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("at least one term");
  }
}
