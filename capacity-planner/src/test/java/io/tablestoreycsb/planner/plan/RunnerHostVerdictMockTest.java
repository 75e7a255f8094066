package io.tablestoreycsb.planner.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.planner.analysis.CellAnalyzer;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.EndpointView;
import io.tablestoreycsb.planner.analysis.HostCpu;
import io.tablestoreycsb.planner.analysis.Verdict;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.matrix.MatrixParser;
import io.tablestoreycsb.planner.text.CellLine;
import io.tablestoreycsb.planner.report.ReportData;
import io.tablestoreycsb.planner.report.SloTable;
import io.tablestoreycsb.planner.text.VerdictText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The verdict against the mock at 1,000 rows/s per partition, with two runners on this machine (the mock is
 * on it too): one partition is service-bound with the mock's partition at capacity; sixteen partitions
 * (16,000 rows/s, far more than two cores drive) while busy loops started here hold every processor are bound
 * by the runner host, never the service.
 *
 * <p>Other work on this machine is part of what is tested: the first cell holds whatever else runs (the
 * mock's own account of its partition says the service bound the rate, however busy the host), and the
 * second adds busy loops to whatever else runs.
 */
class RunnerHostVerdictMockTest {
  private static final Path WORKLOADS = Path.of("..", "workloads").toAbsolutePath().normalize();
  private static final double CAPACITY = 1000;
  /** Cells run for the calm case before it gives up on a machine other work holds. */
  private static final int ATTEMPTS = 2;

  @Test
  void onePartitionIsServiceBoundWithTheMocksPartitionAtCapacity(@TempDir Path dir) throws Exception {
    CellResult cell = null;
    String line = "";
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      cell = runRandomWrite(dir.resolve("attempt-" + attempt), 1, 4);
      line = CellLine.of(cell);
      if (!(cell.verdict() instanceof Verdict.RunnerHost host)) {
        break;
      }
      // The runners could not drive the partition to its capacity on this machine now (other work held it):
      // the verdict says so rather than blaming the service. Not the calm machine this case is about.
      assertThat(host.cpu().busy()).as(line).isGreaterThanOrEqualTo(HostCpu.SATURATED);
      assertThat(cell.endpoint().busiest().busy()).as(line).isLessThan(EndpointView.AT_CAPACITY);
      if (attempt == ATTEMPTS) {
        Assumptions.abort("the machine was not calm in " + ATTEMPTS + " attempts; the last: " + line);
      }
    }
    assertThat(cell.verdict()).as(line).isInstanceOf(Verdict.PartitionsAtCapacity.class);
    Verdict.PartitionsAtCapacity v = (Verdict.PartitionsAtCapacity) cell.verdict();
    assertThat(v.partition()).isZero();
    assertThat(v.busy()).as(line).isBetween(EndpointView.AT_CAPACITY, 1.05);
    // A partition at capacity serves its rate: 8 threads queue behind it, each waiting for the ones before.
    assertThat(cell.rates().qpsRows()).as(line).isCloseTo(CAPACITY, within(0.10 * CAPACITY));
    EndpointView mock = cell.endpoint();
    assertThat(mock.local()).isTrue();
    assertThat(mock.table()).isEqualTo("usertable_p1");
    assertThat(mock.partitions()).singleElement().satisfies(p -> {
      assertThat(p.rowsPerSecond()).isCloseTo(CAPACITY, within(0.10 * CAPACITY));
      assertThat(p.meanWaitMs()).as("8 requests in flight at 1 ms each").isGreaterThan(2.0);
    });
    assertThat(VerdictText.of(v)).startsWith("service: the mock's partitions at capacity (P0 ");
    assertThat(cell.hostCpu()).singleElement().satisfies(h -> {
      assertThat(h.endpointLocal()).isTrue();
      assertThat(h.runners()).isPositive();
      assertThat(h.busy()).isCloseTo(h.runners() + h.endpoint() + h.others() + h.steal(), within(1e-9));
    });
  }

  @Test
  void sixteenPartitionsWhileBusyLoopsHoldTheProcessorsAreBoundByTheRunnerHost(@TempDir Path dir)
      throws Exception {
    List<Process> loops = new ArrayList<>();
    CellResult cell;
    try {
      // One more loop than processors, as separate processes: "other processes" on the runners' host.
      for (int i = 0; i <= Runtime.getRuntime().availableProcessors(); i++) {
        loops.add(new ProcessBuilder("sh", "-c", "while :; do :; done").start());
      }
      cell = runRandomWrite(dir, 16, 8);
    } finally {
      for (Process p : loops) {
        p.destroyForcibly();
      }
    }
    String line = CellLine.of(cell);
    assertThat(cell.verdict()).as(line).isInstanceOf(Verdict.RunnerHost.class);
    assertThat(cell.verdict()).isNotInstanceOf(Verdict.ServiceBound.class);
    HostCpu host = ((Verdict.RunnerHost) cell.verdict()).cpu();
    assertThat(host.busy()).as(line).isGreaterThanOrEqualTo(HostCpu.SATURATED);
    // The loops are other processes: they, not the runners or the mock, took the most of the host.
    assertThat(host.others()).as(line).isGreaterThan(HostCpu.OTHER_WORK);
    assertThat(cell.hostBusyWithOtherWork()).isTrue();
    assertThat(VerdictText.of(cell.verdict())).startsWith("runner host, not the service: host ");
    // The mock saw its partitions far from capacity: sixteen of them serve 16,000 rows/s.
    assertThat(cell.endpoint().busiest().busy()).as(line).isLessThan(EndpointView.AT_CAPACITY);
    assertThat(cell.rates().qpsRows()).as(line).isLessThan(16 * CAPACITY * EndpointView.AT_CAPACITY);
    // Neither a plateau nor an SLO answer is concluded on it.
    assertThat(cell.evidence()).isFalse();
    List<SloTable.Answer> answers = SloTable.answers(List.of(cell));
    assertThat(answers).singleElement().satisfies(a -> {
      assertThat(a.best()).isNull();
      assertThat(a.hostBoundCells()).isEqualTo(1);
    });
    assertThat(SloTable.terminal(List.of(cell))).contains("not judged: runner host saturated; add runner machines");
  }

  /** One random-write cell of 2 runners x {@code threads} on a table of {@code partitions}, against the mock. */
  private static CellResult runRandomWrite(Path dir, int partitions, int threads) throws IOException,
      InterruptedException {
    Files.createDirectories(dir);
    Path matrixFile = dir.resolve("matrix");
    Files.writeString(matrixFile, String.join("\n",
        "[plan]", "instance-type = mock", "runners = 2", "partitions = " + partitions,
        "property.fieldcount = 2", "property.fieldlength = 50", "slo = p99 < 1s",
        "[case random-write]", "workload = " + WORKLOADS.resolve("tablestore-random-write"),
        "phase = load", "measure = INSERT", "threads = " + threads, "duration = 12s",
        "property.tablestore.batchsize = 1", ""));
    Matrix matrix = MatrixParser.parse(matrixFile);
    Path out = dir.resolve("out");
    String log;
    try (MockTablestore mock = MockTablestore.builder().partitionCapacity(CAPACITY).start()) {
      log = MockPlanRun.run(matrix, mock, dir, out);
    }
    List<CellResult> rows = ReportData.collect(List.of(out)).rows();
    assertThat(rows).hasSize(1);
    // As the plan judged it, with its objective (a report without the plan's record has none).
    Path cellDir = out.resolve("mock/p" + partitions + "/random-write/t" + threads);
    CellResult cell = CellAnalyzer.analyze(cellDir, matrix.sloFor(matrix.cases().get(0)),
        StopFile.readCell(cellDir).orElse(null));
    Files.writeString(Path.of("target", "runner-host-verdict-p" + partitions + ".log"), CellLine.of(cell) + "\n" + log);
    return cell;
  }
}
