package io.tablestoreycsb.planner.analysis;

/**
 * What a cell's runners did per second of its measured window, summed over the runners.
 *
 * @param qpsRows QPS(row): rows per second
 * @param requestsPerSecond requests per second
 * @param requests requests measured (in the merged latency histogram)
 * @param failed failed operations (YCSB's *-FAILED measurements) plus batch rows failed
 * @param mbPerSecond payload megabytes (10^6) per second: rows/s x row bytes
 * @param readCuPerSecond consumed read CU per second (binding stats), or NaN when not reported
 * @param writeCuPerSecond consumed write CU per second, or NaN
 */
public record Rates(double qpsRows, double requestsPerSecond, long requests, long failed, double mbPerSecond,
    double readCuPerSecond, double writeCuPerSecond) {

  /** Capacity units consumed per hour at this rate, or NaN when the DB did not report them. */
  public double cuPerHour() {
    return (readCuPerSecond + writeCuPerSecond) * 3600;
  }
}
