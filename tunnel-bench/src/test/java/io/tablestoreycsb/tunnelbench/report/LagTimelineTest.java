package io.tablestoreycsb.tunnelbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.kit.hdr.HdrLogs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A scenario's lag second by second: consumers' histograms of a second merged, and its charts over time. */
class LagTimelineTest {
  private static final long WRITE_START_MS = 1_795_431_100_000L;

  @TempDir
  Path dir;

  @Test
  void theConsumersHistogramsOfEachSecondAreMergedNotAveraged() {
    // consumer 1: 900 rows at 2 ms in second 0; consumer 2: 100 rows at 50 ms in second 0, 10 rows at 1 ms in second 1
    List<Histogram> intervals = List.of(second(0, 900, 2_000), second(0, 100, 50_000), second(1, 10, 1_000));

    LagTimeline timeline = LagTimeline.of(intervals, WRITE_START_MS, WRITE_START_MS + 500);

    assertThat(timeline.warmupEndSeconds()).isEqualTo(0.5);
    assertThat(timeline.seconds()).extracting(LagTimeline.Second::atSeconds).containsExactly(0.0, 1.0);
    assertThat(timeline.seconds()).extracting(LagTimeline.Second::rows).containsExactly(1000L, 10L);
    LagTimeline.Second first = timeline.seconds().get(0);
    // merged: the p50 is consumer 1's 2 ms, the p99 consumer 2's 50 ms (an average of the two p99s would be 26 ms)
    assertThat(first.p50Ms()).isCloseTo(2.0, org.assertj.core.data.Percentage.withPercentage(1));
    assertThat(first.p99Ms()).isCloseTo(50.0, org.assertj.core.data.Percentage.withPercentage(1));
  }

  @Test
  void everyScenarioWithSecondsGetsItsLagAndRowsChartsOverTime() throws Exception {
    List<Histogram> intervals = new ArrayList<>();
    for (int s = 0; s < 5; s++) {
      intervals.add(second(s, 1000 + s, 3_000));
    }
    ScenarioResult withSeconds = withTimeline(ReportGoldenTest.report().results().get(0),
        LagTimeline.of(intervals, WRITE_START_MS, WRITE_START_MS + 2_000));
    ScenarioResult without = ReportGoldenTest.report().results().get(1);

    List<String> files = ResultCharts.writeOverTime(List.of(withSeconds, without), dir);

    assertThat(files).containsExactly("paper-p4-c1-lag-over-time.png", "paper-p4-c1-lag-over-time-rows.png");
    assertThat(files).allSatisfy(f -> assertThat(Files.size(dir.resolve(f))).isPositive());
    assertThat(ResultCharts.lagOverTime(withSeconds).getTitle()).endsWith(": sync lag over time");
    assertThat(ResultCharts.lagOverTime(withSeconds).getSeriesMap()).containsKeys("p50", "p99", "p99.9", "warm-up ends");
    assertThat(ResultCharts.rowsOverTime(withSeconds).getTitle()).endsWith(": rows synchronized over time");
  }

  @Test
  void aScenarioWhoseRowsAllArrivedInOneSecondGetsItsChartsToo() throws Exception {
    ScenarioResult burst = withTimeline(ReportGoldenTest.report().results().get(0),
        LagTimeline.of(List.of(second(3, 4_000, 900_000)), WRITE_START_MS, WRITE_START_MS + 1_000));

    List<String> files = ResultCharts.writeOverTime(List.of(burst), dir);

    assertThat(files).containsExactly("paper-p4-c1-lag-over-time.png", "paper-p4-c1-lag-over-time-rows.png");
    assertThat(files).allSatisfy(f -> assertThat(Files.size(dir.resolve(f))).isGreaterThan(1000));
    assertThat(ResultCharts.lagOverTime(burst).getSeriesMap().get("p99").getXData()).containsExactly(3.0);
  }

  private static ScenarioResult withTimeline(ScenarioResult r, LagTimeline timeline) {
    return new ScenarioResult(r.setup(), r.writing(), r.check(), r.rates(), r.sync(), r.consumerUse(), r.lag(),
        r.mockCpuCores(), r.errors(), r.lostConsumers(), r.hosts(), timeline);
  }

  private static Histogram second(int second, int rows, long lagMicros) {
    Histogram h = HdrLogs.newHistogram();
    h.setStartTimeStamp(WRITE_START_MS + second * 1000L);
    h.setEndTimeStamp(WRITE_START_MS + second * 1000L + 1000);
    h.recordValueWithCount(lagMicros, rows);
    return h;
  }
}
