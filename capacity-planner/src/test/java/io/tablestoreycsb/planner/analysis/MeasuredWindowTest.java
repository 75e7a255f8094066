package io.tablestoreycsb.planner.analysis;

import io.tablestoreycsb.planner.runner.ProcessUse;
import io.tablestoreycsb.planner.runner.RunnerTimes;
import io.tablestoreycsb.planner.runner.RunnerHost;
import io.tablestoreycsb.planner.runner.KeySlice;
import io.tablestoreycsb.planner.runner.CellShape;
import io.tablestoreycsb.planner.runner.CellKey;
import io.tablestoreycsb.planner.text.VerdictText;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tablestoreycsb.kit.hdr.HdrLogs;
import io.tablestoreycsb.planner.runner.RunnerRecord;
import io.tablestoreycsb.planner.ycsb.YcsbOutput;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * Runners that start apart share a service that serves a fixed number of requests per second between
 * whoever is running. Their interval logs are built here the way YCSB writes them (one interval per
 * status tick on each runner's own clock), and the cell is measured from them.
 */
class MeasuredWindowTest {
  private static final double CAPACITY = 1000; // requests per second, shared by the running runners
  private static final long T0 = 1_700_000_000_000L;

  @Test
  void staggeredRunnersAreMeasuredOverTheTimeTheyAllRanAndStayWithinTheCapacity() {
    // Five runners started 0.7 s apart, each running 8 s and ticking every second from its own start.
    List<RunnerResult> runners = staggered(5, 700, 8);

    CellResult row = CellAnalyzer.analyze(runners);
    MeasuredWindow window = MeasuredWindow.of(runners);

    assertThat(window.common()).isTrue();
    // Steady spans: each runner's 2nd to 7th second; all five cover [3.8 s, 7.0 s] after T0.
    assertThat(window.startEpochMs()).isEqualTo(T0 + 4 * 700 + 1000);
    assertThat(window.endEpochMs()).isEqualTo(T0 + 7000);
    assertThat(window.startSkewMs()).isEqualTo(4 * 700);
    assertThat(window.warmupSeconds()).isCloseTo(3.8, within(1e-9));
    assertThat(row.rates().qpsRows()).isCloseTo(CAPACITY, within(CAPACITY * 0.01));
    assertThat(row.window().seconds()).isCloseTo(3.2, within(1e-9));
    // The old way, each runner's rate over its own steady span, summed, claims more than the
    // service served, beyond the 5% a planner would tolerate.
    assertThat(sumOfOwnWindows(runners)).isGreaterThan(CAPACITY * 1.05);
  }

  @Test
  void runnersStartedTogetherAreMeasuredOverAlmostTheirWholeSteadySpan() {
    List<RunnerResult> runners = staggered(5, 0, 10);

    CellResult row = CellAnalyzer.analyze(runners);

    assertThat(row.window().seconds()).isCloseTo(8.0, within(1e-9));
    assertThat(row.window().startSkewMs()).isZero();
    assertThat(row.rates().qpsRows()).isCloseTo(CAPACITY, within(CAPACITY * 0.01));
    assertThat(row.rates().requests()).isEqualTo((long) (8 * CAPACITY)); // the eight whole intervals inside
  }

  @Test
  void aWindowOfFewerThanFiveMeanLatenciesIsNoEvidence() {
    // Requests of 1 s (batch writes queued on a partition) in a window of 2 s.
    List<RunnerResult> runners = staggered(5, 0, 4, 1_000_000);
    CellResult row = CellAnalyzer.analyze(runners);
    assertThat(row.window().seconds()).isCloseTo(2.0, within(1e-9));
    assertThat(VerdictText.of(row.verdict())).isEqualTo("unsteady (the 2.0 s window is under 5 mean latencies of 1.00 s; run longer cells)");
  }

  @Test
  void anIntervalStraddlingTheWindowCountsByItsOverlap() {
    MeasuredWindow window = new MeasuredWindow(T0 + 500, T0 + 2500, true, 0, 0);
    assertThat(window.overlap(interval(T0, T0 + 1000, 10, 4000))).isEqualTo(0.5);
    assertThat(window.overlap(interval(T0 + 1000, T0 + 2000, 10, 4000))).isEqualTo(1.0);
    assertThat(window.overlap(interval(T0 + 2500, T0 + 3500, 10, 4000))).isZero();
  }

  @Test
  void anOverlapShorterThanTwoStatusIntervalsIsNoEvidence() {
    // Runners 3.5 s apart, 6 s each: their steady spans [1 s, 5 s] and [4.5 s, 8.5 s] share 0.5 s.
    List<RunnerResult> runners = staggered(2, 3500, 6);
    assertThat(MeasuredWindow.of(runners).common()).isFalse();
    assertThat(VerdictText.of(CellAnalyzer.analyze(runners).verdict())).startsWith("unsteady (no two status intervals");
  }

  @Test
  void runnersThatNeverOverlapAreLabelledUnsteady() {
    // Each runner runs 3 s, the next one starts 5 s later: no instant where both were steady.
    List<RunnerResult> runners = staggered(2, 5000, 3);
    assertThat(MeasuredWindow.of(runners).common()).isFalse();
    assertThat(VerdictText.of(CellAnalyzer.analyze(runners).verdict())).startsWith("unsteady");
  }

  /** Runners i = 0..n-1 start at T0 + i x stagger and run for {@code seconds}, sharing CAPACITY. */
  private static List<RunnerResult> staggered(int n, long staggerMs, int seconds) {
    return staggered(n, staggerMs, seconds, 4000);
  }

  private static List<RunnerResult> staggered(int n, long staggerMs, int seconds, long latencyUs) {
    long[] starts = new long[n];
    for (int i = 0; i < n; i++) {
      starts[i] = T0 + i * staggerMs;
    }
    long end = starts[n - 1] + seconds * 1000L;
    double[][] perMs = new double[n][(int) (end - T0)];
    for (long t = T0; t < end; t++) {
      int active = 0;
      for (int i = 0; i < n; i++) {
        if (t >= starts[i] && t < starts[i] + seconds * 1000L) {
          active++;
        }
      }
      for (int i = 0; i < n; i++) {
        if (t >= starts[i] && t < starts[i] + seconds * 1000L) {
          perMs[i][(int) (t - T0)] = CAPACITY / 1000.0 / active;
        }
      }
    }
    List<RunnerResult> results = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      List<Histogram> intervals = new ArrayList<>();
      for (int k = 0; k < seconds; k++) {
        long s = starts[i] + k * 1000L;
        double count = 0;
        for (long t = s; t < s + 1000; t++) {
          count += perMs[i][(int) (t - T0)];
        }
        intervals.add(interval(s, s + 1000, Math.round(count), latencyUs));
      }
      RunnerRecord record = new RunnerRecord(new CellKey("i", "random-read", 1, 4, ""), new CellShape(n, "READ", 1),
          "p", i, 120, new KeySlice(0, 100), new RunnerHost("host", 8), new RunnerTimes(starts[i] - 2000,
          starts[i] - 500, starts[i], starts[i], starts[i] + seconds * 1000L), new ProcessUse(1.0, 100_000_000L, 0, 0),
          0, null);
      results.add(new RunnerResult(Path.of("runner-" + i), record, YcsbOutput.parse(List.of()), intervals,
          Optional.empty(), Optional.empty(), List.of()));
    }
    return results;
  }

  private static double sumOfOwnWindows(List<RunnerResult> runners) {
    double sum = 0;
    for (RunnerResult r : runners) {
      List<Histogram> steady = r.steadyIntervals();
      double seconds = (r.steadyEndEpochMs() - r.steadyStartEpochMs()) / 1000.0;
      sum += HdrLogs.merge(steady).getTotalCount() / seconds;
    }
    return sum;
  }

  private static Histogram interval(long start, long end, long requests, long latencyUs) {
    Histogram h = HdrLogs.newHistogram();
    if (requests > 0) {
      h.recordValueWithCount(latencyUs, requests);
    }
    h.setStartTimeStamp(start);
    h.setEndTimeStamp(end);
    return h;
  }
}
