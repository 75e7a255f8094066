package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.planner.MechanicsRunners;
import io.tablestoreycsb.planner.local.LocalCellExecutor;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.MeasuredWindow;
import io.tablestoreycsb.planner.analysis.RunnerResult;
import io.tablestoreycsb.planner.runner.CellDone;
import io.tablestoreycsb.planner.runner.ResultFiles;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.kit.hdr.HdrLogs;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.matrix.MatrixParser;
import io.tablestoreycsb.planner.report.ReportData;
import io.tablestoreycsb.planner.ycsb.YcsbOutput;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A small real plan: runner JVMs with the binding (real SDK) against the embedded mock over HTTP on
 * 127.0.0.1, the table pre-split by the binding's table tool, load, the four cases, report rows. The
 * runners are kept warm, as the planner's commands keep them: two JVMs serve the load and every cell.
 */
class MockPlanTest {
  private static final Path WORKLOADS = Path.of("..", "workloads").toAbsolutePath().normalize();

  @Test
  void fourCasesOnAFourPartitionTable(@TempDir Path dir) throws Exception {
    dir = Path.of("target", "mock-plan-test").toAbsolutePath();
    Directories.deleteRecursively(dir);
    Files.createDirectories(dir);
    Path matrixFile = dir.resolve("matrix");
    Files.writeString(matrixFile, String.join("\n",
        "[plan]",
        "instance-type = mock",
        "runners = 2",
        "partitions = 4",
        "rows-per-partition = 250",
        "load-threads = 2",
        "load-workload = " + WORKLOADS.resolve("tablestore-batch-write"),
        "property.fieldcount = 5",
        "property.fieldlength = 100",
        "[case random-write]",
        "workload = " + WORKLOADS.resolve("tablestore-random-write"),
        "phase = load", "measure = INSERT", "threads = 2", "duration = 5s",
        "property.tablestore.batchsize = 1",
        "[case batch-write]",
        "workload = " + WORKLOADS.resolve("tablestore-batch-write"),
        "phase = load", "measure = BATCH_WRITE", "rows-per-request = 200", "threads = 1", "duration = 5s",
        "property.tablestore.batchsize = 200",
        "[case random-read]",
        "workload = " + WORKLOADS.resolve("tablestore-random-read"),
        "phase = run", "measure = READ", "threads = 2", "duration = 5s",
        "[case range-read]",
        "workload = " + WORKLOADS.resolve("tablestore-range-read"),
        "phase = run", "measure = SCAN", "rows-per-request = 100", "threads = 1", "duration = 5s",
        "property.minscanlength = 100", "property.maxscanlength = 100",
        "property.scanlengthdistribution = uniform", ""));
    Matrix matrix = MatrixParser.parse(matrixFile);
    Path out = dir.resolve("out");
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    LocalCellExecutor executor = LocalCellExecutor.ofThisJvm().keepingRunnersWarm(dir.resolve("runners"));
    try (MockTablestore mock = MockTablestore.builder().start()) {
      Path props = dir.resolve("mock.properties");
      mock.writeProperties(props);
      Plan plan = new Plan(matrix, new RunnerSpecFactory(matrix, props, MechanicsRunners.withoutWarmUp("256m")),
          executor, new BindingTableAdmin(props), out,
          new Progress(new PrintStream(log, true, StandardCharsets.UTF_8), Duration.ofSeconds(1)));
      int failed = plan.run(CellOrder.of(matrix, CellFilter.ALL, null));
      String output = log.toString(StandardCharsets.UTF_8);
      Files.writeString(Path.of("target", "mock-plan-test.log"), output);
      assertThat(failed).as(output).isZero();
      assertThat(output).contains("load usertable_p4: done").contains("verified 1,000 rows");
      assertThat(new BindingTableAdmin(props).countRows("usertable_p4")).isGreaterThan(1000);
      // Runner r of the load and of every cell was one process: the plan started two runner JVMs.
      assertThat(executor.warmRunnersStarted()).isEqualTo(2);
      for (int r = 0; r < 2; r++) {
        List<Path> runnerDirs = new ArrayList<>(List.of(out.resolve("mock/p4/load/runner-" + r)));
        for (String c : List.of("random-write", "batch-write", "random-read", "range-read")) {
          try (var cellDirs = Files.list(out.resolve("mock/p4").resolve(c))) {
            for (Path cell : cellDirs.filter(Files::isDirectory).toList()) {
              runnerDirs.add(cell.resolve("runner-" + r));
            }
          }
        }
        assertThat(runnerDirs).hasSize(5);
        List<Long> pids = new ArrayList<>();
        for (Path runnerDir : runnerDirs) {
          pids.add(CellDone.read(runnerDir).orElseThrow().pid());
        }
        assertThat(pids).containsOnly(executor.warmRunnerPids().get(r));
      }
    } finally {
      executor.close();
    }

    ReportData data = ReportData.collect(List.of(out));
    assertThat(data.failures()).isEmpty();
    Map<String, CellResult> rows = data.rows().stream()
        .collect(Collectors.toMap(r -> r.cell().caseName(), Function.identity()));
    assertThat(rows).containsOnlyKeys("random-write", "batch-write", "random-read", "range-read");
    rows.values().forEach(r -> {
      assertThat(r.cell().partitions()).isEqualTo(4);
      assertThat(r.shape().runners()).isEqualTo(2);
      assertThat(r.rates().qpsRows()).isPositive();
      assertThat(r.latency().p50Ms()).isPositive().isLessThanOrEqualTo(r.latency().p99Ms());
      assertThat(r.latency().p99Ms()).isLessThanOrEqualTo(r.latency().maxMs());
      // Zero, also on a loaded machine: the SDK's HTTP client can report a write it sent and got
      // answered as "ConnectionClosedException: Connection closed" (a race in its connection lease);
      // the binding sends such a write again (BindingRetryStrategy.isConnectionLeaseRace).
      assertThat(r.rates().failed()).as("failed operations in %s", r.cell().caseName()).isZero();
      assertThat(r.resources().cpuCoresPerRunner()).isPositive();
      // The binding counted every partition of the 4-partition table; merged over both runners, their
      // rows/s add up to the cell's (both are the binding's rows scaled to the window the same way).
      assertThat(r.partitionFigures()).as("partitions of %s", r.cell().caseName()).hasSize(4);
      assertThat(r.partitionFigures().stream().mapToDouble(p -> p.qpsRows()).sum())
          .isCloseTo(r.rates().qpsRows(), within(r.rates().qpsRows() * 1e-6));
      assertThat(r.partitionFigures()).allSatisfy(p -> assertThat(p.rows()).isPositive());
      assertThat(r.partitionFigures().get(2).start()).isEqualTo("8000");
    });
    CellResult batch = rows.get("batch-write");
    // Each BATCH_WRITE request carries 200 rows: rows/s from the binding's stats is ~200 x requests/s.
    assertThat(batch.shape().measure()).isEqualTo("BATCH_WRITE");
    // (Rates are summed per runner, so the quotient carries floating-point error: allow 1e-9.)
    assertThat(batch.rates().qpsRows() / batch.rates().requestsPerSecond()).isBetween(150.0, 200.0 + 1e-9);
    assertThat(batch.rates().writeCuPerSecond()).isPositive();
    CellResult range = rows.get("range-read");
    // tablestore-range-read wraps scans at the end of the table: exactly 100 rows each.
    assertThat(range.rates().qpsRows() / range.rates().requestsPerSecond()).isCloseTo(100.0, within(1e-9));
    assertThat(range.rates().readCuPerSecond()).isPositive();
    assertThat(rows.get("random-read").rates().readCuPerSecond()).isPositive();
    assertThat(rows.get("random-write").rates().writeCuPerSecond()).isPositive();

    // The READ row holds both runners' requests of the measurement window (merged, not averaged), and
    // each runner's HDR log adds up to the READ operations YCSB reported.
    Path readCell = out.resolve("mock/p4/random-read/t2");
    List<RunnerResult> results = new ArrayList<>();
    for (int r = 0; r < 2; r++) {
      Path runner = readCell.resolve("runner-" + r);
      YcsbOutput y = YcsbOutput.read(runner.resolve(ResultFiles.STDOUT_FILE));
      assertThat(y.returnCounts("READ")).containsOnlyKeys("OK");
      assertThat(HdrLogs.readTotal(runner.resolve("READ.hdr")).getTotalCount()).isEqualTo(y.operations("READ"));
      results.add(RunnerResult.read(runner));
    }
    MeasuredWindow window = MeasuredWindow.of(results);
    assertThat(window.common()).isTrue();
    long windowRequests = 0;
    for (RunnerResult result : results) {
      long inside = window.latencyIn(result).getTotalCount();
      assertThat(inside).isPositive().isLessThan(result.output().operations("READ"));
      windowRequests += inside;
    }
    assertThat(rows.get("random-read").rates().requests()).isEqualTo(windowRequests);
  }

