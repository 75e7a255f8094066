package io.tablestoreycsb.tunnelbench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/** Steady and peak rows per second from the consumers' per-second intervals. */
class SyncRatesTest {
  private static final long T0 = 1_700_000_000_000L;

  @Test
  void intervalsOfTwoConsumersAddUpPerSecondAndTheSteadyRateIsTheirMedian() {
    List<Histogram> intervals = new ArrayList<>();
    long[] first = {500, 1000, 1000, 1200, 900, 300};
    long[] second = {500, 1000, 1100, 1000, 1000, 200};
    for (int s = 0; s < first.length; s++) {
      intervals.add(second(s, first[s]));
      intervals.add(second(s, second[s]));
    }
    // Syncing ran from 0.4 s into the first second to 0.5 s into the last: both are cut, left out.
    SyncRates r = SyncRates.of(intervals, T0, T0 + 400, T0 + 5_500, 10_700, 1);

    // Whole seconds 1..4: 2000, 2100, 2200, 1900 rows.
    assertThat(r.windows()).isEqualTo(4);
    assertThat(r.steady()).isEqualTo(2050);
    assertThat(r.peak()).isEqualTo(2200);
    assertThat(r.average()).isEqualTo(10_700 * 1000.0 / 5_100);
    assertThat(r.msPer1000Rows()).isEqualTo(1_000_000.0 / 2050);
  }

  @Test
  void secondsBeforeTheWarmUpEndsAndSecondsWithNoRowAreHandledAsTheyShouldBe() {
    List<Histogram> intervals = new ArrayList<>();
    intervals.add(second(1, 5000)); // inside the warm-up: left out
    intervals.add(second(2, 800));
    intervals.add(second(4, 800)); // second 3 had no row at all: counts as 0
    SyncRates r = SyncRates.of(intervals, T0 + 2000, T0, T0 + 5000, 6600, 1);

    assertThat(r.windows()).isEqualTo(3);
    assertThat(r.steady()).isEqualTo(800);
    assertThat(r.peak()).isEqualTo(800);
  }

  @Test
  void aWindowTooShortForAWholeSecondFallsBackToTheAverage() {
    SyncRates r = SyncRates.of(List.of(second(0, 300)), T0, T0 + 100, T0 + 700, 300, 1);

    assertThat(r.windows()).isZero();
    assertThat(r.steady()).isEqualTo(500);
    assertThat(r.peak()).isEqualTo(500);
  }

  @Test
  void likeThePapersRateCounterWindowsOfFiveSecondsSmoothACaughtUpConsumersBursts() {
    // A consumer that reads every 2 s: 8,000 rows in one second, none in the next.
    List<Histogram> intervals = new ArrayList<>();
    for (int s = 0; s < 12; s++) {
      intervals.add(second(s, s % 2 == 0 ? 8000 : 0));
    }
    SyncRates perSecond = SyncRates.of(intervals, T0, T0 - 1, T0 + 12_000, 48_000, 1);
    SyncRates fiveSeconds = SyncRates.of(intervals, T0, T0 - 1, T0 + 12_000, 48_000, 5);

    assertThat(perSecond.steady()).as("single seconds: half of them empty").isEqualTo(4000);
    assertThat(perSecond.peak()).isEqualTo(8000);
    // Windows 0-5 s (3 bursts) and 5-10 s (2 bursts); 10-15 s is cut by the end.
    assertThat(fiveSeconds.windows()).isEqualTo(2);
    assertThat(fiveSeconds.peak()).isEqualTo(4800);
    assertThat(fiveSeconds.steady()).isEqualTo(4000);
  }

  private static Histogram second(int s, long rows) {
    Histogram h = new Histogram(3);
    h.setStartTimeStamp(T0 + s * 1000L);
    h.setEndTimeStamp(T0 + s * 1000L + 1000);
    h.recordValueWithCount(1000, rows);
    return h;
  }
}
