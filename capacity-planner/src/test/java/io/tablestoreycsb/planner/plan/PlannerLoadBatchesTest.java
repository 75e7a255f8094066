package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.planner.local.LocalCellExecutor;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.matrix.MatrixParser;
import io.tablestoreycsb.planner.runner.CellKey;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The planner loads a table with BatchWriteRow of the load workload's size even when the user's
 * endpoint file and the matrix set tablestore.batchsize=1 (the shipped conf once did: a load of N
 * rows became N PutRow), and says which size it used.
 */
class PlannerLoadBatchesTest {
  private static final Path WORKLOADS = Path.of("..", "workloads").toAbsolutePath().normalize();

  @Test
  void aTableIsLoadedWithBatchesOf200WhateverTheEndpointFileAndTheMatrixSay(@TempDir Path dir) throws Exception {
    Path matrixFile = Files.writeString(dir.resolve("matrix"), String.join("\n",
        "[plan]",
        "instance-type = mock",
        "runners = 2",
        "partitions = 1",
        "rows-per-partition = 1000",
        "load-threads = 2",
        "load-workload = " + WORKLOADS.resolve("tablestore-batch-write"),
        "property.fieldcount = 2",
        "property.fieldlength = 10",
        "property.tablestore.batchsize = 1",
        "[case random-read]",
        "workload = " + WORKLOADS.resolve("tablestore-random-read"),
        "phase = run", "measure = READ", "threads = 1", "duration = 5s", ""));
    Matrix matrix = MatrixParser.parse(matrixFile);
    ByteArrayOutputStream log = new ByteArrayOutputStream();
    try (MockTablestore mock = MockTablestore.builder().start()) {
      Path props = dir.resolve("my.properties");
      mock.writeProperties(props);
      Files.writeString(props, "tablestore.batchsize=1\n", StandardOpenOption.APPEND);
      RunnerSpecFactory runners = new RunnerSpecFactory(matrix, props, List.of("-Xmx256m"));
      List<String> command = runners.load(new CellKey("mock", "load", 1, 2, ""), dir.resolve("load")).get(0)
          .ycsbArguments(dir);
      assertThat(command).as("the -p comes after the endpoint file, so it wins")
          .containsSubsequence("-P", props.toString(), "-p", "tablestore.batchsize=200");
      BindingTableAdmin tables = new BindingTableAdmin(props);
      tables.ensureTable("usertable_p1", 1);
      LoadStep load = new LoadStep(new PlanSetup(matrix, runners, LocalCellExecutor.ofThisJvm(), tables,
          dir.resolve("out"), new Progress(new PrintStream(log, true, StandardCharsets.UTF_8), Duration.ofSeconds(1))));

      boolean loaded = load.ensureLoaded(1);

      String output = log.toString(StandardCharsets.UTF_8);
      assertThat(loaded).as(output).isTrue();
      assertThat(output).contains("load usertable_p1: 1,000 rows (1,000 per partition) with BatchWriteRow of 200 rows"
          + " from 2 runners x 2 threads").contains("verified 1,000 rows");
      assertThat(mock.journal().requests(ActionName.PUT_ROW)).as("single-row writes").isEmpty();
      assertThat(mock.journal().requests(ActionName.BATCH_WRITE_ROW)).isNotEmpty()
          .allSatisfy(request -> assertThat(request.rowCount()).isBetween(1, 200));
      assertThat(mock.journal().requests(ActionName.BATCH_WRITE_ROW).stream().mapToInt(r -> r.rowCount()).sum())
          .isEqualTo(1000);
    }
  }

  @Test
  void theLoadWorkloadsOwnBatchSizeIsKeptAndABadOneIsNamed(@TempDir Path dir) throws Exception {
    Path workload = Files.writeString(dir.resolve("load-50"), "workload=site.ycsb.workloads.CoreWorkload\n"
        + "tablestore.batchsize=50\n");
    assertThat(factory(dir, workload).loadBatchSize()).hasValue(50);

    Path none = Files.writeString(dir.resolve("load-none"), "workload=site.ycsb.workloads.CoreWorkload\n");
    assertThat(factory(dir, none).loadBatchSize()).hasValue(200);

    Path bad = Files.writeString(dir.resolve("load-bad"), "workload=site.ycsb.workloads.CoreWorkload\n"
        + "tablestore.batchsize=500\n");
    assertThatThrownBy(() -> factory(dir, bad).loadBatchSize())
        .hasMessage(bad + ": tablestore.batchsize=500 must be a whole number from 1 to 200");
  }

  private static RunnerSpecFactory factory(Path dir, Path loadWorkload) throws Exception {
    Path matrixFile = Files.writeString(dir.resolve("m-" + loadWorkload.getFileName()), String.join("\n",
        "[plan]", "instance-type = mock", "runners = 1", "partitions = 1", "rows-per-partition = 10",
        "load-threads = 1", "load-workload = " + loadWorkload,
        "[case random-read]", "workload = " + WORKLOADS.resolve("tablestore-random-read"),
        "phase = run", "measure = READ", "threads = 1", "duration = 5s", ""));
    return new RunnerSpecFactory(MatrixParser.parse(matrixFile), null, List.of());
  }
}
