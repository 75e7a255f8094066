package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.planner.local.LocalCellExecutor;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.planner.matrix.Matrix;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Runs every cell of a plan against a running mock, with warm runner JVMs sized for tests (as the commands keep them). */
final class MockPlanRun {
  /** Small runner JVMs that start fast: several run at once on a 2-core machine. */
  static final List<String> SMALL_RUNNERS = List.of("-Xmx128m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1");

  private MockPlanRun() {}

  /**
   * Runs {@code matrix}'s cells against {@code mock} into {@code out} (its properties written to {@code dir}),
   * asserts that none failed, and returns what the plan printed.
   */
  static String run(Matrix matrix, MockTablestore mock, Path dir, Path out) throws IOException, InterruptedException {
    Path props = dir.resolve("mock.properties");
    mock.writeProperties(props);
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    LocalCellExecutor executor = LocalCellExecutor.ofThisJvm().keepingRunnersWarm(dir.resolve("runners"));
    Plan plan = new Plan(matrix, new RunnerSpecFactory(matrix, props, SMALL_RUNNERS),
        executor, new BindingTableAdmin(props), out,
        new Progress(new PrintStream(log, true, StandardCharsets.UTF_8), Duration.ofSeconds(5)));
    int failed;
    try {
      failed = plan.run(CellOrder.of(matrix, CellFilter.ALL, null));
    } finally {
      executor.close();
    }
    String output = log.toString(StandardCharsets.UTF_8);
    assertThat(failed).as(output).isZero();
    return output;
  }
}
