package io.tablestoreycsb.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The round logic with scripted sides: warm-up, alternation, when to stop, reruns, giving up. */
class RoundsTest {
  private static final Rounds.Decider CPU_AT_MOST_1_05 = new Rounds.Decider(Metric.CLIENT_CPU, Ratio.Goal.AT_MOST, 1.05);

  /** A run of one second at {@code rate} ops/s costing {@code micros} of client CPU each, with {@code failures}. */
  private static SideRun sample(double rate, double micros, long failures) {
    long ops = Math.round(rate);
    return new SideRun(ops, 1.0, ops * micros / 1e6, Double.NaN, 0, Double.NaN, ops + failures, failures,
        failures > 0 ? "ClientException: Connection closed" : null);
  }

  private static SideRun sample(double rate, double micros) {
    return sample(rate, micros, 0);
  }

  /** Serves the given samples in order, then repeats the last one; records the order of calls. */
  private static final class ScriptedSide implements Rounds.Side {
    private final String label;
    private final List<String> log;
    private final Iterator<SideRun> script;
    private SideRun last;

    ScriptedSide(String label, List<String> log, SideRun... samples) {
      this.label = label;
      this.log = log;
      this.script = List.of(samples).iterator();
    }

    @Override
    public SideRun run(double seconds) {
      log.add(label);
      if (script.hasNext()) {
        last = script.next();
      }
      return last;
    }
  }

  private static Rounds.Plan plan(int min, int max) {
    return new Rounds.Plan(min, max, 0, 0, 6);
  }

  @Test
  void warmUpContinuesWhileEitherSidesRateOrCpuIsStillMoving() throws Exception {
    List<String> log = new ArrayList<>();
    // A's rate settles at the third pair, but its CPU per op only at the fourth.
    ScriptedSide a = new ScriptedSide("a", log, sample(10, 90), sample(30, 60), sample(50, 45), sample(52, 40), sample(52, 39));
    ScriptedSide b = new ScriptedSide("b", log, sample(20, 80), sample(40, 50), sample(55, 40), sample(56, 40), sample(56, 40));

    int pairs = Rounds.warmUp("test", a, b, 0, 6, Metric.CLIENT_CPU, new ErrorBudget("test"));

    assertThat(pairs).isEqualTo(5);
    assertThat(log).hasSize(10);
  }

  /** A steady run against a watched server whose compiler threads used {@code jitCores}. */
  private static SideRun serverSample(double jitCores) {
    return new SideRun(100, 1.0, 100 * 50 / 1e6, 100 * 60 / 1e6, 0, jitCores, 100, 0, null);
  }

  @Test
  void warmUpContinuesWhileAWatchedServerIsStillCompiling() throws Exception {
    List<String> log = new ArrayList<>();
    // Rates and CPU per op steady from the start, but A's server compiles until its fourth pair.
    ScriptedSide a = new ScriptedSide("a", log, serverSample(0.5), serverSample(0.4), serverSample(0.2), serverSample(0.01));
    ScriptedSide b = new ScriptedSide("b", log, serverSample(0.0));

    int pairs = Rounds.warmUp("test", a, b, 0, 6, Metric.SERVER_CPU, new ErrorBudget("test"));

    assertThat(pairs).isEqualTo(4);
  }

  @Test
  void warmUpStopsAtItsCapOnARateThatNeverSettles() throws Exception {
    List<String> log = new ArrayList<>();
    SideRun[] swings = {sample(10, 50), sample(20, 50), sample(10, 50), sample(20, 50), sample(10, 50), sample(20, 50)};
    ScriptedSide a = new ScriptedSide("a", log, swings);
    ScriptedSide b = new ScriptedSide("b", log, swings);

    assertThat(Rounds.warmUp("test", a, b, 0, 4, Metric.CLIENT_CPU, new ErrorBudget("test"))).isEqualTo(4);
  }

