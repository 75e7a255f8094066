package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.planner.runner.CellKey;
import io.tablestoreycsb.planner.runner.RunnerMain;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import io.tablestoreycsb.kit.child.StartGate;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.matrix.MatrixParser;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlanShapeTest {
  private static final Path HP = Path.of("..", "workloads", "matrix", "high-performance");
  private static final Path WORKLOADS = Path.of("..", "workloads").toAbsolutePath().normalize();

  @Test
  void readCasesRunBeforeWriteCasesOnEachTable() throws Exception {
    Matrix m = MatrixParser.parse(HP).quickened();
    List<PlannedCell> cells = CellOrder.of(m, CellFilter.ALL, null);
    assertThat(cells).hasSize(3 * 4 * 2);
    assertThat(cells.subList(0, 8)).extracting(c -> c.key().caseName() + "/" + c.key().threads())
        .containsExactly("random-read/1", "random-read/100", "range-read/1", "range-read/50",
            "random-write/1", "random-write/100", "batch-write/1", "batch-write/40");
    assertThat(cells).extracting(c -> c.key().partitions()).startsWith(1, 1, 1, 1, 1, 1, 1, 1, 4).endsWith(16);
  }

  @Test
  void onlyAndSweepSelectCells() throws Exception {
    Matrix m = MatrixParser.parse(HP);
    List<PlannedCell> cells = CellOrder.of(m, CellFilter.parse("case=batch-write,case=random-read,partitions=4"),
        Sweep.parse("tablestore.batchsize=1,10,50,100,200"));
    // random-read: 7 thread points, once; batch-write: 6 thread points x 5 batch sizes.
    assertThat(cells).hasSize(7 + 6 * 5);
    assertThat(cells).allSatisfy(c -> assertThat(c.key().partitions()).isEqualTo(4));
    PlannedCell swept = cells.get(7);
    assertThat(swept.key().sweep()).isEqualTo("tablestore.batchsize=1");
    assertThat(swept.key().relativeDir()).isEqualTo("high-performance/p4/batch-write/t1-tablestore.batchsize=1");
    // Batch size 1 is PutRow (INSERT); larger sizes are BatchWriteRow requests of that many rows.
    assertThat(swept.spec().measure()).isEqualTo("INSERT");
    assertThat(cells.get(8).spec().measure()).isEqualTo("BATCH_WRITE");
    assertThat(cells.get(8).spec().rowsPerRequest()).isEqualTo(10);
    assertThat(cells.stream().filter(c -> c.key().caseName().equals("random-read")))
        .allSatisfy(c -> assertThat(c.key().sweep()).isEmpty());
  }

  @Test
  void runnersGetDisjointKeySlices() throws Exception {
    Matrix m = MatrixParser.parse(HP).quickened();
    RunnerSpecFactory factory = new RunnerSpecFactory(m, Path.of("endpoint.properties"), List.of());
    List<PlannedCell> cells = CellOrder.of(m, CellFilter.parse("partitions=4,threads=1"), null);
    PlannedCell read = cells.get(0);
    List<RunnerSpec> readers = factory.cell(read, Path.of("out"));
    assertThat(readers).hasSize(5);
    assertThat(readers).extracting(s -> s.slice().insertStart()).containsExactly(0L, 1600L, 3200L, 4800L, 6400L);
    assertThat(readers).extracting(s -> s.slice().insertCount()).containsOnly(1600L);
    PlannedCell write = cells.stream().filter(c -> c.key().caseName().equals("random-write")).findFirst().orElseThrow();
    List<RunnerSpec> writers = factory.cell(write, Path.of("out"));
    assertThat(writers.get(0).slice().insertStart()).isEqualTo(8000L); // after the 4 x 2,000 loaded rows
    assertThat(writers.get(1).slice().insertStart() - writers.get(0).slice().insertStart()).isEqualTo(writers.get(0).slice().insertCount());
    List<String> cmd = writers.get(2).localCommand("java", "cp",
        new StartGate(0, Path.of("out/ready"), Path.of("out/release"), java.time.Duration.ofSeconds(5)));
    // The runner waits at its gate, then runs YCSB's client with the arguments after "--".
    assertThat(cmd).containsSubsequence(RunnerMain.class.getName(), "--release-file", "--", "-db",
        "io.tablestoreycsb.binding.TablestoreClient")
        .contains("table=usertable_p4", "maxexecutiontime=5", "measurementtype=hdrhistogram",
            "hdrhistogram.fileoutput=true", "tablestore.batchsize=1", "-load")
        .containsSubsequence("-P", "endpoint.properties").endsWith("-threads", "1", "-s", "-load");
    assertThat(String.join(" ", cmd)).doesNotContain("accesskeysecret");
    assertThat(writers.get(0).rowBytes()).isEqualTo(20 + 5 * 100);
  }

  /** The endpoint file comes as a -P; the load's batch size as a -p after it, which YCSB lets win. */
  @Test
  void theLoadBatchesWhateverTheEndpointFileSays() throws Exception {
    Matrix m = MatrixParser.parse(HP).quickened();
    RunnerSpecFactory factory = new RunnerSpecFactory(m, Path.of("endpoint.properties"), List.of());
    CellKey key = new CellKey(m.instanceType(), "load", 4, m.loadThreads(), "");

    assertThat(factory.loadBatchSize()).hasValue(200);
    assertThat(factory.load(key, Path.of("out"))).allSatisfy(runner ->
        assertThat(runner.ycsbArguments(Path.of("out"))).containsSubsequence(
            "-P", "endpoint.properties", "-p", "tablestore.batchsize=200").contains("-load"));
  }

  @Test
  void writeSlicesStayWithinYcsbIntKeyNumbers() throws Exception {
    // 16 partitions x 36 million loaded rows + 5 runners x 400 million would reach key 2,576,000,000.
    Matrix m = MatrixParser.parse(Path.of("..", "workloads", "matrix", "capacity"));
    RunnerSpecFactory factory = new RunnerSpecFactory(m, Path.of("endpoint.properties"), List.of());
    List<PlannedCell> cells = CellOrder.of(m, CellFilter.parse("case=random-write"), null);
    PlannedCell p16 = cells.stream().filter(c -> c.key().partitions() == 16).findFirst().orElseThrow();
    List<RunnerSpec> writers = factory.cell(p16, Path.of("out"));
    assertThat(writers).extracting(s -> s.slice().insertCount()).containsOnly(314_296_729L);
    RunnerSpec last = writers.get(writers.size() - 1);
    assertThat(last.slice().insertStart() + last.slice().insertCount()).isLessThanOrEqualTo(Integer.MAX_VALUE);
    // Each runner's properties pass the binding's own check of a load.
    for (RunnerSpec w : writers) {
      java.util.Properties p = new java.util.Properties();
      p.putAll(w.ycsb().properties());
      p.setProperty("insertstart", Long.toString(w.slice().insertStart()));
      p.setProperty("insertcount", Long.toString(w.slice().insertCount()));
      p.setProperty("dotransactions", "false");
      io.tablestoreycsb.binding.config.KeyNumberLimits.check(p);
    }
    PlannedCell p4 = cells.stream().filter(c -> c.key().partitions() == 4).findFirst().orElseThrow();
    assertThat(factory.cell(p4, Path.of("out"))).extracting(s -> s.slice().insertCount()).containsOnly(400_000_000L);
  }

  @Test
  void anOpenLoopCaseRunsACellPerTargetEachRunnerPacedAtItsShare(@TempDir Path dir) throws Exception {
    java.nio.file.Files.writeString(dir.resolve("m"), String.join("\n", "[plan]", "partitions = 4", "runners = 5",
        "rows-per-partition = 100", "load-workload = " + WORKLOADS.resolve("tablestore-batch-write"),
        "[case range-read]", "workload = " + WORKLOADS.resolve("tablestore-range-read"),
        "phase = run", "measure = SCAN", "rows-per-request = 100", "threads = 8", "target = 10000, 20000",
        "duration = 10s", "[case batch-write]", "workload = " + WORKLOADS.resolve("tablestore-batch-write"),
        "phase = load", "measure = BATCH_WRITE", "rows-per-request = 200", "threads = 2", "target = 5000",
        "duration = 10s", ""));
    Matrix m = MatrixParser.parse(dir.resolve("m"));
    List<PlannedCell> cells = CellOrder.of(m, CellFilter.ALL, Sweep.parse("tablestore.batchsize=100,200"));

    assertThat(cells).extracting(c -> c.key().relativeDir()).containsExactly(
        "m/p4/range-read/t8-target=10000", "m/p4/range-read/t8-target=20000",
        "m/p4/batch-write/t2-tablestore.batchsize=100__target=5000",
        "m/p4/batch-write/t2-tablestore.batchsize=200__target=5000");
    RunnerSpecFactory factory = new RunnerSpecFactory(m, Path.of("endpoint.properties"), List.of());
    // 10,000 rows/s of 100-row range reads over 5 runners: 20 GetRanges a second each.
    assertThat(factory.cell(cells.get(0), Path.of("out")).get(0).ycsb().properties())
        .containsEntry("target", "20").containsEntry("measurement.interval", "both");
    // A batch write's YCSB operation is one row: 5,000 rows/s over 5 runners is 1,000 operations a second.
    assertThat(factory.cell(cells.get(3), Path.of("out")).get(4).ycsb().properties()).containsEntry("target", "1000");
    PlanEstimate e = PlanEstimate.of(m, cells, new EstimateAssumptions(4, 100, Double.NaN, Double.NaN));
    assertThat(e.cases().get(0).maxRowsPerSecond()).isEqualTo(20_000); // a target is not capped
  }

  @Test
  void aTargetTooSmallToPaceIsRefused() {
    List<String> lines = List.of("[plan]", "partitions = 1", "runners = 5", "[case c]", "workload = w",
        "phase = run", "measure = SCAN", "rows-per-request = 100", "threads = 1", "duration = 5s",
        "target = 400");
    assertThatThrownBy(() -> MatrixParser.parse(Path.of("m.ini"), lines)).hasMessage("m.ini:11: target 400 rows/s"
        + " over 5 runners is under one YCSB operation(s) a second per runner (an operation is 100 rows)");
  }

  @Test
  void badOptionsAreNamed() {
    assertThatThrownBy(() -> CellFilter.parse("case=x,partition=4")).hasMessageContaining("unknown key 'partition'");
    assertThatThrownBy(() -> CellFilter.parse("partitions=four")).hasMessageContaining("'partitions=four' needs a whole number");
    assertThatThrownBy(() -> Sweep.parse("fieldlength")).hasMessageContaining("must look like property=v1,v2");
    assertThatThrownBy(() -> Sweep.parse("fieldlength=100,,200")).hasMessageContaining("empty value");
    assertThatThrownBy(() -> Sweep.parse("tablestore.batchsiz=1,200"))
        .hasMessage("--sweep: unknown property tablestore.batchsiz; did you mean tablestore.batchsize?");
  }
}
