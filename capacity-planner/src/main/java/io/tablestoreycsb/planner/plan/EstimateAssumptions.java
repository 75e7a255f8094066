package io.tablestoreycsb.planner.plan;

/**
 * What an estimate assumes about a service it has not measured yet, and the prices it multiplies by.
 *
 * @param requestLatencyMs how long one request takes: a closed-loop runner thread completes at most
 *     1000 / this requests a second (the white paper's worked example: 4 ms)
 * @param partitionRowsPerSecond rows a partition serves at most per second; 0 = no limit assumed
 * @param readPricePerCu price of one read CU (pay-as-you-go), NaN when not given
 * @param writePricePerCu price of one write CU, NaN when not given
 */
public record EstimateAssumptions(double requestLatencyMs, double partitionRowsPerSecond, double readPricePerCu,
    double writePricePerCu) {

  /** The white paper's worked example: 4 ms a request. */
  public static final double DEFAULT_LATENCY_MS = 4;
  /**
   * About where the service may answer OTSCapacityUnitExhausted to one partition key (10,000 CU a
   * second, tablestore-protocol.md): for rows of one CU, 10,000 rows a second.
   */
  public static final double DEFAULT_PARTITION_ROWS_PER_SECOND = 10_000;

  public EstimateAssumptions {
    if (!(requestLatencyMs > 0) || Double.isInfinite(requestLatencyMs)) {
      throw new IllegalArgumentException("--assume-latency must be a positive number of milliseconds, got "
          + requestLatencyMs);
    }
    if (!(partitionRowsPerSecond >= 0) || Double.isInfinite(partitionRowsPerSecond)) {
      throw new IllegalArgumentException("--assume-partition-rate must be 0 (no limit) or a positive number of rows"
          + " per second, got " + partitionRowsPerSecond);
    }
    checkPrice("--price-per-read-cu", readPricePerCu);
    checkPrice("--price-per-write-cu", writePricePerCu);
  }

  /** The same assumptions with each partition serving at most {@code rowsPerSecond} rows (0: no limit). */
  public EstimateAssumptions withPartitionRowsPerSecond(double rowsPerSecond) {
    return new EstimateAssumptions(requestLatencyMs, rowsPerSecond, readPricePerCu, writePricePerCu);
  }

  private static void checkPrice(String option, double price) {
    if (!Double.isNaN(price) && (price < 0 || Double.isInfinite(price))) {
      throw new IllegalArgumentException(option + " must be a price of 0 or more, got " + price);
    }
  }

  public boolean priced() {
    return !Double.isNaN(readPricePerCu) && !Double.isNaN(writePricePerCu);
  }
}
