package io.tablestoreycsb.planner.runner;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.binding.client.ClientWarmUp.Operation;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** Which kinds of request a cell's warm-up sends, read from the workloads the planner's cases run. */
class WarmUpOperationsTest {
  private static final Path WORKLOADS = Path.of("..", "workloads").toAbsolutePath().normalize();

  @Test
  void eachCaseOfThePaperWarmsUpTheRequestItMeasures() throws Exception {
    assertThat(ops("tablestore-random-write", "-load")).containsExactly(Operation.PUT_ROW);
    assertThat(ops("tablestore-batch-write", "-load")).containsExactly(Operation.BATCH_WRITE_ROW);
    assertThat(ops("tablestore-random-read", "-t")).containsExactly(Operation.GET_ROW);
    assertThat(ops("tablestore-range-read", "-t")).containsExactly(Operation.GET_RANGE);
  }

  @Test
  void aMixedWorkloadWarmsUpEachOfItsOperationsAndYcsbsDefaultsCount() throws Exception {
    // workloada: 50% read, 50% update
    assertThat(ops("tablestore-workloada", "-t")).containsExactlyInAnyOrder(Operation.GET_ROW, Operation.UPDATE_ROW);
    // workloadf: read and read-modify-write
    assertThat(ops("tablestore-workloadf", "-t")).containsExactlyInAnyOrder(Operation.GET_ROW, Operation.UPDATE_ROW);
    // No proportions at all: YCSB's 95% read and 5% update.
    assertThat(WarmUpOperations.of(List.of("-t"), new Properties())).containsExactlyInAnyOrder(Operation.GET_ROW,
        Operation.UPDATE_ROW);
  }

  @Test
  void aMatrixPropertyOverridesTheWorkloadsBatchSize() throws Exception {
    List<String> args = List.of("-P", WORKLOADS.resolve("tablestore-batch-write").toString(), "-p",
        "tablestore.batchsize=1", "-load");
    assertThat(WarmUpOperations.of(args, YcsbArguments.properties(args))).containsExactly(Operation.PUT_ROW);
  }

  private static java.util.Set<Operation> ops(String workload, String phase) throws Exception {
    List<String> args = List.of("-P", WORKLOADS.resolve(workload).toString(), phase);
    return WarmUpOperations.of(args, YcsbArguments.properties(args));
  }
}