  @Test
  void aSecondPlanWithItsOwnOutOnTheInstanceAnEarlierPlanWroteToLoadsAndReports() throws Exception {
    // Users compare plans on one instance: the first plan's write cells grew the table beyond its load.
    Path dir = Path.of("target", "mock-plan-test-twice").toAbsolutePath();
    Directories.deleteRecursively(dir);
    Files.createDirectories(dir);
    Path matrixFile = dir.resolve("matrix");
    Files.writeString(matrixFile, String.join("\n",
        "[plan]", "instance-type = mock", "runners = 1", "partitions = 4", "rows-per-partition = 250",
        "load-threads = 2", "load-workload = " + WORKLOADS.resolve("tablestore-batch-write"),
        "property.fieldcount = 5", "property.fieldlength = 100",
        "[case random-write]", "workload = " + WORKLOADS.resolve("tablestore-random-write"),
        "phase = load", "measure = INSERT", "threads = 2", "duration = 4s", "property.tablestore.batchsize = 1",
        "[case random-read]", "workload = " + WORKLOADS.resolve("tablestore-random-read"),
        "phase = run", "measure = READ", "threads = 2", "duration = 4s", ""));
    Matrix matrix = MatrixParser.parse(matrixFile);
    try (MockTablestore mock = MockTablestore.builder().start()) {
      Path props = dir.resolve("mock.properties");
      mock.writeProperties(props);
      List<String> outputs = new ArrayList<>();
      for (String out : List.of("first", "second")) {
        ByteArrayOutputStream log = new ByteArrayOutputStream();
        LocalCellExecutor executor = LocalCellExecutor.ofThisJvm().keepingRunnersWarm(dir.resolve(out + "-runners"));
        try {
          Plan plan = new Plan(matrix, new RunnerSpecFactory(matrix, props, MechanicsRunners.withoutWarmUp("256m")), executor,
              new BindingTableAdmin(props), dir.resolve(out),
              new Progress(new PrintStream(log, true, StandardCharsets.UTF_8), Duration.ofSeconds(1)));
          int failed = plan.run(CellOrder.of(matrix, CellFilter.ALL, null));
          String output = log.toString(StandardCharsets.UTF_8);
          Files.writeString(dir.resolve(out + ".log"), output);
          assertThat(failed).as(output).isZero();
          outputs.add(output);
        } finally {
          executor.close();
        }
      }
      long rows = new BindingTableAdmin(props).countRows("usertable_p4");
      assertThat(rows).isGreaterThan(1000);
      assertThat(outputs.get(0)).contains("verified 1,000 rows").doesNotContain("more that");
      // the second plan's load finds the first plan's rows beyond its range: it says so, and what to do
      assertThat(outputs.get(1)).containsPattern("load usertable_p4: done in \\d+ s; verified 1,000 rows, and [0-9,]+ more"
          + " that earlier plans' write cells added to the table \\(drop it before the plan for exactly 1,000: "
          + "bin/tablestore-table drop -P FILE --table usertable_p4\\)");
      assertThat(ReportData.collect(List.of(dir.resolve("second"))).rows()).hasSize(2);
    }
  }
}
