package io.tablestoreycsb.planner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.matrix.MatrixParser;
import io.tablestoreycsb.planner.matrix.Slo;
import io.tablestoreycsb.planner.run.CellFilter;
import io.tablestoreycsb.planner.run.PlanEstimate;
import io.tablestoreycsb.planner.run.PlannedCell;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;

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
}
