package io.tablestoreycsb.mock.faults;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class PartitionCapacityTest {

  private static final long MS = 1_000_000L;
  private static final long SECOND = 1_000_000_000L;

  /** A clock that moves only when the test moves it. */
  private final AtomicLong now = new AtomicLong(5 * SECOND);

  private PartitionCapacity capacity(double rowsPerSecond, long burstNanos) {
    return new PartitionCapacity(rowsPerSecond, burstNanos, now::get);
  }

  @Test
  void belowTheRateNothingWaits() {
    PartitionCapacity c = capacity(1000, 0);

    for (int i = 0; i < 100; i++) {
      assertThat(c.reserve("t", 0, 1)).isLessThanOrEqualTo(1 * MS);
      now.addAndGet(2 * MS); // one row every 2 ms against 1 row per ms
      assertThat(c.reserve("t", 0, 1)).isEqualTo(1 * MS);
      now.addAndGet(2 * MS);
    }
  }

  @Test
  void aBacklogQueuesSoTheLastOfNRowsWaitsNOverR() {
    PartitionCapacity c = capacity(20_000, 0); // 50 us per row

    long lastWait = 0;
    for (int i = 0; i < 10_000; i++) {
      lastWait = c.reserve("t", 0, 1);
    }
    // 10000 rows at 20000 rows/s are all served half a second after they arrive together.
    assertThat(lastWait).isEqualTo(SECOND / 2);
  }

  @Test
  void aRequestsRowsOnOnePartitionCostHalfARowForTheRequestAndHalfARowEach() {
    PartitionCapacity c = capacity(1000, 0);

    // 200 rows of one batch: 0.5 + 200 x 0.5 = 100.5 ms of the partition; 100 more: 50.5 ms.
    assertThat(c.reserve("t", 0, 200)).isEqualTo(100_500_000L);
    assertThat(c.reserve("t", 0, 100)).isEqualTo(151 * MS);
    now.addAndGet(150 * MS);
    // A single row costs exactly one row's time.
    assertThat(c.reserve("t", 0, 1)).isEqualTo(2 * MS);
  }

  @Test
  void aBatchSpreadOverSixteenPartitionsCostsMoreThanTheSameRowsOnOne() {
    PartitionCapacity c = capacity(1000, 0);

    long grouped = c.costNanos(200);
    long spread = 0;
    for (int p = 0; p < 16; p++) {
      spread += c.costNanos(p < 8 ? 13 : 12); // 200 rows, 12 or 13 on each partition
    }
    // Each partition it touches charges the request's half row: 16 x 0.5 + 200 x 0.5 = 108 ms, not 100.5.
    assertThat(grouped).isEqualTo(100_500_000L);
    assertThat(spread).isEqualTo(108 * MS);
  }

  @Test
  void anIdlePartitionLetsABurstThroughAndBanksNoMore() {
    PartitionCapacity c = capacity(1000, 10 * MS);

    // 19 rows in one request take 0.5 + 9.5 = 10 ms: exactly the burst.
    assertThat(c.reserve("t", 0, 19)).isZero();
    assertThat(c.reserve("t", 0, 19)).isEqualTo(10 * MS);

    now.addAndGet(SECOND); // a long pause banks only the 10 ms burst, not a second's worth
    assertThat(c.reserve("t", 0, 19)).isZero();
    assertThat(c.reserve("t", 0, 1)).isEqualTo(1 * MS);
  }

  @Test
  void sustainedLoadIsServedAtExactlyTheRate() {
    PartitionCapacity c = capacity(5000, 10 * MS);

    // Offer 5 rows every 0.5 ms for one simulated second; each 5-row request takes 0.5 + 2.5 = 3 row
    // times (0.6 ms at 5000 rows/s), more than the 0.5 ms between them, so the partition is busy
    // throughout and the last request completes 2000 x 0.6 ms = 1.2 s in (less the 10 ms burst).
    long start = now.get();
    long lastCompletion = 0;
    for (int i = 0; i < 2000; i++) {
      lastCompletion = now.get() + c.reserve("t", 0, 5);
      now.addAndGet(500_000);
    }
    double seconds = (lastCompletion - start) / 1e9;
    assertThat(seconds).isBetween(1.2 - 0.011, 1.2);
  }

  @Test
  void partitionsAndTablesAreIndependent() {
    PartitionCapacity c = capacity(1000, 0);

    // 100 rows in one request: 50.5 ms of its partition.
    assertThat(c.reserve("t", 0, 100)).isEqualTo(50_500_000L);
    assertThat(c.reserve("t", 1, 100)).isEqualTo(50_500_000L);
    assertThat(c.reserve("u", 0, 100)).isEqualTo(50_500_000L);
    assertThat(c.reserve("t", 0, 100)).isEqualTo(101 * MS);
  }

  @Test
  void concurrentReservationsNeverDoubleBook() throws Exception {
    PartitionCapacity c = capacity(1000, 0); // 1 ms per row, clock frozen
    int threads = 8;
    int perThread = 5_000;
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    CountDownLatch go = new CountDownLatch(1);
    try {
      List<Future<List<Long>>> results = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        Callable<List<Long>> task = () -> {
          go.await();
          List<Long> waits = new ArrayList<>(perThread);
          for (int i = 0; i < perThread; i++) {
            waits.add(c.reserve("t", 3, 1));
          }
          return waits;
        };
        results.add(pool.submit(task));
      }
      go.countDown();
      List<Long> all = new ArrayList<>();
      for (Future<List<Long>> f : results) {
        all.addAll(f.get());
      }
      // Every reservation got its own 1 ms slot: the waits are exactly 1, 2, ..., N ms.
      assertThat(all).hasSize(threads * perThread).doesNotHaveDuplicates();
      assertThat(all.stream().mapToLong(Long::longValue).max().getAsLong())
          .isEqualTo(threads * perThread * MS);
      assertThat(all).allMatch(w -> w % MS == 0 && w >= MS);
    } finally {
      pool.shutdownNow();
    }
  }

  @Test
  void idlePartitionsAreForgottenWhenManyAreTracked() {
    PartitionCapacity c = capacity(1000, 0);

    for (int p = 0; p < PartitionCapacity.MAX_TRACKED_PARTITIONS; p++) {
      c.reserve("t", p, 1);
    }
    assertThat(c.trackedPartitions()).isEqualTo(PartitionCapacity.MAX_TRACKED_PARTITIONS);
    c.reserve("busy", 0, 10_000); // still queued when the sweep runs
    now.addAndGet(SECOND);
    c.reserve("u", 0, 1);

    assertThat(c.trackedPartitions()).isEqualTo(2);
    // The queued partition kept its backlog: 5.0005 s of work (10,000 rows in one request), 1 s of it gone.
    assertThat(c.reserve("busy", 0, 1)).isEqualTo(c.costNanos(10_000) - SECOND + MS);
  }

  @Test
  void rejectsNonPositiveRates() {
    assertThatThrownBy(() -> capacity(0, 0)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("positive");
    assertThatThrownBy(() -> capacity(-5, 0)).hasMessageContaining("-5");
  }
}
