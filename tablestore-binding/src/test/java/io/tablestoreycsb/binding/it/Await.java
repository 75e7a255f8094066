package io.tablestoreycsb.binding.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/** Waiting in tests for a counter that the code under test advances, never for a fixed time. */
final class Await {
  private Await() {
  }

  /** Polls {@code counter} until it reaches {@code target}; fails if it has not within a minute. */
  static void atLeast(LongSupplier counter, long target) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
    while (counter.getAsLong() < target) {
      assertThat(System.nanoTime()).as("counter stalled at %d, waiting for %d", counter.getAsLong(), target)
          .isLessThan(deadline);
      Thread.sleep(2);
    }
  }
}
