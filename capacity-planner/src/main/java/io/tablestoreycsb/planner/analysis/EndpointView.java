package io.tablestoreycsb.planner.analysis;

import java.util.List;

/**
 * The mock endpoint's own view of a cell's measured window ({@code GET /mock/load} read about once a second
 * by the runners): per partition of the cell's table, how busy its capacity limiter was and how long
 * responses queued for it, and the latency its rules injected.
 *
 * @param table the table the limiter reserved the most time on in the window
 * @param seconds the span the readings cover, by the mock's clock
 * @param partitions the table's partitions the limiter saw, by index
 * @param injected per action, the latency rules' delay in the window
 * @param endpointCores processor cores the mock's process used (NaN when it did not say)
 * @param local whether the mock ran on the runner's host (127.0.0.1, localhost)
 */
public record EndpointView(String table, double seconds, List<PartitionLoad> partitions,
    List<InjectedLatency> injected, double endpointCores, boolean local) {

  /** At or above this busy share a partition is at its capacity: requests queue for it. */
  public static final double AT_CAPACITY = 0.90;

  public EndpointView {
    partitions = List.copyOf(partitions);
    injected = List.copyOf(injected);
  }

  /**
   * One partition's limiter over the window.
   *
   * @param partition its index, in key order from 0
   * @param busy the share of the window its capacity was reserved (1.0: it served its rate all along)
   * @param rowsPerSecond rows reserved per second
   * @param meanWaitMs how long a response waited for the capacity on average, queueing and its own service
   */
  public record PartitionLoad(int partition, double busy, double rowsPerSecond, double meanWaitMs) {}

  /**
   * One action's injected latency over the window.
   *
   * @param action the action ("GetRow")
   * @param requestsPerSecond its requests a rule delayed, per second
   * @param meanMs the mean delay a rule added
   */
  public record InjectedLatency(String action, double requestsPerSecond, double meanMs) {}

  /** The busiest partition, or null when the limiter reserved nothing (no capacity limit). */
  public PartitionLoad busiest() {
    PartitionLoad most = null;
    for (PartitionLoad p : partitions) {
      if (most == null || p.busy() > most.busy()) {
        most = p;
      }
    }
    return most;
  }

  /**
   * How long responses waited for their rows to be served, on average over the partitions (each weighted by its
   * rows); 0 without a capacity limit.
   */
  public double meanServeMs() {
    double rows = 0;
    double weighted = 0;
    for (PartitionLoad p : partitions) {
      rows += p.rowsPerSecond();
      weighted += p.rowsPerSecond() * p.meanWaitMs();
    }
    return rows > 0 ? weighted / rows : 0;
  }

  /** The partitions at capacity. */
  public long atCapacity() {
    return partitions.stream().filter(p -> p.busy() >= AT_CAPACITY).count();
  }

  /** The action with the most injected delay per second, or null when none was injected. */
  public InjectedLatency mostInjected() {
    InjectedLatency most = null;
    for (InjectedLatency i : injected) {
      if (most == null || i.requestsPerSecond() * i.meanMs() > most.requestsPerSecond() * most.meanMs()) {
        most = i;
      }
    }
    return most;
  }
}
