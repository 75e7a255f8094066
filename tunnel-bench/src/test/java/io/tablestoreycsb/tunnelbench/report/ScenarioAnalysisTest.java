package io.tablestoreycsb.tunnelbench.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tablestoreycsb.tunnelbench.child.ConsumerResult;
import io.tablestoreycsb.tunnelbench.child.Sample;
import io.tablestoreycsb.tunnelbench.child.WriterResult;
import io.tablestoreycsb.tunnelbench.scenario.Scenario;
import java.time.Duration;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

/**
 * A scenario's row from what its processes left: two consumers, one of which was handed some rows
 * twice, and ten written rows that never arrived.
 */
class ScenarioAnalysisTest {
  private static final long T0 = 1_700_000_000_000L;
  private static final Scenario SCENARIO = new Scenario("test", 2, 2, new Scenario.Settings(Duration.ofSeconds(4),
      Duration.ofSeconds(1), 1, 0, 100, 220, Duration.ofSeconds(10), 0));

  @Test
  void missingRowsFailTheScenarioAndTheLagIsOneHistogramOfEveryRowNotAnAverageOfTheConsumers() {
    // Consumer A was handed rows 0..59 plus ten of them again, 70 records, each 10 ms after its acknowledgement;
    // consumer B rows 50..89, 40 records, each 1 s after. Rows 90..99 never arrived.
    ScenarioAnalysis.ConsumerOutput a = new ScenarioAnalysis.ConsumerOutput(
        new ConsumerResult(70, 60, 0, 0, 0, T0 + 500, T0 + 4_500, 0, "host-a", null), "host-a", ConsumedRowCheckTest.rows(0, 60),
        List.of(lag(1, 35, 10_000), lag(3, 35, 10_000)), cpu(0.5));
    ScenarioAnalysis.ConsumerOutput b = new ScenarioAnalysis.ConsumerOutput(
        new ConsumerResult(40, 40, 0, 0, 0, T0 + 1_000, T0 + 4_000, 0, "host-b", null), "host-b", ConsumedRowCheckTest.rows(50, 90),
        List.of(lag(2, 40, 1_000_000)), cpu(0.25));
    WriterResult writer = new WriterResult(100, 1, 0, 0, null, T0, T0 + 4_000);

    ScenarioResult r = ScenarioAnalysis.analyse(SCENARIO, T0, writer, ConsumedRowCheckTest.rows(0, 100), List.of(a, b),
        List.of(), List.of(), List.of());

    assertThat(r.passed()).isFalse();
    assertThat(r.check().missing()).isEqualTo(10);
    assertThat(r.check().duplicates()).as("70 + 40 handed, 90 distinct").isEqualTo(20);
    assertThat(r.syncSeconds()).isEqualTo(4.0);
    // 110 lags: 70 of 10 ms, 40 of 1 s. The median is 10 ms and the 99th percentile 1 s; an average of the two
    // consumers' percentiles would say about 505 ms for both.
    assertThat(r.lag().lagP50Ms()).isCloseTo(10, within(0.1));
    assertThat(r.lag().lagP99Ms()).isCloseTo(1000, within(1.0));
    // CPU: 0.5 + 0.25 cores over the whole window.
    assertThat(r.consumerCpuCores()).isCloseTo(0.75, within(0.01));
    assertThat(r.consumerUse().consumerCpuMicrosPerRow()).isCloseTo(0.75 * 4 * 1e6 / 90, within(1.0));
    assertThat(r.mockCpuCores()).as("no embedded mock").isNaN();
    assertThat(r.boundBy()).as("the last row came 0.5 s after the last write").isEqualTo(BoundBy.WRITERS);
    // per host: each consumer's own figures over the same window, and they add up to the totals
    assertThat(r.hosts()).extracting(HostFigures::host).containsExactly("host-a", "host-b");
    assertThat(r.hosts().get(0).cpuCores()).isCloseTo(0.5, within(0.01));
    assertThat(r.hosts().get(1).cpuCores()).isCloseTo(0.25, within(0.01));
    assertThat(r.hosts().get(0).rowsPerSecond()).as("70 records in 4 s").isCloseTo(17.5, within(0.01));
    assertThat(r.hosts().get(1).msPer1000Rows()).as("40 records in 4 s").isCloseTo(100_000, within(1.0));

    String md = ReportFiles.markdown(new BenchReport(new RunFacts("t", java.util.Map.of()), List.of(r), List.of(),
        List.of()), List.of());
    assertThat(md).contains("10 of 100 written rows MISSING; 20 duplicates");
  }

