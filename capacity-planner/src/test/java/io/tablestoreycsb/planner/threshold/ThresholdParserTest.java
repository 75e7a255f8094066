package io.tablestoreycsb.planner.threshold;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The --fail-if grammar: typed values out, and mistakes named with the word most likely meant. */
class ThresholdParserTest {

  @Test
  void anSloThresholdIsARateInRowsPerSecondOverEveryCaseUnlessScoped() {
    assertThat(ThresholdParser.parse("slo < 100000000"))
        .isEqualTo(new Threshold.SloBelow(Scope.ALL, 100_000_000));
    assertThat(ThresholdParser.parse("random-read p=16 slo < 10k"))
        .isEqualTo(new Threshold.SloBelow(new Scope(null, "random-read", 16, null), 10_000));
    assertThat(ThresholdParser.parse("instance=capacity batch-write partitions=4 SLO<1,500 rows/s"))
        .isEqualTo(new Threshold.SloBelow(new Scope("capacity", "batch-write", 4, null), 1_500));
  }

  @ParameterizedTest
  @CsvSource({"p99 > 10ms, 99, 10", "p99.9>250us, 99.9, 0.25", "max > 2s, 100, 2000", "P50 > 1.5 ms, 50, 1.5"})
  void aLatencyThresholdIsAPercentileAndADuration(String text, double percentile, double ms) {
    assertThat(ThresholdParser.parse(text)).isEqualTo(new Threshold.LatencyAbove(Scope.ALL, percentile, ms));
  }

  @Test
  void regressionsAreSharesAndOnlyADiffCanJudgeThem() {
    Threshold slo = ThresholdParser.parse("slo regression > 10%");
    Threshold p99 = ThresholdParser.parse("random-write p99 regression > 25%");

    assertThat(slo).isEqualTo(new Threshold.SloRegression(Scope.ALL, 0.10));
    assertThat(p99).isEqualTo(new Threshold.LatencyRegression(new Scope(null, "random-write", null, null), 99, 0.25));
    assertThat(slo.needsBaseline()).isTrue();
    assertThat(ThresholdParser.parse("slo < 1").needsBaseline()).isFalse();
  }

  @Test
  void eachThresholdPrintsAsItIsWrittenAndReadsBackTheSame() {
    for (String text : new String[] {"slo < 100000000", "random-read p=16 slo < 10000", "p99 > 10ms",
        "instance=hp range-read threads=8 p99.9 > 250us", "slo regression > 10%", "p99 regression > 12.5%"}) {
      Threshold t = ThresholdParser.parse(text);
      assertThat(t).hasToString(text);
      assertThat(ThresholdParser.parse(t.toString())).isEqualTo(t);
    }
  }

  @Test
  void aMatrixFileSeparatesThresholdsWithSemicolons() {
    assertThat(ThresholdParser.parseList("slo < 1000; random-read p99 > 50ms;")).containsExactly(
        new Threshold.SloBelow(Scope.ALL, 1000),
        new Threshold.LatencyAbove(new Scope(null, "random-read", null, null), 99, 50));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "sol < 1000 | unknown word 'sol'; did you mean 'slo'?",
      "slo regresion > 10% | unknown word 'regresion'; did you mean 'regression'?",
      "p99 > 10mss | unknown word 'mss'; did you mean 'ms'?",
      "partition=4 slo < 10 | unknown word 'partition'; did you mean 'partitions'?",
      "p99 > 10 | '10' needs a unit: us, ms or s",
      "p99 < 10ms | a latency fails when it is too high: use 'p99 > DURATION'",
      "slo > 10 | the SLO answer fails when it is too low: use 'slo < N'",
      "slo <= 10 | '<=': compare with '<' or '>'",
      "slo regression > 10 | a regression limit is a percentage",
      "slo < 10ms | an SLO answer is a rate in rows/s",
      "random-read threads=8 slo < 10 | 'threads=' applies to latency thresholds",
      "random-read random-write p99 > 1ms | two cases, 'random-read' and 'random-write'",
      "p99 10ms | needs one comparison, '<' or '>'",
      "p=0 slo < 1 | 'p=0': expected a positive whole number",
      "p101 > 1ms | a percentile is above 0 and at most 100"})
  void mistakesSayWhatIsWrong(String text, String message) {
    assertThatThrownBy(() -> ThresholdParser.parse(text)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("threshold '" + text.strip() + "': ").hasMessageContaining(message);
  }
}
