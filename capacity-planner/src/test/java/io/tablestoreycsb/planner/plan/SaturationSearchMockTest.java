package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.text.StopText;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.matrix.MatrixParser;
import io.tablestoreycsb.planner.report.ReportData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code threads = auto} against a mock partition of 60 rows/s whose PutRows take at least 20 ms: one
 * thread does under 50 rows/s, a few threads saturate the partition, and more add nothing. The search
 * stops once two steps added under 10% (typically after 8 threads; later on a slow machine), skips the
 * rest up to its 64, marks the knee two steps before it stopped, and confirms it with one probe cell at
 * 64 threads, which the partition's capacity holds to the same rate.
 */
class SaturationSearchMockTest {
  private static final Path WORKLOADS = Path.of("..", "workloads").toAbsolutePath().normalize();

  @Test
  void theSearchStopsOnceTwoStepsAddNothingAndMarksTheKnee(@TempDir Path dir) throws Exception {
    Path matrixFile = dir.resolve("matrix");
    Files.writeString(matrixFile, String.join("\n",
        "[plan]", "instance-type = mock", "runners = 1", "partitions = 1",
        "property.fieldcount = 2", "property.fieldlength = 50",
        "[case random-write]", "workload = " + WORKLOADS.resolve("tablestore-random-write"),
        "phase = load", "measure = INSERT", "threads = auto", "max-threads = 64", "duration = 6s",
        "property.tablestore.batchsize = 1", ""));
    Matrix matrix = MatrixParser.parse(matrixFile);
    assertThat(matrix.cases().get(0).threads()).containsExactly(1, 2, 4, 8, 16, 32, 64);
    Path out = dir.resolve("out");
    String output;
    try (MockTablestore mock = MockTablestore.builder().partitionCapacity(60).latency("PutRow=20ms").start()) {
      output = MockPlanRun.run(matrix, mock, dir, out);
    }
    List<CellResult> rows = ReportData.collect(List.of(out)).rows();
    assertThat(rows.get(rows.size() - 1).cell().threads()).as("the probe").isEqualTo(64);
    int last = rows.get(rows.size() - 2).cell().threads();
    assertThat(last).as(output).isLessThan(64);
    assertThat(output).contains("saturation search stopped at " + last + " threads: rows/s grew")
        .contains("; probing 64 threads to confirm");
    if (last < 32) {
      assertThat(out.resolve("mock/p1/random-write/t32")).doesNotExist();
      assertThat(output).contains("random-write p=1 threads=32: skipped (saturation search stopped at " + last
          + " threads: rows/s grew").contains("; probing 64 threads)");
    }
    assertThat(searchNote(out.resolve("mock/p1/random-write/t64")))
        .startsWith("probe at 64 threads: ").contains("the knee at " + last / 4 + " threads stands");
    // The knee: two steps before the search stopped, already within 10% of the most the partition gave.
    List<CellResult> knees = rows.stream().filter(CellResult::knee).toList();
    assertThat(knees).as(output).singleElement().satisfies(k -> {
      assertThat(k.cell().threads()).isEqualTo(last / 4);
      assertThat(k.rates().qpsRows()).isGreaterThan(0.9 * rows.stream().mapToDouble(r -> r.rates().qpsRows()).max().orElseThrow());
    });
    assertThat(searchNote(out.resolve("mock/p1/random-write/t" + last / 4)))
        .startsWith("knee (" + last / 4 + " to " + last + " threads added");
  }

  /** The search's mark on a cell, in the words its stop.json keeps for people. */
  private static String searchNote(Path cellDir) throws Exception {
    return StopText.of(StopFile.readCell(cellDir).orElseThrow().mark());
  }
}