  @Test
  void roundsAlternateTheOrderAndStopAtTheMinimumOnceTheIntervalDecides() throws Exception {
    List<String> log = new ArrayList<>();
    ScriptedSide a = new ScriptedSide("a", log, sample(90, 33.0), sample(90, 33.0), sample(90, 33.3), sample(90, 32.7),
        sample(90, 33.1), sample(90, 32.9));
    ScriptedSide b = new ScriptedSide("b", log, sample(100, 30.0));

    Comparison c = Rounds.compare("test", "a", a, "b", b, plan(4, 10), CPU_AT_MOST_1_05);

    // two steady warm-up pairs, then A B, B A, A B, B A
    assertThat(log).containsExactly("a", "b", "a", "b", "a", "b", "b", "a", "a", "b", "b", "a");
    assertThat(c.rounds()).isEqualTo(4);
    RatioInterval cpu = c.estimate(Metric.CLIENT_CPU);
    assertThat(cpu.value()).isBetween(1.09, 1.11);
    assertThat(cpu.verdict(Ratio.Goal.AT_MOST, 1.05)).isEqualTo(RatioInterval.Verdict.FAIL);
    assertThat(c.estimate(Metric.THROUGHPUT).value()).isBetween(0.899, 0.901);
  }

  @Test
  void aReferenceSideRunsInEveryWarmUpAndRoundAroundTheOtherTwoAndGivesItsOwnRatio() throws Exception {
    List<String> log = new ArrayList<>();
    ScriptedSide a = new ScriptedSide("a", log, sample(90, 33));
    ScriptedSide b = new ScriptedSide("b", log, sample(100, 30));
    ScriptedSide c = new ScriptedSide("c", log, sample(200, 11));

    Comparison comparison = Rounds.compare("test", "a", a, "b", b, "c", c, plan(4, 10), CPU_AT_MOST_1_05);

    // two steady warm-up triples, then A B C, C B A, A B C, C B A: A and B always next to each other
    assertThat(log).containsExactly("a", "b", "c", "a", "b", "c", "a", "b", "c", "c", "b", "a", "a", "b", "c", "c", "b",
        "a");
    assertThat(comparison.rounds()).as("stopped on A/B's verdict").isEqualTo(4);
    assertThat(comparison.estimate(Metric.CLIENT_CPU).value()).isCloseTo(1.1, within(1e-9));
    Comparison againstC = comparison.againstReference("a-vs-c");
    assertThat(againstC.rounds()).isEqualTo(4);
    assertThat(againstC.estimate(Metric.CLIENT_CPU).value()).isCloseTo(3.0, within(1e-9));
    assertThat(againstC.estimate(Metric.THROUGHPUT).value()).isCloseTo(0.45, within(1e-9));
    assertThat(comparison.detailLine()).contains("| c: 200 ops/s, client 11.00 us/op");
  }

  @Test
  void aFailedCallOfTheReferenceSideRunsTheRoundAgain() throws Exception {
    List<String> log = new ArrayList<>();
    ScriptedSide a = new ScriptedSide("a", log, sample(100, 30));
    ScriptedSide b = new ScriptedSide("b", log, sample(100, 30));
    ScriptedSide c = new ScriptedSide("c", log, sample(100, 10), sample(100, 10), sample(100, 10, 1), sample(100, 10));

    Comparison comparison = Rounds.compare("test", "a", a, "b", b, "c", c, plan(2, 2), CPU_AT_MOST_1_05);

    assertThat(comparison.reruns()).isEqualTo(1);
    assertThat(comparison.againstReference("a-vs-c").runsB()).allMatch(s -> !s.failed());
    assertThat(comparison.againstReference("a-vs-c").reruns()).isEqualTo(1);
  }

  @Test
  void aComparisonOfTwoSidesHasNoReference() throws Exception {
    ScriptedSide a = new ScriptedSide("a", new ArrayList<>(), sample(100, 30));
    Comparison comparison = Rounds.compare("test", "a", a, "b", a, plan(2, 2), CPU_AT_MOST_1_05);

    assertThatThrownBy(() -> comparison.againstReference("a-vs-c")).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("ran no reference side");
  }

