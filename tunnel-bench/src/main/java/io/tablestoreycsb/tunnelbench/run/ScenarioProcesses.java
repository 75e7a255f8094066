package io.tablestoreycsb.tunnelbench.run;

import io.tablestoreycsb.tunnelbench.report.LostConsumer;
import java.io.IOException;
import java.util.List;

/**
 * A scenario's running writer and consumers. Once they have ended, {@link #collect()} leaves every
 * result set in the process's local directory, where the analysis reads it the same way whatever ran it.
 */
public interface ScenarioProcesses extends AutoCloseable {
  BenchProcess writer();

  List<BenchProcess> consumers();

  /**
   * How long the processes may take to reach their start gates: child JVMs load the SDK in seconds (a
   * loaded machine gets 120 s); pods may wait for a node and an image pull first.
   */
  default java.time.Duration readyTimeout() {
    return java.time.Duration.ofSeconds(120);
  }

  /** How far ahead of now a release instant is set, so that every process hears of it before it comes. */
  default long releaseLeadMs() {
    return 100;
  }

  /** Where the processes are while they start ("pods: 1 Pending (ContainerCreating), 2 Running"), or "". */
  String startingState();

  /** Consumers that were lost while syncing (killed, evicted) and why; empty when none was. */
  List<LostConsumer> lostConsumers();

  /**
   * The distinct rows every consumer (lost ones included) has stored so far, where the consumers keep
   * them as they go (a cluster's object store); empty where they do not.
   */
  default java.util.OptionalLong consumedSoFar() throws IOException {
    return java.util.OptionalLong.empty();
  }

  /** Brings the result sets into the local directories (nothing to do for local processes). */
  void collect() throws IOException, InterruptedException;

  /** Ends whatever still runs and releases what the processes held (a cluster's Jobs). */
  @Override
  void close();
}
