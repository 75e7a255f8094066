package io.tablestoreycsb.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.matrix.MatrixParser;
import io.tablestoreycsb.planner.matrix.Slo;
import io.tablestoreycsb.planner.plan.CellFilter;
import io.tablestoreycsb.planner.plan.PlanEstimate;
import io.tablestoreycsb.planner.plan.PlannedCell;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The façade the commands call: what its options make of a matrix, and what the estimate assumes. */
class PlannerTest {
  private static final Path HIGH_PERFORMANCE = Path.of("..", "workloads", "matrix", "high-performance");
  private static final Path QUICK = Path.of("..", "workloads", "matrix", "quick");
  private final StringWriter terminal = new StringWriter();
  private final Planner planner = new Planner(new PrintWriter(terminal, true));

  @Test
  void theOptionsRunTheMatrixShrunkByQuickAndJudgedByTheSloOverride() throws Exception {
    Matrix parsed = MatrixParser.parse(HIGH_PERFORMANCE);
    Slo objective = Slo.parse("p99 < 7ms");
    PlanOptions plan = PlanOptions.builder("run", parsed, Path.of("out")).quick(true).slo(objective).build();

    assertThat(plan.quick()).isTrue();
    assertThat(plan.sloOverride()).isEqualTo(objective);
    assertThat(plan.matrix().slo()).isEqualTo(objective);
    assertThat(Planner.cells(plan)).isNotEmpty().allSatisfy(cell -> assertThat(cell.spec().duration())
        .isEqualTo(parsed.quick().duration()));
    assertThat(Planner.cells(plan)).hasSizeLessThan(Planner.cells(PlanOptions.builder("run", parsed, Path.of("out"))
        .build()).size());
  }

  @Test
  void anEmbeddedMocksCapacityReplacesTheAssumedPartitionRate() throws Exception {
    Matrix quick = MatrixParser.parse(QUICK);
    PlanEstimate assumed = planner.estimate(PlanOptions.builder("quickstart", quick, Path.of("out")).build());
    PlanEstimate mock = planner.estimate(PlanOptions.builder("quickstart", quick, Path.of("out"))
        .embeddedMock(50).build());

    // One partition serves at most 50 rows/s on that mock; the default assumption allows 10,000.
    assertThat(mock.cases()).filteredOn(c -> c.partitions() == 1)
        .allSatisfy(c -> assertThat(c.maxRowsPerSecond()).isLessThanOrEqualTo(50));
    assertThat(assumed.cases()).filteredOn(c -> c.partitions() == 1)
        .anySatisfy(c -> assertThat(c.maxRowsPerSecond()).isGreaterThan(50));
    // It serves the tables' loads without it (EmbeddedMockTableAdmin.loading): their estimate is not held to it.
    assertThat(mock.loads()).filteredOn(l -> l.partitions() == 1)
        .allSatisfy(l -> assertThat(l.rowsPerSecond()).isGreaterThan(50));
  }

  @Test
  void aFilterThatChoosesNoCellIsRefusedBeforeAnythingRuns() throws Exception {
    PlanOptions plan = PlanOptions.builder("run", MatrixParser.parse(QUICK), Path.of("never-written"))
        .only(CellFilter.parse("partitions=3")).progressInterval(Duration.ofSeconds(1)).build();

    assertThatThrownBy(() -> planner.run(plan)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("matches the --only filter");
    assertThat(Path.of("never-written")).doesNotExist();
    assertThat(terminal.toString()).isEmpty();
  }

  @Test
  void everyCellOfTheMatrixRunsUnlessTheOptionsChooseSome() throws Exception {
    Matrix quick = MatrixParser.parse(QUICK);
    PlanOptions all = PlanOptions.builder("run", quick, Path.of("out")).build();
    PlanOptions p4 = PlanOptions.builder("run", quick, Path.of("out")).only(CellFilter.parse("partitions=4")).build();

    assertThat(Planner.cells(all)).extracting(c -> c.key().partitions()).contains(1, 4, 16);
    assertThat(Planner.cells(p4)).isNotEmpty().extracting(PlannedCell::key)
        .allSatisfy(key -> assertThat(key.partitions()).isEqualTo(4));
  }

  @Test
  void aLocalPlansRunnersLogToItsOutputDirectoryAndLeaveNothingInTheTempDirectory(@TempDir Path dir)
      throws Exception {
    Path workloads = Path.of("..", "workloads").toAbsolutePath().normalize();
    Path matrixFile = Files.writeString(dir.resolve("tiny"), String.join("\n", "[plan]", "name = tiny",
        "instance-type = mock", "runners = 1", "partitions = 1", "table = usertable", "rows-per-partition = 100",
        "load-threads = 1", "load-workload = " + workloads.resolve("tablestore-batch-write"),
        "[case random-read]", "workload = " + workloads.resolve("tablestore-random-read"), "phase = run",
        "measure = READ", "rows-per-request = 1", "threads = 1", "duration = 1s", ""));
    List<Path> tempBefore = runnerLogDirsInTemp();
    Path out = dir.resolve("out");

    int failed = planner.run(PlanOptions.builder("run", MatrixParser.parse(matrixFile), out).embeddedMock(0).build());

    assertThat(failed).as(terminal.toString()).isZero();
    assertThat(terminal.toString()).contains("verified 100 rows");
    // The runner's own output, next to the cells it served, complete: it ended with the plan.
    assertThat(out.resolve(Planner.RUNNER_LOGS_DIR).resolve("runner-0").resolve("ycsb.err")).as(terminal.toString())
        .content().contains("runner: serving cells");
    assertThat(runnerLogDirsInTemp()).isEqualTo(tempBefore);
  }

  private static List<Path> runnerLogDirsInTemp() throws Exception {
    try (Stream<Path> entries = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
      return entries.filter(p -> p.getFileName().toString().startsWith("tablestore-ycsb-runners-")).sorted().toList();
    }
  }
}
