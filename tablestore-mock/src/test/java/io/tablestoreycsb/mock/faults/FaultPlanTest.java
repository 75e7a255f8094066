package io.tablestoreycsb.mock.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import io.tablestoreycsb.mock.protocol.OtsException;
import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class FaultPlanTest {

  private static final int DRAWS = 100_000;

  private final AtomicLong clock = new AtomicLong(1_000_000_000L);
  private final SplittableRandom random = new SplittableRandom(7);
  private final FaultPlan plan = new FaultPlan(clock::get, () -> random);

  /** Five standard deviations of a binomial count: a bound a correct plan misses ~1 in 10^6. */
  private static int tolerance(double rate) {
    return (int) Math.ceil(5 * Math.sqrt(DRAWS * rate * (1 - rate)));
  }

  private int requestFaults(FaultPlan p, ActionName action) {
    int n = 0;
    for (int i = 0; i < DRAWS; i++) {
      if (p.requestFault(action) != null) {
        n++;
      }
    }
    return n;
  }

  @Test
  void anEmptyPlanInjectsNothing() {
    FaultPlan empty = FaultPlan.none();

    assertThat(empty.requestFault(ActionName.PUT_ROW)).isNull();
    assertThat(empty.rowFault(ActionName.BATCH_WRITE_ROW)).isNull();
    assertThat(empty.addedLatencyNanos(ActionName.GET_ROW)).isZero();
    assertThat(empty.reserveCapacityNanos("t", 0, 1_000_000)).isZero();
    assertThat(empty.describe()).isEqualTo("no faults, no added latency, unlimited partition capacity");
  }

  @Test
  void injectsTheConfiguredErrorAtTheConfiguredRate() {
    plan.addFault(FaultRule.of(ActionName.PUT_ROW, ErrorCode.SERVER_BUSY, 0.05));

    int faults = 0;
    for (int i = 0; i < DRAWS; i++) {
      OtsException e = plan.requestFault(ActionName.PUT_ROW);
      if (e != null) {
        assertThat(e.errorCode()).isEqualTo(ErrorCode.SERVER_BUSY);
        faults++;
      }
    }
    assertThat(faults).isBetween(5000 - tolerance(0.05), 5000 + tolerance(0.05));
    assertThat(plan.injectedFaults()).isEqualTo(faults);
    assertThat(requestFaults(plan, ActionName.GET_ROW)).isZero();
  }

  @Test
  void productionThreadLocalRandomAlsoHitsTheRate() {
    FaultPlan real = FaultPlan.none().addFault(FaultRule.of(ActionName.GET_ROW, ErrorCode.TIMEOUT, 0.2));

    assertThat(requestFaults(real, ActionName.GET_ROW))
        .isBetween(20_000 - tolerance(0.2), 20_000 + tolerance(0.2));
  }

  @Test
  void rateZeroAndOneAreExact() {
    plan.addFault(FaultRule.of(ActionName.GET_ROW, ErrorCode.TIMEOUT, 1)).addFault(FaultRule.of(ActionName.PUT_ROW, ErrorCode.TIMEOUT, 0));

    assertThat(requestFaults(plan, ActionName.GET_ROW)).isEqualTo(DRAWS);
    assertThat(requestFaults(plan, ActionName.PUT_ROW)).isZero();
  }

  @Test
  void rowFaultsApplyOnlyToRowsAndRequestFaultsOnlyToRequests() {
    plan.addFault(FaultRule.onRows(ActionName.BATCH_WRITE_ROW, ErrorCode.SERVER_BUSY, 1));

    assertThat(plan.rowFault(ActionName.BATCH_WRITE_ROW)).isNotNull();
    assertThat(plan.rowFault(ActionName.BATCH_GET_ROW)).isNull();
    assertThat(plan.requestFault(ActionName.BATCH_WRITE_ROW)).isNull();
  }

  @Test
  void rulesForOneActionAreExclusiveOutcomesWhoseRatesAdd() {
    plan.addFault(FaultRule.of(ActionName.PUT_ROW, ErrorCode.SERVER_BUSY, 0.1))
        .addFault(FaultRule.of(ActionName.PUT_ROW, ErrorCode.PARTITION_UNAVAILABLE, 0.2))
        .addFault(FaultRule.onEveryAction(ErrorCode.SERVER_UNAVAILABLE, 0.05));

    Map<ErrorCode, Integer> counts = new EnumMap<>(ErrorCode.class);
    for (int i = 0; i < DRAWS; i++) {
      OtsException e = plan.requestFault(ActionName.PUT_ROW);
      if (e != null) {
        counts.merge(e.errorCode(), 1, Integer::sum);
      }
    }
    assertThat(counts.get(ErrorCode.SERVER_BUSY))
        .isBetween(10_000 - tolerance(0.1), 10_000 + tolerance(0.1));
    assertThat(counts.get(ErrorCode.PARTITION_UNAVAILABLE))
        .isBetween(20_000 - tolerance(0.2), 20_000 + tolerance(0.2));
    assertThat(counts.get(ErrorCode.SERVER_UNAVAILABLE))
        .isBetween(5_000 - tolerance(0.05), 5_000 + tolerance(0.05));
    // Actions without their own rules get only the wildcard's.
    int getRowFaults = requestFaults(plan, ActionName.GET_ROW);
    assertThat(getRowFaults).isBetween(5_000 - tolerance(0.05), 5_000 + tolerance(0.05));
  }

  @Test
  void addingTheSameTargetAgainReplacesItsRate() {
    plan.addFault(FaultRule.of(ActionName.PUT_ROW, ErrorCode.SERVER_BUSY, 1));
    plan.addFault("putrow=otsserverbusy@0");

    assertThat(plan.faults()).hasSize(1);
    assertThat(requestFaults(plan, ActionName.PUT_ROW)).isZero();
  }

  @Test
  void rejectsRatesThatAddUpToMoreThanOne() {
    plan.addFault(FaultRule.of(ActionName.PUT_ROW, ErrorCode.SERVER_BUSY, 0.7));

    assertThatThrownBy(() -> plan.addFault("*=OTSTimeout@0.4"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("fault rates for PutRow add up to 1.1");
    assertThat(plan.faults()).extracting(FaultRule::toString)
        .containsExactly("PutRow=OTSServerBusy@0.7");
  }

  @Test
  void latencyPrefersTheActionsOwnRuleOverTheWildcard() {
    plan.addLatency(LatencyRule.onEveryAction(LatencyRule.fixed(Duration.ofMillis(1))))
        .addLatency(LatencyRule.of(ActionName.GET_ROW, Duration.ofMillis(3)));

    assertThat(plan.addedLatencyNanos(ActionName.GET_ROW)).isEqualTo(3_000_000);
    assertThat(plan.addedLatencyNanos(ActionName.PUT_ROW)).isEqualTo(1_000_000);

    plan.addLatency(LatencyRule.of(ActionName.GET_ROW, Duration.ofMillis(5)));
    assertThat(plan.addedLatencyNanos(ActionName.GET_ROW)).isEqualTo(5_000_000);
    assertThat(plan.latencies()).hasSize(2);
  }

  @Test
  void capacityCanBeSetAndRemovedAtRunTime() {
    plan.setPartitionCapacity(1000);
    plan.reserveCapacityNanos("t", 0, 19); // 10 ms of the partition: uses up the 10 ms burst
    assertThat(plan.reserveCapacityNanos("t", 0, 199)).isEqualTo(100_000_000); // 0.5 + 199 x 0.5 rows' time

    plan.setPartitionCapacity(0);
    assertThat(plan.reserveCapacityNanos("t", 0, 100)).isZero();
    assertThat(plan.partitionCapacity()).isZero();
  }

  @Test
  void rejectsNegativeOrNonFiniteCapacity() {
    assertThatThrownBy(() -> plan.setPartitionCapacity(-1))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining(">= 0");
    assertThatThrownBy(() -> plan.setPartitionCapacity(Double.NaN))
        .hasMessageContaining("partition capacity");
    assertThatThrownBy(() -> plan.setPartitionCapacity(Double.POSITIVE_INFINITY))
        .hasMessageContaining("partition capacity");
  }

  @Test
  void describesEveryActiveRuleAndClearRemovesThem() {
    plan.addFault("PutRow=OTSServerBusy@0.05")
        .addFault("BatchWriteRow.row=OTSServerBusy@0.01")
        .addLatency("GetRow=uniform(1ms,5ms)")
        .setPartitionCapacity(20000);

    assertThat(plan.describe()).isEqualTo(
        "faults: PutRow=OTSServerBusy@0.05, BatchWriteRow.row=OTSServerBusy@0.01\n"
            + "latency: GetRow=uniform(1ms,5ms)\n"
            + "partition capacity: 20000 rows/s per partition (burst 10ms)");
    assertThat(plan.toString()).startsWith("FaultPlan{faults: PutRow=OTSServerBusy@0.05");

    plan.clear();
    assertThat(plan.requestFault(ActionName.PUT_ROW)).isNull();
    assertThat(plan.addedLatencyNanos(ActionName.GET_ROW)).isZero();
    assertThat(plan.partitionCapacity()).isZero();
    assertThat(plan.describe()).startsWith("no faults");
  }

  @Test
  void aBadSpecLeavesThePlanUnchanged() {
    plan.addFault("PutRow=OTSServerBusy@0.05");

    assertThatThrownBy(() -> plan.addFault("PutRow=OTSServerBusy@5"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> plan.addLatency("PutRow=5"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(plan.faults()).extracting(FaultRule::rate).containsExactly(0.05);
    assertThat(plan.latencies()).isEmpty();
  }

  @Test
  void aCopyRestoresTheRulesItWasTakenFrom() {
    plan.addFault(FaultRule.of(ActionName.PUT_ROW, ErrorCode.SERVER_BUSY, 1)).addLatency(LatencyRule.of(ActionName.GET_ROW, Duration.ofMillis(2))).setPartitionCapacity(1000);
    FaultPlan saved = plan.copy();
    plan.reserveCapacityNanos("t", 0, 500);

    plan.clear().addFault(FaultRule.of(ActionName.GET_ROW, ErrorCode.TIMEOUT, 1));
    plan.restore(saved);

    assertThat(plan.describe()).isEqualTo(saved.describe());
    assertThat(plan.requestFault(ActionName.PUT_ROW)).isNotNull();
    assertThat(plan.requestFault(ActionName.GET_ROW)).isNull();
    assertThat(plan.addedLatencyNanos(ActionName.GET_ROW)).isEqualTo(2_000_000);
    // Partitions start afresh: the 500 rows reserved before are forgotten.
    assertThat(plan.reserveCapacityNanos("t", 0, 10)).isZero();
  }

  @Test
  void readersSeeOnlyWholePlansWhileItChanges() throws Exception {
    FaultPlan live = FaultPlan.none();
    AtomicLong wrongOutcomes = new AtomicLong();
    AtomicLong seen = new AtomicLong();
    AtomicBoolean done = new AtomicBoolean();
    Runnable reader = () -> {
      while (!done.get()) {
        OtsException e = live.requestFault(ActionName.PUT_ROW);
        long latency = live.addedLatencyNanos(ActionName.PUT_ROW);
        if (e != null) {
          seen.incrementAndGet();
          if (e.errorCode() != ErrorCode.SERVER_BUSY) {
            wrongOutcomes.incrementAndGet();
          }
        }
        if (latency != 0 && latency != 3_000_000) {
          wrongOutcomes.incrementAndGet();
        }
      }
    };
    Thread[] readers = new Thread[3];
    for (int t = 0; t < readers.length; t++) {
      readers[t] = new Thread(reader);
      readers[t].start();
    }
    for (int i = 0; i < 2_000; i++) {
      live.addFault(FaultRule.of(ActionName.PUT_ROW, ErrorCode.SERVER_BUSY, 1)).addLatency(LatencyRule.onEveryAction(LatencyRule.fixed(Duration.ofMillis(3))));
      live.addFault(FaultRule.of(ActionName.PUT_ROW, ErrorCode.SERVER_BUSY, 0));
      live.clear();
    }
    live.addFault(FaultRule.of(ActionName.PUT_ROW, ErrorCode.SERVER_BUSY, 1));
    while (seen.get() == 0) {
      Thread.onSpinWait(); // until a reader has drawn from a published plan at least once
    }
    done.set(true);
    for (Thread t : readers) {
      t.join();
    }

    assertThat(wrongOutcomes.get()).isZero();
  }

  @Test
  void eachRuleHasItsOwnIdAndCountsTheRequestsItFailed() {
    ActiveRule<FaultRule> put = plan.activateFault(FaultRule.of(ActionName.PUT_ROW, ErrorCode.SERVER_BUSY, 0.5));
    ActiveRule<FaultRule> every = plan.activateFault(FaultRule.onEveryAction(ErrorCode.SERVER_UNAVAILABLE, 0.25));

    int putFailures = requestFaults(plan, ActionName.PUT_ROW);

    assertThat(put.id()).isNotEqualTo(every.id());
    assertThat(put.fired() + every.fired()).isEqualTo(putFailures);
    assertThat(put.fired()).isCloseTo(DRAWS / 2, org.assertj.core.data.Offset.offset((long) tolerance(0.5)));
    assertThat(every.fired()).isCloseTo(DRAWS / 4, org.assertj.core.data.Offset.offset((long) tolerance(0.25)));
  }

  @Test
  void aRuleRemovedByIdNoLongerFiresAndItsIdIsNotReused() {
    ActiveRule<FaultRule> removed = plan.activateFault(FaultRule.of(ActionName.PUT_ROW, ErrorCode.SERVER_BUSY, 1));
    ActiveRule<FaultRule> kept = plan.activateFault(FaultRule.of(ActionName.GET_ROW, ErrorCode.SERVER_BUSY, 1));

    assertThat(plan.removeFault(removed.id())).isTrue();
    ActiveRule<FaultRule> again = plan.activateFault(FaultRule.of(ActionName.PUT_ROW, ErrorCode.SERVER_BUSY, 0));

    assertThat(plan.requestFault(ActionName.PUT_ROW)).isNull();
    assertThat(plan.removeFault(removed.id())).isFalse();
    assertThat(again.id()).isGreaterThan(kept.id());
    assertThat(plan.activeFaults()).extracting(ActiveRule::id).containsExactly(kept.id(), again.id());
  }

  @Test
  void aRestoredPlanKeepsTheIdsAndCountsAfresh() {
    ActiveRule<FaultRule> rule = plan.activateFault(FaultRule.of(ActionName.PUT_ROW, ErrorCode.SERVER_BUSY, 1));
    FaultPlan saved = plan.copy();
    plan.requestFault(ActionName.PUT_ROW);

    plan.restore(saved);

    assertThat(rule.fired()).isEqualTo(1);
    assertThat(plan.activeFaults()).singleElement().satisfies(r -> {
      assertThat(r.id()).isEqualTo(rule.id());
      assertThat(r.fired()).isZero();
    });
    assertThat(plan.activateFault(FaultRule.of(ActionName.GET_ROW, ErrorCode.SERVER_BUSY, 1)).id()).isGreaterThan(rule.id());
  }
}
