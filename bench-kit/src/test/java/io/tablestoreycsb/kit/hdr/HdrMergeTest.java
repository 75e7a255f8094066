package io.tablestoreycsb.kit.hdr;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class HdrMergeTest {

  @Test
  void mergedPercentilesEqualThoseOfOneHistogramHoldingAllValues() {
    Random random = new Random(42);
    Histogram all = HdrLogs.newHistogram();
    Histogram a = HdrLogs.newHistogram();
    Histogram b = HdrLogs.newHistogram();
    Histogram c = HdrLogs.newHistogram();
    for (int i = 0; i < 30_000; i++) {
      long v = 200 + (long) (Math.abs(random.nextGaussian()) * (i % 3 == 0 ? 5000 : 800));
      (i % 3 == 0 ? a : i % 3 == 1 ? b : c).recordValue(v);
      all.recordValue(v);
    }
    LatencySummary merged = LatencySummary.of(HdrLogs.merge(List.of(a, b, c)));
    LatencySummary truth = LatencySummary.of(all);
    assertThat(merged).isEqualTo(truth);
  }

  @Test
  void averagingPercentilesAcrossRunnersGivesAWrongAnswer() {
    // A fast runner (1 ms, 9,900 requests) and a slow one (100 ms, 100 requests): 1% of all requests are slow.
    Histogram fast = HdrLogs.newHistogram();
    Histogram slow = HdrLogs.newHistogram();
    fast.recordValueWithCount(1_000, 9_900);
    slow.recordValueWithCount(100_000, 100);
    double averagedP50 = (fast.getValueAtPercentile(50) + slow.getValueAtPercentile(50)) / 2.0;
    double averagedP95 = (fast.getValueAtPercentile(95) + slow.getValueAtPercentile(95)) / 2.0;
    LatencySummary merged = LatencySummary.of(HdrLogs.merge(List.of(fast, slow)));
    // Truth: 99% of requests took 1 ms, so p50 and p95 are 1 ms and only p99.9 sees the slow ones.
    assertThat(merged.p50Us()).isEqualTo(fast.highestEquivalentValue(1_000));
    assertThat(merged.p95Us()).isEqualTo(fast.highestEquivalentValue(1_000));
    assertThat(merged.p999Us()).isEqualTo(slow.highestEquivalentValue(100_000));
    assertThat(averagedP50).isGreaterThan(50_000);
    assertThat(averagedP95).isGreaterThan(50_000);
    assertThat(merged.count()).isEqualTo(10_000);
    assertThat(merged.meanUs()).isCloseTo((9_900 * 1_000.0 + 100 * 100_000.0) / 10_000, org.assertj.core.data.Percentage.withPercentage(0.1));
  }
}
