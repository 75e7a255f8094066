package io.tablestoreycsb.planner.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** What the progress lines say while runners start, before their first status line, and as cells finish. */
class ProgressTest {
  private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
  private final Progress progress = new Progress(new PrintStream(printed, true, StandardCharsets.UTF_8), Duration.ZERO);

  @Test
  void startingRunnersAreCountedNotShownAsZeroOperations() {
    progress.starting(1, 24, "random-read p=1 threads=2", 3, 5);
    progress.tick(1, 24, "random-read p=1 threads=2", System.nanoTime(), Double.NaN, 120, 24, 5);

    assertThat(lines()).containsExactly("[cell 1/24] random-read p=1 threads=2: starting 5 runners (3 ready)",
        "[cell 1/24] random-read p=1 threads=2: 0s elapsed, runners started, no status line yet, plan 0s elapsed,"
            + " ETA >= 2m00s");
  }

  @Test
  void theEtaIsALowerBoundUntilACellHasShownHowLongStartingAndStoppingTake() {
    long now = System.nanoTime();
    progress.tick(1, 3, "a", now, 100, 30, 3, 10);
    progress.cellFinished(14, 10); // 4 s of start-up and flush beyond its 10 s
    progress.tick(2, 3, "b", now, 100, 20, 2, 10);

    assertThat(lines()[0]).endsWith("100 ops/s now, plan 0s elapsed, ETA >= 30s");
    assertThat(lines()[1]).endsWith("ETA 28s"); // 20 s of cells + 2 x 4 s measured overhead
  }

  private String[] lines() {
    return printed.toString(StandardCharsets.UTF_8).split("\n");
  }
}
