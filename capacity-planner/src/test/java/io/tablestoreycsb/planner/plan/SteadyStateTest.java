package io.tablestoreycsb.planner.plan;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.kit.hdr.HdrLogs;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntToDoubleFunction;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** The steady-state rule on constructed interval logs: 1-second intervals of a given rate. */
class SteadyStateTest {
  private static final long T0 = 1_800_000_000_000L;
  /** 60 s at least, judged over the last 20 s, within 5%. */
  private static final SteadyState.Rule RULE = new SteadyState.Rule(60, 20, 0.05);

  @Test
  void aFlatRateAfterAWarmUpIsSteadyAndTheWarmUpIsLeftOut() {
    // 15 s of warm-up climbing to 2,000 requests/s, then 2,000 +/- 1%.
    SteadyState.Verdict v = SteadyState.judge(series(70, i -> i < 15 ? 130.0 * i : 2000 * (1 + (i % 2 == 0 ? 0.01
        : -0.01))), RULE);

    assertThat(v.steady()).as(v.reason()).isTrue();
    assertThat(v.reason()).startsWith("steady at 2,000 requests/s: 95% confidence +/-");
    assertThat(v.windowStartMs()).isEqualTo(T0 + 50_000); // the last 20 s; all before is warm-up
    assertThat(v.meanRate()).isCloseTo(2000, org.assertj.core.data.Percentage.withPercentage(1));
  }

  @Test
  void aRateStillClimbingIsDrifting() {
    // +0.5% a second: +10% over the 20 s window.
    SteadyState.Verdict v = SteadyState.judge(series(70, i -> 1000 * (1 + 0.005 * i)), RULE);

    assertThat(v.steady()).isFalse();
    assertThat(v.reason()).startsWith("drifting at").contains("drift +7.");
  }

  @Test
  void aRateSwingingWidelyIsNoisy() {
    // Alternating 700 and 1,300: flat on average, but its mean is known only to about +/-14%.
    SteadyState.Verdict v = SteadyState.judge(series(70, i -> i % 2 == 0 ? 700 : 1300), RULE);

    assertThat(v.steady()).isFalse();
    assertThat(v.reason()).startsWith("noisy at 1,000 requests/s");
  }

  @Test
  void beforeItsMinimumDurationNoCellIsSteady() {
    SteadyState.Verdict v = SteadyState.judge(series(40, i -> 1000), RULE);

    assertThat(v.steady()).isFalse();
    assertThat(v.reason()).isEqualTo("too short: 40s of the 1m00s minimum, 40 intervals");
    assertThat(SteadyState.judge(List.of(), RULE).reason()).isEqualTo("too short: no interval yet");
  }

  /**
   * Seen in a compare run: probes at 50 threads per runner, mean latency 3.25 s, stopped as steady after
   * 22 s over a 15 s window, which the report then refused (under five mean latencies). The watch now
   * judges a window of enough latencies, so such a cell runs on until that window is steady.
   */
  @Test
  void theJudgedWindowCoversFiveMeanLatenciesWhenThoseAreLongerThanHalfTheMinimum() {
    List<Histogram> quick = List.of(timed(0, 1000, 2_000), timed(1000, 1000, 2_000));
    assertThat(SteadyWatch.windowSeconds(10, List.of(quick))).isEqualTo(10);
    List<Histogram> slowA = List.of(timed(0, 10, 3_000_000), timed(1000, 10, 3_500_000));
    List<Histogram> slowB = List.of(timed(0, 10, 3_250_000));
    double window = SteadyWatch.windowSeconds(10, List.of(slowA, slowB));
    assertThat(window).isGreaterThanOrEqualTo(5 * 3.25).isLessThan(5 * 3.25 * 1.2);

    // After 15 s of a 10 s minimum a flat rate would be steady over half the minimum, but not over a window
    // of five latencies it has not got yet; the verdict says what it wants.
    assertThat(SteadyState.judge(series(15, i -> 1000), new SteadyState.Rule(10, 5, 0.05)).steady()).isTrue();
    SteadyState.Verdict v = SteadyState.judge(series(15, i -> 1000), new SteadyState.Rule(10, window, 0.05));
    assertThat(v.steady()).isFalse();
    assertThat(v.reason()).startsWith("too short: 15s of the 10s minimum, 15 intervals (a ").endsWith(" window wanted)");
    SteadyState.Verdict later = SteadyState.judge(series(25, i -> 1000), new SteadyState.Rule(10, window, 0.05));
    assertThat(later.steady()).isTrue();
    assertThat(later.windowStartMs()).isLessThanOrEqualTo(T0 + 25_000 - (long) (window * 1000));
  }

  /** One interval of {@code count} requests each taking {@code latencyUs}, starting {@code offsetMs} after T0. */
  private static Histogram timed(long offsetMs, int count, long latencyUs) {
    Histogram h = new Histogram(3);
    h.recordValueWithCount(latencyUs, count);
    h.setStartTimeStamp(T0 + offsetMs);
    h.setEndTimeStamp(T0 + offsetMs + 1000);
    return h;
  }

  @Test
  void runnersTickingOnTheirOwnClocksAreSpreadOverCommonBins() {
    // Runner A's intervals start on the second, runner B's half a second later; each does 100 a second.
    List<Histogram> a = new ArrayList<>();
    List<Histogram> b = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      a.add(interval(T0 + i * 1000L, T0 + (i + 1) * 1000L, 100));
      b.add(interval(T0 + 500 + i * 1000L, T0 + 500 + (i + 1) * 1000L, 100));
    }
    List<SteadyState.Interval> bins = CellSeries.of(List.of(a, b), 1000);

    // From B's first start to A's last end: 9 whole bins, each 200 requests.
    assertThat(bins).hasSize(9);
    assertThat(bins.get(0).startMs()).isEqualTo(T0 + 500);
    assertThat(bins).allSatisfy(bin -> assertThat(bin.count()).isEqualTo(200.0));
  }

  private static List<SteadyState.Interval> series(int seconds, IntToDoubleFunction rateAt) {
    List<SteadyState.Interval> intervals = new ArrayList<>();
    for (int i = 0; i < seconds; i++) {
      intervals.add(new SteadyState.Interval(T0 + i * 1000L, T0 + (i + 1) * 1000L, rateAt.applyAsDouble(i)));
    }
    return intervals;
  }

  private static Histogram interval(long start, long end, int count) {
    Histogram h = HdrLogs.newHistogram();
    for (int i = 0; i < count; i++) {
      h.recordValue(1000);
    }
    h.setStartTimeStamp(start);
    h.setEndTimeStamp(end);
    return h;
  }
}
