package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.planner.local.LocalCellExecutor;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.MeasuredWindow;
import io.tablestoreycsb.planner.analysis.RunnerResult;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.matrix.MatrixParser;
import io.tablestoreycsb.planner.report.ReportData;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The figure a planner signs: runners that start apart against a mock partition that serves a fixed
 * number of rows per second. Measured over the window all runners covered, the cell stays within the
 * capacity; each runner's rate over its own window, summed, would not.
 */
class StartSkewMockTest {
  private static final Path WORKLOADS = Path.of("..", "workloads").toAbsolutePath().normalize();
  // Low enough that one runner alone saturates the partition even on a busy machine.
  private static final double CAPACITY = 300; // rows per second of the one partition
  /** Stated in docs/reading-the-report.md: a cell may exceed the service's rate by this much, no more. */
  private static final double TOLERANCE = 0.05;
  private static final Duration SKEW = Duration.ofMillis(3000);

  @Test
  void skewedRunnersAreMeasuredOverTheirCommonWindowAndStayWithinThePartitionCapacity(@TempDir Path dir)
      throws Exception {
    Path matrixFile = dir.resolve("matrix");
    Files.writeString(matrixFile, String.join("\n",
        "[plan]", "instance-type = mock", "runners = 3", "partitions = 1", "rows-per-partition = 300",
        "load-threads = 2", "load-workload = " + WORKLOADS.resolve("tablestore-batch-write"),
        "property.fieldcount = 2", "property.fieldlength = 50",
        "[case random-read]", "workload = " + WORKLOADS.resolve("tablestore-random-read"),
        "phase = run", "measure = READ", "threads = 4", "duration = 15s", ""));
    Matrix matrix = MatrixParser.parse(matrixFile);
    Path out = dir.resolve("out");
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    try (MockTablestore mock = MockTablestore.builder().partitionCapacity(CAPACITY).start()) {
      Path props = dir.resolve("mock.properties");
      mock.writeProperties(props);
      // Runner i starts i x 3 s after runner 0: the first runner has the partition to itself at first,
      // the last one at the end.
      Plan plan = new Plan(matrix, new RunnerSpecFactory(matrix, props, List.of("-Xmx128m")),
          LocalCellExecutor.ofThisJvm(SKEW), new BindingTableAdmin(props), out,
          new Progress(new PrintStream(log, true, StandardCharsets.UTF_8), Duration.ofSeconds(1)));
      int failed = plan.run(CellOrder.of(matrix, CellFilter.ALL, null));
      String output = log.toString(StandardCharsets.UTF_8);
      assertThat(failed).as(output).isZero();
      // Progress tells that runners are starting before it counts operations.
      assertThat(output).contains("starting 3 runners (");
    }

    Path cell = out.resolve("mock/p1/random-read/t4");
    List<RunnerResult> runners = new ArrayList<>();
    for (int r = 0; r < 3; r++) {
      runners.add(RunnerResult.read(cell.resolve("runner-" + r)));
    }
    // Each runner started at its own instant, 3 s after the one before (to within scheduling noise).
    List<Long> started = runners.stream().map(r -> r.record().times().releasedEpochMs()).toList();
    assertThat(started.get(1) - started.get(0)).isBetween(2900L, 3300L);
    assertThat(started.get(2) - started.get(1)).isBetween(2900L, 3300L);

    CellResult row = ReportData.collect(List.of(out)).rows().get(0);
    MeasuredWindow window = MeasuredWindow.of(runners);
    String spans = runners.stream().map(r -> r.intervals().stream()
        .map(h -> (h.getStartTimeStamp() - started.get(0)) + ".." + (h.getEndTimeStamp() - started.get(0)) + ":"
            + h.getTotalCount()).toList().toString()).toList().toString();
    assertThat(window.common()).as("intervals (ms after runner 0 started): %s", spans).isTrue();
    assertThat(row.window().seconds()).isEqualTo(window.seconds()).isPositive();
    assertThat(row.window().startSkewMs()).isBetween(5900.0, 6400.0);
    assertThat(row.rates().qpsRows()).as(spans).isPositive().isLessThanOrEqualTo(CAPACITY * (1 + TOLERANCE));
    assertThat(sumOfOwnWindows(runners)).as(spans).isGreaterThan(CAPACITY * (1 + TOLERANCE));
  }

  /** What the report did before: each runner's requests over its own steady span, summed. */
  private static double sumOfOwnWindows(List<RunnerResult> runners) {
    double sum = 0;
    for (RunnerResult r : runners) {
      List<Histogram> intervals = r.intervals();
      List<Histogram> steady = intervals.subList(1, intervals.size() - 1);
      long requests = steady.stream().mapToLong(Histogram::getTotalCount).sum();
      double seconds = (steady.get(steady.size() - 1).getEndTimeStamp() - steady.get(0).getStartTimeStamp()) / 1000.0;
      sum += requests / seconds;
    }
    return sum;
  }

}
