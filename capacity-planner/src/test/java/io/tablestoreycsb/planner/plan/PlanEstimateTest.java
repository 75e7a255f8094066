package io.tablestoreycsb.planner.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.matrix.MatrixParser;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The estimate's arithmetic, checked by hand against the CU rules of tablestore-protocol.md. */
class PlanEstimateTest {
  private static final Path QUICK = Path.of("..", "workloads", "matrix", "quick");

  @Test
  void thePapersRowCostsOneCuAndAHundredRowRangeReadFourteen() throws Exception {
    Matrix m = MatrixParser.parse(QUICK);
    RowShape row = RowShape.of(new WorkloadFiles(m.source()).resolve("workloads/tablestore-range-read", 1),
        m.properties());

    // userid (6) + 20-byte key + field0..field4 (6 bytes a name) of 100 bytes = 556 bytes.
    assertThat(row.capacityBytes()).isEqualTo(556);
    assertThat(row.payloadBytes()).isEqualTo(520);
    assertThat(row.writeCuPerRow()).isEqualTo(1);
    // 100 rows x 556 bytes = 55,600 bytes = 13.6 units of 4 KB, rounded up.
    assertThat(row.readCuPerScan(100)).isEqualTo(14);
  }

  @Test
  void closedLoopCellsRunAtThreadsOverLatencyCappedByThePartitions() throws Exception {
    Matrix m = MatrixParser.parse(QUICK);
    PlanEstimate e = PlanEstimate.of(m, CellOrder.of(m, CellFilter.parse("partitions=4"), null),
        new EstimateAssumptions(4, 1000, 0.5, 2));

    // random-read on 4 partitions: 5 runners x 2 threads x 250 requests/s = 2,500 rows/s for 5 s, and
    // 5 x 8 x 250 = 10,000 capped at 4 partitions x 1,000 = 4,000 rows/s for 5 s: 32,500 GetRows of 1 CU.
    PlanEstimate.CaseLine read = line(e, "random-read");
    assertThat(read.minRowsPerSecond()).isEqualTo(2500);
    assertThat(read.maxRowsPerSecond()).isEqualTo(4000);
    assertThat(read.readCu()).isEqualTo(32_500);
    assertThat(read.writeCu()).isZero();
    // range-read: 4,000 rows/s at both thread points for 5 s = 400 GetRanges of 14 CU.
    assertThat(line(e, "range-read").readCu()).isEqualTo(400 * 14);
    // batch-write: 200-row requests, 4,000 rows/s for 10 s at both thread points: 80,000 rows of 1 CU.
    assertThat(line(e, "batch-write").writeCu()).isEqualTo(80_000);
    // The load writes 2,000 rows a partition once, at 4,000 rows/s.
    assertThat(e.loads()).singleElement().satisfies(l -> {
      assertThat(l.rows()).isEqualTo(8000);
      assertThat(l.seconds()).isEqualTo(2.0);
      assertThat(l.writeCu()).isEqualTo(8000);
    });
    assertThat(e.cellSeconds()).isEqualTo(5 + 5 + 5 + 5 + 5 + 5 + 10 + 10);
    assertThat(e.rowsLoaded()).isEqualTo(8000);
    assertThat(e.loadedBytes()).isEqualTo(8000 * 556.0);
    double writeCu = 8000 + line(e, "random-write").writeCu() + 80_000;
    assertThat(e.writeCu()).isEqualTo(writeCu);
    assertThat(e.readCu()).isEqualTo(32_500 + 400 * 14);
    assertThat(e.cost()).isCloseTo((32_500 + 400 * 14) * 0.5 + writeCu * 2, within(1e-6));
  }

  @Test
  void bigRowsCostSeveralUnitsAndTheTextStatesTheRules(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("big-write"), "fieldcount=5\nfieldlength=1000\n");
    Files.writeString(dir.resolve("m"), "[plan]\npartitions = 2\nrunners = 1\nload-workload = big-write\n"
        + "[case w]\nworkload = big-write\nphase = load\nmeasure = INSERT\nthreads = 1\nduration = 10s\n");
    Matrix m = MatrixParser.parse(dir.resolve("m"));
    PlanEstimate e = PlanEstimate.of(m, CellOrder.of(m, CellFilter.ALL, null), new EstimateAssumptions(10, 0,
        Double.NaN, Double.NaN));

    // 6 + 20 + 5 x (6 + 1000) = 5,056 bytes: 2 units of 4 KB. One thread at 10 ms: 100 rows/s for 10 s.
    assertThat(line(e, "w").writeCu()).isEqualTo(1000 * 2);
    assertThat(e.loads()).isEmpty();
    assertThat(e.writtenBytes()).isEqualTo(1000 * 5056.0);
    assertThat(Double.isNaN(e.cost())).isTrue();
    assertThat(e.text()).contains("row is 5,056 bytes", "2 write CU a row written", "no limit per partition",
        "Longest duration: 10s of cells + 0s of loads = 10s", "Capacity units: 0 read + 2,000 write = 2,000 CU",
        "give --price-per-cu");
  }

  private static PlanEstimate.CaseLine line(PlanEstimate e, String caseName) {
    List<PlanEstimate.CaseLine> lines = e.cases().stream().filter(c -> c.caseName().equals(caseName)).toList();
    assertThat(lines).hasSize(1);
    return lines.get(0);
  }
}