  @Test
  void aConsumerLostMidRunCountsItsStoredRowsOnItsHostAndTheRowsHandedAgainAsDuplicates() {
    // Consumer B was lost after storing rows 0..59 (no result of its own; its samples end at T0 + 2 s); A took its
    // channels over from their checkpoint and was handed rows 40..99: rows 40..59 twice in all.
    ScenarioAnalysis.ConsumerOutput a = new ScenarioAnalysis.ConsumerOutput(
        new ConsumerResult(60, 60, 0, 0, 0, T0 + 3_000, T0 + 4_000, 0, "node-a", null), "node-a",
        ConsumedRowCheckTest.rows(40, 100), List.of(lag(3, 60, 10_000)), cpu(0.5));
    List<Sample> lostSamples = List.of(new Sample(T0, 0, 1.0, 0, 100), new Sample(T0 + 1_000, 30, 1.2, 0, 100),
        new Sample(T0 + 2_000, 60, 1.4, 0, 100));
    ScenarioAnalysis.ConsumerOutput b = new ScenarioAnalysis.ConsumerOutput(null, "node-b",
        ConsumedRowCheckTest.rows(0, 60), List.of(), lostSamples);
    WriterResult writer = new WriterResult(100, 1, 0, 0, null, T0, T0 + 3_500);

    ScenarioResult r = ScenarioAnalysis.analyse(SCENARIO, T0, writer, ConsumedRowCheckTest.rows(0, 100), List.of(a, b),
        List.of(), List.of(), List.of(new LostConsumer("consumer-1",
            "pod p-1 on node-b, phase Failed, OOMKilled (exit code 137)")));

    assertThat(r.passed()).as("every written row consumed, on one host or the other").isTrue();
    assertThat(r.check().duplicates()).isEqualTo(20);
    assertThat(r.syncSeconds()).as("from B's first row (its samples) to A's last").isCloseTo(3.97, within(0.01));
    assertThat(r.hosts()).extracting(HostFigures::host).containsExactly("node-a", "node-b");
    assertThat(r.hosts().get(1).rowsHanded()).as("B's rows up to its last sample").isEqualTo(60);
    assertThat(r.lostConsumers()).extracting(LostConsumer::consumer).containsExactly("consumer-1");
    String md = ReportFiles.markdown(new BenchReport(new RunFacts("t", java.util.Map.of()), List.of(r), List.of(),
        List.of()), List.of());
    assertThat(md).contains("## Consumers lost while syncing").contains("- 2 consumers, 2 partitions: consumer-1: pod"
        + " p-1 on node-b, phase Failed, OOMKilled (exit code 137) (every written row was still consumed)");
  }

  /** {@code count} lags of {@code micros} in second {@code s} of the run. */
  private static Histogram lag(int s, int count, long micros) {
    Histogram h = new Histogram(3);
    h.setStartTimeStamp(T0 + s * 1000L);
    h.setEndTimeStamp(T0 + s * 1000L + 1000);
    h.recordValueWithCount(micros, count);
    return h;
  }

  /** Samples of a process using {@code cores} steadily from T0 to T0 + 5 s. */
  private static List<Sample> cpu(double cores) {
    return List.of(new Sample(T0, 0, 1.0, 0, 100), new Sample(T0 + 5_000, 0, 1.0 + 5 * cores, 0, 200));
  }
}
