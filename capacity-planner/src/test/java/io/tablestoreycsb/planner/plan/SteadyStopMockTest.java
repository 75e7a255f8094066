package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.CellStop;
import io.tablestoreycsb.planner.analysis.StopKind;
import io.tablestoreycsb.planner.text.StopText;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.matrix.MatrixParser;
import io.tablestoreycsb.planner.report.ReportData;
import io.tablestoreycsb.planner.ycsb.YcsbOutput;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A steady-stopping cell against a mock partition serving a fixed 300 rows/s: the runner saturates it,
 * the rate is flat once the connections are up, and the cell ends at its next check after the minimum
 * duration instead of running to its 2-minute cap. Its figures leave the warm-up out.
 */
class SteadyStopMockTest {
  private static final Path WORKLOADS = Path.of("..", "workloads").toAbsolutePath().normalize();

  @Test
  void aSteadyCellEndsBeforeItsCapAndSaysWhy(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("out");
    String output = runAgainstA300RowsPerSecondPartition(dir, out,
        "[plan]", "instance-type = mock", "runners = 1", "partitions = 1", "stop = steady", "min-duration = 8s",
        "steady-tolerance = 10%", "property.fieldcount = 2", "property.fieldlength = 50",
        "[case random-write]", "workload = " + WORKLOADS.resolve("tablestore-random-write"),
        "phase = load", "measure = INSERT", "threads = 4", "duration = 120s", "property.tablestore.batchsize = 1");
    Path cell = out.resolve("mock/p1/random-write/t4");
    CellStop stop = StopFile.readCell(cell).orElseThrow();
    assertThat(stop.stoppedEarly()).as(output).isTrue();
    assertThat(StopText.reason(stop)).startsWith("steady after ").contains("requests/s: 95% confidence");
    assertThat(stop.rule()).isEqualTo("steady (at least 8s, within 10%)");
    // YCSB ended its run (and printed its summary) well before its maxexecutiontime of 120 s.
    YcsbOutput ycsb = YcsbOutput.read(cell.resolve("runner-0/ycsb.out"));
    assertThat(ycsb.finished()).isTrue();
    assertThat(ycsb.runtimeMs()).isLessThan(120_000);

    CellResult row = ReportData.collect(List.of(out)).rows().get(0);
    assertThat(StopText.stopped(row.stop())).isEqualTo(StopText.reason(stop));
    // Measured from where the rate was steady: the start-up before it is the warm-up.
    assertThat(row.window().startEpochMs()).isEqualTo(stop.steadyFromEpochMs());
    assertThat(row.rates().qpsRows()).isBetween(300 * 0.8, 300 * 1.05);
    assertThat(output).contains("(steady after ");
  }

  @Test
  void aCellWhoseWindowOfFiveMeanLatenciesCannotFitInItsCapEndsAtItsMinimum(@TempDir Path dir) throws Exception {
    // 8 threads of 200-row batches at one 300 rows/s partition (which serves a batch at about 600 rows/s): about
    // 2.7 s a request, so the report's window of
    // five mean latencies (13 s) cannot fit in a 12 s cap.
    Path out = dir.resolve("out");
    String output = runAgainstA300RowsPerSecondPartition(dir, out,
        "[plan]", "instance-type = mock", "runners = 1", "partitions = 1", "stop = steady", "min-duration = 4s",
        "property.fieldcount = 2", "property.fieldlength = 50",
        "[case batch-write]", "workload = " + WORKLOADS.resolve("tablestore-batch-write"),
        "phase = load", "measure = BATCH_WRITE", "rows-per-request = 200", "threads = 8", "duration = 12s",
        "property.tablestore.batchsize = 200");
    Path cell = out.resolve("mock/p1/batch-write/t8");
    CellStop stop = StopFile.readCell(cell).orElseThrow();
    assertThat(stop.kind()).as(output).isEqualTo(StopKind.OUT_OF_REACH);
    assertThat(stop.stoppedEarly()).isTrue();
    assertThat(StopText.reason(stop)).startsWith("stopped after ").contains("short of its cap of 12s: a window of 5"
        + " mean latencies of ");
    // (the mean latency grows as the queue at the partition builds up: judged every status interval from the minimum on)
    assertThat(stop.steadyAfterSeconds()).isBetween(4.0, 11.0);
    YcsbOutput ycsb = YcsbOutput.read(cell.resolve("runner-0/ycsb.out"));
    assertThat(ycsb.finished()).isTrue();
    assertThat(ycsb.runtimeMs()).isLessThan(12_000);
    // The report says what it would have said at the cap: too short to be evidence.
    CellResult row = ReportData.collect(List.of(out)).rows().get(0);
    assertThat(row.verdict().evidence()).as(row.verdict().toString()).isFalse();
    assertThat(StopText.stopped(row.stop())).isEqualTo(StopText.reason(stop));
  }

  /** Runs the plan of {@code matrixLines} into {@code out} against a mock whose partitions serve 300 rows/s. */
  private static String runAgainstA300RowsPerSecondPartition(Path dir, Path out, String... matrixLines)
      throws Exception {
    Path matrixFile = dir.resolve("matrix");
    Files.writeString(matrixFile, String.join("\n", matrixLines) + "\n");
    Matrix matrix = MatrixParser.parse(matrixFile);
    try (MockTablestore mock = MockTablestore.builder().partitionCapacity(300).start()) {
      return MockPlanRun.run(matrix, mock, dir, out);
    }
  }
}
