package io.tablestoreycsb.planner.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tablestoreycsb.planner.analysis.MeasuredWindow;
import io.tablestoreycsb.planner.analysis.RunnerResult;
import io.tablestoreycsb.planner.runner.CellKey;
import io.tablestoreycsb.planner.runner.RunnerRecord;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** A cell's intervals over its runners: requests split by overlap, latencies merged, never averaged. */
class CellTimelineTest {
  private static final CellKey KEY = new CellKey("mock", "random-read", 1, 1, "");

  @Test
  void eachSlotMergesTheRunnersHistogramsSoItsPercentilesAreThoseOfEveryRequest() {
    // Runner 0: 9,900 requests at 1 ms a second; runner 1: 100 at 100 ms. Averaged p50s would be 50 ms.
    RunnerResult fast = runner(interval(0, 1000, 9900, 1000), interval(1000, 2000, 9900, 1000));
    RunnerResult slow = runner(interval(0, 1000, 100, 100_000), interval(1000, 2000, 100, 100_000));

    CellTimeline t = CellTimeline.of(KEY, List.of(fast, slow));

    assertThat(t.intervals()).hasSize(2);
    for (IntervalFigures f : t.intervals()) {
      assertThat(f.latencyUs().getTotalCount()).isEqualTo(10_000);
      assertThat(f.percentileMs(50)).isCloseTo(1, within(0.01));
      assertThat(f.percentileMs(99.9)).isCloseTo(100, within(0.1));
      assertThat(f.requestsPerSecond()).isCloseTo(10_000, within(1e-6));
    }
  }

  @Test
  void aRunnerTickingHalfAnIntervalLaterCountsItsRequestsInBothSlotsByOverlap() {
    RunnerResult early = runner(interval(0, 1000, 1000, 500), interval(1000, 2000, 1000, 500),
        interval(2000, 3000, 1000, 500));
    RunnerResult late = runner(interval(500, 1500, 400, 500), interval(1500, 2500, 400, 500));

    CellTimeline t = CellTimeline.of(KEY, List.of(early, late));

    assertThat(t.intervals()).extracting(IntervalFigures::requests).containsExactly(1200.0, 1400.0, 1200.0);
    // All requests are kept: 3,000 + 800.
    assertThat(t.intervals().stream().mapToDouble(IntervalFigures::requests).sum()).isEqualTo(3800);
    // A histogram goes whole into the slot of its middle: 1,000 ms and 2,000 ms fall at the start of slots 1 and 2.
    assertThat(t.intervals()).extracting(f -> f.latencyUs().getTotalCount()).containsExactly(1000L, 1400L, 1400L);
  }

  @Test
  void theWindowKeepsTheSlotsAtLeastHalfInsideIt() {
    RunnerResult r = runner(interval(0, 1000, 10, 500), interval(1000, 2000, 10, 500), interval(2000, 3000, 10, 500),
        interval(3000, 4000, 10, 500));
    CellTimeline t = CellTimeline.of(KEY, List.of(r));

    assertThat(t.within(new MeasuredWindow(1400, 3000, true, 1.4, 0))).extracting(IntervalFigures::startEpochMs)
        .containsExactly(1000L, 2000L);
  }

  private static Histogram interval(long start, long end, long count, long latencyUs) {
    Histogram h = new Histogram(3);
    h.recordValueWithCount(latencyUs, count);
    h.setStartTimeStamp(start);
    h.setEndTimeStamp(end);
    return h;
  }

  private static RunnerResult runner(Histogram... intervals) {
    RunnerRecord record = null;
    return new RunnerResult(Path.of("runner"), record, null, List.of(intervals), Optional.empty(), Optional.empty(),
        List.of());
  }
}
