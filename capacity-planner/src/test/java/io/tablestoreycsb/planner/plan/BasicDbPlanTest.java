package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.planner.local.LocalCellExecutor;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.MeasuredWindow;
import io.tablestoreycsb.planner.analysis.RunnerResult;
import io.tablestoreycsb.planner.runner.ResultFiles;
import io.tablestoreycsb.planner.runner.RunnerRecord;
import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.kit.hdr.HdrLogs;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.matrix.MatrixParser;
import io.tablestoreycsb.planner.report.ReportData;
import io.tablestoreycsb.planner.report.ReportWriter;
import io.tablestoreycsb.planner.ycsb.YcsbOutput;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real YCSB runs (site.ycsb.Client in separate JVMs, YCSB's BasicDB with a simulated delay): the
 * planner's process handling, YCSB output and HDR log parsing, merging, report and resume.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class BasicDbPlanTest {
  private static final Path MATRIX = Path.of("src", "test", "resources", "basicdb-matrix");

  @TempDir
  static Path out;

  private static String lastOutput;

  private static int runPlan(Matrix matrix) throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    PrintStream print = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    Plan plan = new Plan(matrix, new RunnerSpecFactory(matrix, null, List.of("-Xmx128m")),
        LocalCellExecutor.ofThisJvm(), TableAdmin.NONE, out, new Progress(print, Duration.ofSeconds(1)));
    int failed = plan.run(CellOrder.of(matrix, CellFilter.ALL, null));
    lastOutput = bytes.toString(StandardCharsets.UTF_8);
    return failed;
  }

  @Test
  @Order(1)
  void runsEveryCellWithItsOwnRunnersAndMergesTheirHistograms() throws Exception {
    Matrix matrix = MatrixParser.parse(MATRIX);
    assertThat(runPlan(matrix)).as(lastOutput).isZero();
    assertThat(lastOutput).contains("[cell 1/3] random-read p=1 threads=2: done")
        .contains("[cell 3/3] random-write p=1 threads=2: done").contains("load usertable_p1: done");

    Path readCell = out.resolve("basicdb/p1/random-read/t2");
    assertThat(readCell.resolve(ResumeMarkers.COMPLETE_MARKER)).exists();
    List<io.tablestoreycsb.planner.analysis.RunnerResult> results = new ArrayList<>();
    for (int r = 0; r < 2; r++) {
      Path runner = readCell.resolve("runner-" + r);
      YcsbOutput ycsb = YcsbOutput.read(runner.resolve(ResultFiles.STDOUT_FILE));
      Histogram h = HdrLogs.readTotal(runner.resolve("READ.hdr"));
      // The interval log, summed, is exactly the run's histogram YCSB summarised.
      assertThat(h.getTotalCount()).isEqualTo(ycsb.operations("READ")).isPositive();
      assertThat(h.getMean()).isCloseTo(ycsb.value("READ", "AverageLatency(us)").orElseThrow(),
          org.assertj.core.data.Offset.offset(0.01));
      assertThat(h.getMaxValue()).isEqualTo((long) ycsb.value("READ", "MaxLatency(us)").orElseThrow());
      assertThat(Files.readString(runner.resolve("READ.hdr"))).contains("[Logging for: READ]");
      // -s with status.interval=1 on a 4 s cell: more than one interval was logged.
      assertThat(Files.readAllLines(runner.resolve("READ.hdr")).stream()
          .filter(l -> !l.startsWith("#") && !l.startsWith("\"")).count()).isGreaterThan(1);
      results.add(io.tablestoreycsb.planner.analysis.RunnerResult.read(runner));
      RunnerRecord record = RunnerRecord.read(runner.resolve(RunnerRecord.FILE_NAME));
      assertThat(record.error()).isNull();
      assertThat(record.use().cpuSeconds()).isPositive();
      assertThat(record.use().peakRssBytes()).isGreaterThan(10_000_000L);
      assertThat(record.slice().insertStart()).isEqualTo(r * 50L);
      assertThat(record.slice().insertCount()).isEqualTo(50L);
    }
    // The report measures the window both runners covered: the intervals between start-up and stop.
    MeasuredWindow window = MeasuredWindow.of(results);
    assertThat(window.common()).isTrue();
    List<Histogram> perRunner = new ArrayList<>();
    long windowRequests = 0;
    for (var result : results) {
      Histogram inside = window.latencyIn(result);
      assertThat(inside.getTotalCount()).isPositive().isLessThan(result.output().operations("READ"));
      perRunner.add(inside);
      windowRequests += inside.getTotalCount();
    }

    ReportData data = ReportData.collect(List.of(out));
    assertThat(data.failures()).isEmpty();
    assertThat(data.rows()).extracting(r -> r.cell().caseName(), r -> r.cell().threads())
        .containsExactly(org.assertj.core.groups.Tuple.tuple("random-write", 1),
            org.assertj.core.groups.Tuple.tuple("random-write", 2),
            org.assertj.core.groups.Tuple.tuple("random-read", 2));
    CellResult read = data.rows().get(2);
    Histogram merged = HdrLogs.merge(perRunner);
    assertThat(read.rates().requests()).isEqualTo(windowRequests);
    assertThat(read.latency().p99Ms()).isEqualTo(merged.getValueAtPercentile(99) / 1000.0);
    assertThat(read.latency().avgMs()).isCloseTo(merged.getMean() / 1000.0, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(read.shape().runners()).isEqualTo(2);
    // Identity: predicted = 1000 / avg(ms) x 2 runners x 2 threads.
    assertThat(read.prediction().qpsRows()).isCloseTo(1000 / read.latency().avgMs() * 4, org.assertj.core.data.Percentage.withPercentage(0.01));
    assertThat(read.prediction().measuredOverPredicted()).isCloseTo(read.rates().qpsRows() / read.prediction().qpsRows(),
        org.assertj.core.data.Offset.offset(1e-9));
    assertThat(read.rates().readCuPerSecond()).isNaN(); // BasicDB writes no binding stats file

    Path html = ReportWriter.write(data, out);
    assertThat(html).exists();
    assertThat(Files.readString(out.resolve("report.md"))).contains("### random-read").contains("| 1 | 2 | 2 |");
    assertThat(Files.readAllLines(out.resolve("report.csv"))).hasSize(4);
    assertThat(out.resolve("basicdb-random-read-qps-vs-threads.png")).isNotEmptyFile();
    assertThat(out.resolve("basicdb-qps-vs-partitions.png")).isNotEmptyFile();
  }

  @Test
  @Order(2)
  void runnerDirectoriesFromSeveralPlacesMergeIntoOneCell(@TempDir Path machines) throws Exception {
    // As if each runner of the read cell had run on its own machine and its directory was copied here.
    Path readCell = out.resolve("basicdb/p1/random-read/t2");
    for (int r = 0; r < 2; r++) {
      Path target = machines.resolve("machine-" + r).resolve("runner-" + r);
      Files.createDirectories(target);
      try (var files = Files.list(readCell.resolve("runner-" + r))) {
        for (Path f : files.toList()) {
          Files.copy(f, target.resolve(f.getFileName()));
        }
      }
    }
    ReportData merged = ReportData.collect(List.of(machines.resolve("machine-0"), machines.resolve("machine-1")));
    CellResult original = ReportData.collect(List.of(out)).rows().stream()
        .filter(r -> r.cell().caseName().equals("random-read")).findFirst().orElseThrow();
    assertThat(merged.rows()).containsExactly(original);
    // The status lines YCSB printed with -s are the ones the progress line reads.
    List<String> status = Files.readAllLines(readCell.resolve("runner-0").resolve(ResultFiles.STDERR_FILE)).stream()
        .filter(l -> io.tablestoreycsb.planner.ycsb.StatusLine.operations(l) >= 0).toList();
    assertThat(status).isNotEmpty();
    assertThat(status.stream().mapToDouble(l -> io.tablestoreycsb.planner.ycsb.StatusLine.currentOpsPerSecond(l)
        .orElse(-1)).max().orElse(-1)).isPositive();
  }

  @Test
  @Order(3)
  void aRerunKeepsFinishedCellsAndRedoesTheInterruptedOne() throws Exception {
    Matrix matrix = MatrixParser.parse(MATRIX);
    Path interrupted = out.resolve("basicdb/p1/random-write/t2");
    Path kept = out.resolve("basicdb/p1/random-write/t1/runner-0/runner.json");
    FileTime keptTime = Files.getLastModifiedTime(kept);
    FileTime interruptedTime = Files.getLastModifiedTime(interrupted.resolve("runner-0/runner.json"));
    // An interrupted cell has outputs but no completion marker.
    Files.delete(interrupted.resolve(ResumeMarkers.COMPLETE_MARKER));
    Files.writeString(interrupted.resolve("runner-1/partial-leftover"), "x");

    assertThat(runPlan(matrix)).as(lastOutput).isZero();
    assertThat(lastOutput).contains("[cell 1/3] random-read p=1 threads=2: kept (finished earlier)")
        .contains("[cell 2/3] random-write p=1 threads=1: kept (finished earlier)")
        .contains("[cell 3/3] random-write p=1 threads=2: done").doesNotContain("load usertable_p1");
    assertThat(Files.getLastModifiedTime(kept)).isEqualTo(keptTime);
    assertThat(Files.getLastModifiedTime(interrupted.resolve("runner-0/runner.json"))).isNotEqualTo(interruptedTime);
    assertThat(interrupted.resolve("runner-1/partial-leftover")).doesNotExist();
    assertThat(interrupted.resolve(ResumeMarkers.COMPLETE_MARKER)).exists();
  }

  @Test
  @Order(4)
  void aFailingRunnerFailsItsCellWithItsErrorAndThePlanGoesOn(@TempDir Path dir) throws Exception {
    List<String> lines = new ArrayList<>(Files.readAllLines(MATRIX));
    lines.replaceAll(l -> l.replace("instance-type = basicdb", "instance-type = broken"));
    Path matrixFile = dir.resolve("broken-matrix");
    Files.write(matrixFile, lines);
    Files.copy(MATRIX.resolveSibling("basicdb-workload"), dir.resolve("basicdb-workload"));
    Files.writeString(dir.resolve("basicdb-workload"), "\nbasicdb.simulatedelay=not-a-number\n",
        java.nio.file.StandardOpenOption.APPEND);
    // BasicDB's init throws on the bad delay: every runner fails, YCSB still exits 0.
    int failed = runPlan(MatrixParser.parse(matrixFile));
    assertThat(failed).isEqualTo(3);
    assertThat(lastOutput).contains("load usertable_p1: FAILED").contains("runner 0:")
        .contains("NumberFormatException").contains("[cell 3/3] random-write p=1 threads=2: FAILED");
  }
}
