package io.tablestoreycsb.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class RatioTest {
  private static final String LINE = "ratio \\S+ [0-9.]+ goal (>=|<=) [0-9.]+ (PASS|FAIL|UNDECIDED)";

  @Test
  void roundsRatioLineCarriesTheIntervalsVerdict() {
    Ratio undecided = Ratio.of("binding-vs-sdk-cpu-scan", RatioInterval.of(List.of(0.99, 1.09, 1.02, 1.07)), Ratio.Goal.AT_MOST, 1.05);

    assertThat(undecided.line()).matches(LINE).endsWith("goal <= 1.050 UNDECIDED");
    assertThat(undecided.passes()).isFalse();
    assertThat(undecided.intervalLine()).startsWith("detail binding-vs-sdk-cpu-scan 1.042 (95% CI ").contains("4 rounds");
    assertThat(undecided.json()).contains("\"verdict\":\"UNDECIDED\"").contains("\"pass\":false").contains("\"rounds\":4")
        .containsPattern("\"ci95Low\":0\\.9[0-9]*,\"ci95High\":1\\.1[0-9]*");
  }

  @Test
  void singleMeasurementLineHasTheFixedShape() {
    Ratio r = new Ratio("client-rss-mb", 544.2, Ratio.Goal.AT_MOST, 1024);
    assertThat(r.line()).isEqualTo("ratio client-rss-mb 544.2 goal <= 1024.0 PASS");
    assertThat(r.intervalLine()).isNull();
    assertThat(r.json()).contains("\"ci95Low\":null").contains("\"verdict\":\"PASS\"").contains("\"pass\":true");
  }

  @Test
  void atMostGoalFailsAboveTarget() {
    Ratio r = new Ratio("mock-bytes-per-row", 2.41, Ratio.Goal.AT_MOST, 2.0);
    assertThat(r.passes()).isFalse();
    assertThat(r.line()).endsWith("goal <= 2.000 FAIL");
  }

  @Test
  void boundaryValuePasses() {
    assertThat(new Ratio("x", 20.0, Ratio.Goal.AT_LEAST, 20).passes()).isTrue();
    assertThat(new Ratio("x", 2.0, Ratio.Goal.AT_MOST, 2.0).passes()).isTrue();
  }

  @Test
  void largeValuesUseOneDecimalAndNaNFails() {
    assertThat(new Ratio("batch-vs-single-insert", 27.449, Ratio.Goal.AT_LEAST, 20).line())
        .isEqualTo("ratio batch-vs-single-insert 27.4 goal >= 20.0 PASS");
    Ratio missing = new Ratio("client-rss-mb", Double.NaN, Ratio.Goal.AT_MOST, 1024);
    assertThat(missing.passes()).isFalse();
    assertThat(missing.json()).contains("\"value\":null").contains("\"pass\":false");
  }

  @Test
  void nameMustBeOneWord() {
    assertThatThrownBy(() -> new Ratio("two words", 1, Ratio.Goal.AT_MOST, 1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("two words");
  }
}
