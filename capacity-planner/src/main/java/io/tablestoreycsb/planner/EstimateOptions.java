package io.tablestoreycsb.planner;

import io.tablestoreycsb.planner.plan.EstimateAssumptions;
import picocli.CommandLine.Option;

/** The estimate's assumptions and prices, shared by {@code estimate} and {@code run}. */
final class EstimateOptions {
  @Option(names = "--assume-latency", paramLabel = "MS", defaultValue = "4",
      description = "Milliseconds a request is assumed to take, for the estimate: a runner thread then does at"
          + " most 1000/MS requests a second (default: ${DEFAULT-VALUE}, the white paper's example).")
  double latencyMs;

  @Option(names = "--assume-partition-rate", paramLabel = "ROWS_PER_SECOND", defaultValue = "10000",
      description = "Rows a second one partition is assumed to serve at most, for the estimate; 0: no limit"
          + " (default: ${DEFAULT-VALUE}, where the service may throttle a partition key).")
  double partitionRate;

  @Option(names = "--price-per-cu", paramLabel = "PRICE",
      description = "Price of one capacity unit, read or write (your region's pay-as-you-go price), for the cost.")
  Double pricePerCu;

  @Option(names = "--price-per-read-cu", paramLabel = "PRICE", description = "Price of one read CU (overrides"
      + " --price-per-cu for reads).")
  Double pricePerReadCu;

  @Option(names = "--price-per-write-cu", paramLabel = "PRICE", description = "Price of one write CU (overrides"
      + " --price-per-cu for writes).")
  Double pricePerWriteCu;

  EstimateAssumptions assumptions() {
    double read = pricePerReadCu != null ? pricePerReadCu : pricePerCu != null ? pricePerCu : Double.NaN;
    double write = pricePerWriteCu != null ? pricePerWriteCu : pricePerCu != null ? pricePerCu : Double.NaN;
    if (Double.isNaN(read) != Double.isNaN(write)) {
      throw new IllegalArgumentException("give both --price-per-read-cu and --price-per-write-cu, or --price-per-cu");
    }
    return new EstimateAssumptions(latencyMs, partitionRate, read, write);
  }
}
