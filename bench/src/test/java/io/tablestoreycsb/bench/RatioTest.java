package io.tablestoreycsb.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RatioTest {
  @Test
  void atLeastGoalLineHasTheFixedShape() {
    Ratio r = new Ratio("binding-vs-sdk-read", 0.97234, Ratio.Goal.AT_LEAST, 0.95);
    assertThat(r.line()).isEqualTo("ratio binding-vs-sdk-read 0.972 goal >= 0.950 PASS");
    assertThat(r.line()).matches("ratio \\S+ [0-9.]+ goal (>=|<=) [0-9.]+ (PASS|FAIL)");
  }

  @Test
  void atMostGoalFailsAboveTarget() {
    Ratio r = new Ratio("mock-cpu-share", 0.41, Ratio.Goal.AT_MOST, 0.33);
    assertThat(r.passes()).isFalse();
    assertThat(r.line()).endsWith("goal <= 0.330 FAIL");
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
