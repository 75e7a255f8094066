package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.text.VerdictText;
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
 * An open-loop cell asks for more than the service can do: one runner, two threads, PutRows that take at
 * least 20 ms (so at most about 100 a second), paced at 400 a second. A closed loop would report 20 ms;
 * requests arriving at 400 a second wait behind each other, and the latency from their intended start
 * says so.
 */
class OpenLoopMockTest {
  private static final Path WORKLOADS = Path.of("..", "workloads").toAbsolutePath().normalize();

  @Test
  void pastCapacityTheIntendedLatencyIsAboveTheServiceLatencyAndTheTargetIsNotReached(@TempDir Path dir)
      throws Exception {
    Path matrixFile = dir.resolve("matrix");
    Files.writeString(matrixFile, String.join("\n",
        "[plan]", "instance-type = mock", "runners = 1", "partitions = 1",
        "property.fieldcount = 2", "property.fieldlength = 50", "slo = p99 < 100ms",
        "[case random-write]", "workload = " + WORKLOADS.resolve("tablestore-random-write"),
        "phase = load", "measure = INSERT", "threads = 2", "target = 400", "duration = 6s",
        "property.tablestore.batchsize = 1", ""));
    Matrix matrix = MatrixParser.parse(matrixFile);
    Path out = dir.resolve("out");
    try (MockTablestore mock = MockTablestore.builder().latency("PutRow=20ms").start()) {
      MockPlanRun.run(matrix, mock, dir, out);
    }
    Path runner = out.resolve("mock/p1/random-write/t2-target=400/runner-0");
    assertThat(runner.resolve("Intended-INSERT.hdr")).isNotEmptyFile();

    CellResult row = ReportData.collect(List.of(out), matrix.slo()).rows().get(0);
    assertThat(row.targetRowsPerSecond()).isEqualTo(400);
    assertThat(row.rates().qpsRows()).isLessThan(0.5 * 400);
    assertThat(row.targetReached()).isFalse();
    assertThat(VerdictText.of(row.verdict())).startsWith("target not reached");
    // Service latency is the mock's 20 ms and a little; the intended start falls further behind with every
    // request, so the intended latency is far above it, and the SLO is judged by it.
    assertThat(row.latency().avgMs()).isGreaterThanOrEqualTo(20);
    assertThat(row.intended().avgMs()).isGreaterThan(2 * row.latency().avgMs());
    assertThat(row.intended().p99Ms()).isGreaterThan(row.latency().p99Ms());
    assertThat(row.sloLatencyMs()).isEqualTo(row.intended().p99Ms());
    assertThat(row.metSlo()).isFalse();
  }
}
