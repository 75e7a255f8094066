package io.tablestoreycsb.tunnelbench.scenario;

import java.time.Duration;

/**
 * One run of the paper's procedure: a table pre-split into {@code partitions}, a Stream tunnel on it,
 * {@code consumers} TunnelWorker processes, and writers loading the table for {@code writeTime}.
 *
 * @param group the scenarios-file section it came from
 * @param partitions partitions of the table, so channels of the tunnel
 * @param consumers TunnelWorker processes ("servers" in the paper)
 * @param settings how rows are written and how long to wait
 */
public record Scenario(String group, int partitions, int consumers, Settings settings) {

  /**
   * The settings a [plan] section gives every scenario and a scenario section may change.
   *
   * @param writeTime how long the writers write
   * @param warmup the start of the write time left out of the steady rate
   * @param writerThreads writer threads (one writer process)
   * @param rowsPerSecond total write rate; 0 = as fast as the endpoint answers
   * @param batchRows rows per BatchWriteRow (at most 200)
   * @param rowBytes bytes per row as Tablestore counts them
   * @param drainTimeout how long after the writers stop the consumers may take to sync the rest
   * @param partitionCapacity rows per second each partition of the embedded mock serves (0 = unlimited);
   *     ignored against a real instance
   */
  public record Settings(Duration writeTime, Duration warmup, int writerThreads, double rowsPerSecond, int batchRows,
      int rowBytes, Duration drainTimeout, double partitionCapacity) {}

  /** "2 consumers, 8 partitions": the report's and the progress lines' name for it. */
  public String label() {
    return consumers + (consumers == 1 ? " consumer, " : " consumers, ") + partitions
        + (partitions == 1 ? " partition" : " partitions");
  }
}
