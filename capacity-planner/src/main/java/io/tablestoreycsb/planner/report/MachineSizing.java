package io.tablestoreycsb.planner.report;

import io.tablestoreycsb.kit.report.Formats;

/**
 * How a plan on the embedded mock was fitted to the one machine that runs its runners and the mock together,
 * when no capacity was given: as many runners as processors, and partitions whose capacity keeps the plan's
 * largest table within what those processors drive. At the mock's usual 1,000 rows/s a partition, a 16-partition
 * table asks a 2-processor machine for 16,000 single-row requests a second, which no runner there can send: every
 * such cell would be bound by the runner host and answer nothing about partition scaling. Runner JVMs beyond the
 * processors add only their own compiling and threads. Both scale with the processors, so the requests in flight
 * per partition, and with them the latencies, stay alike from machine to machine.
 *
 * @param processors the processors of this machine
 * @param requestsPerProcessor single-row requests a second each processor is counted on for, runners and mock
 *     together, with room for the runners' compiling and for other work
 * @param largestPartitionCount the most partitions a table of the plan has
 * @param matrixRunners the runners the matrix asks for
 */
public record MachineSizing(int processors, double requestsPerProcessor, int largestPartitionCount,
    int matrixRunners) {
  /**
   * Runners and the mock on a 2-processor VM: about 11,000 single-row requests a second unthrottled with both
   * processors busy, 3,800 a second throttled while 5 runners still compiled; with 2 runners, 5,264 a second from
   * 16 partitions of 400 judged service-bound (bin/quickstart, 2026-11-28).
   */
  public static final double REQUESTS_PER_PROCESSOR = 3_200;

  /** The sizing for {@code processors} and a plan of {@code matrixRunners} whose largest table has {@code largestPartitionCount}. */
  public static MachineSizing forThisMachine(int processors, int largestPartitionCount, int matrixRunners) {
    return new MachineSizing(processors, REQUESTS_PER_PROCESSOR, largestPartitionCount, matrixRunners);
  }

  /** The runners: the matrix's, at most one per processor. */
  public int runners() {
    return Math.max(1, Math.min(matrixRunners, processors));
  }

  /**
   * Rows a second each partition serves: the machine's requests over the largest table, rounded down to 1, 1.5, 2,
   * 2.5, 3, 4, 5, 6 or 8 x 10^n.
   */
  public double partitionCapacity() {
    double raw = processors * requestsPerProcessor / Math.max(1, largestPartitionCount);
    double decade = Math.pow(10, Math.floor(Math.log10(raw)));
    double nice = decade;
    for (double step : new double[] {1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10}) {
      if (step * decade <= raw * (1 + 1e-9)) {
        nice = step * decade;
      }
    }
    return nice;
  }

  /** For the report's header. */
  String describe() {
    return "sized to the machine the runners and the mock shared: " + processors + " processor"
        + (processors == 1 ? "" : "s") + " x " + Formats.num(requestsPerProcessor) + " single-row requests/s each over"
        + " the plan's largest table of " + largestPartitionCount + " partition" + (largestPartitionCount == 1 ? "" : "s")
        + ", and " + runners() + " runner" + (runners() == 1 ? "" : "s") + " of the matrix's " + matrixRunners
        + " (one per processor); --partition-capacity sets the capacity and keeps the matrix's runners";
  }
}