  @Test
  void roundsContinueWhileTheIntervalStraddlesTheGoalUpToTheMaximum() throws Exception {
    List<String> log = new ArrayList<>();
    // CPU ratios swinging 0.95 / 1.15 around the goal of 1.05: never decided.
    ScriptedSide a = new ScriptedSide("a", log, sample(100, 30), sample(100, 30), sample(100, 28.5), sample(100, 34.5),
        sample(100, 34.5), sample(100, 28.5), sample(100, 28.5), sample(100, 34.5), sample(100, 34.5), sample(100, 28.5));
    ScriptedSide b = new ScriptedSide("b", log, sample(100, 30));

    Comparison c = Rounds.compare("test", "a", a, "b", b, plan(3, 8), CPU_AT_MOST_1_05);

    assertThat(c.rounds()).isEqualTo(8);
    assertThat(c.estimate(Metric.CLIENT_CPU).verdict(Ratio.Goal.AT_MOST, 1.05)).isEqualTo(RatioInterval.Verdict.UNDECIDED);
  }

  @Test
  void aRoundWithAFailedCallIsRunAgainAndTheFailedRunIsNotUsed() throws Exception {
    List<String> log = new ArrayList<>();
    ScriptedSide a = new ScriptedSide("a", log, sample(100, 30), sample(100, 30),
        sample(100, 99, 1), // round 1, first attempt: one failure (and an absurd CPU figure)
        sample(100, 30), sample(100, 30), sample(100, 30));
    ScriptedSide b = new ScriptedSide("b", log, sample(100, 30));

    Comparison c = Rounds.compare("test", "a", a, "b", b, plan(3, 3), CPU_AT_MOST_1_05);

    assertThat(c.rounds()).isEqualTo(3);
    assertThat(c.reruns()).isEqualTo(1);
    assertThat(c.keptWithFailures()).isZero();
    assertThat(c.runsA()).allMatch(s -> !s.failed());
    assertThat(c.estimate(Metric.CLIENT_CPU).value()).isEqualTo(1.0);
    assertThat(c.detailLine()).contains("reruns=1").contains("failed=1");
  }

  @Test
  void aRoundThatFailsEveryAttemptIsKeptAfterTheLastAttemptWhileTheRateIsWithinBudget() throws Exception {
    List<String> log = new ArrayList<>();
    // 1 failure in 100,001 calls per run: far below the budget's 1 in 1,000, but in every run.
    ScriptedSide a = new ScriptedSide("a", log, sample(100_000, 30, 1));
    ScriptedSide b = new ScriptedSide("b", log, sample(100_000, 30));

    Comparison c = Rounds.compare("test", "a", a, "b", b, plan(2, 2), CPU_AT_MOST_1_05);

    assertThat(c.rounds()).isEqualTo(2);
    assertThat(c.keptWithFailures()).isEqualTo(2);
    assertThat(c.reruns()).isEqualTo(2 * (Rounds.MAX_ATTEMPTS - 1));
  }

  @Test
  void theComparisonGivesUpPastTheStatedFailureRateSayingWhy() {
    List<String> log = new ArrayList<>();
    // 5 failures in 1,005 calls a run: the budget's minimum of 10 failures is reached in the
    // second warm-up pair (A, B, then A again: 3,010 calls).
    ScriptedSide a = new ScriptedSide("a", log, sample(1000, 30, 5));
    ScriptedSide b = new ScriptedSide("b", log, sample(1000, 30));

    assertThatThrownBy(() -> Rounds.compare("binding-vs-sdk-cpu-read", "a", a, "b", b, plan(3, 5), CPU_AT_MOST_1_05))
        .isInstanceOf(GaveUp.class)
        .hasMessage("gave-up binding-vs-sdk-cpu-read: 10 of 3010 calls failed (limit: 1 in 1000, at least 10); "
            + "first failure: ClientException: Connection closed");
  }

  @Test
  void budgetNeedsBothTheRateAndTheMinimumCount() {
    assertThat(ErrorBudget.exceeded(5_000, 9)).isFalse(); // 0.18% but only 9
    assertThat(ErrorBudget.exceeded(20_000, 10)).isFalse(); // 10 but only 0.05%
    assertThat(ErrorBudget.exceeded(9_000, 10)).isTrue();
  }
}
