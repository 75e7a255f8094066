package io.tablestoreycsb.tunnelbench.run;

import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.tunnelbench.child.Endpoint;
import java.util.List;

/**
 * What every step of a run shares: where to connect, the embedded mock when there is one (for its
 * per-partition capacity and its CPU), the JVM options of the child processes and the progress lines.
 *
 * @param endpoint the endpoint every process connects to
 * @param mock the mock running in this JVM, or null against another endpoint
 * @param childJvmOptions JVM options of the consumer, writer and scanner processes
 * @param progress where progress lines go
 */
public record Coordinator(Endpoint endpoint, MockTablestore mock, List<String> childJvmOptions,
    BenchProgress progress) {

  public boolean embedded() {
    return mock != null;
  }

  /** Sets the embedded mock's per-partition capacity (rows/s, 0 = unlimited); nothing against another endpoint. */
  public void partitionCapacity(double rowsPerSecond) {
    if (mock != null) {
      mock.faultPlan().setPartitionCapacity(rowsPerSecond);
    }
  }
}
