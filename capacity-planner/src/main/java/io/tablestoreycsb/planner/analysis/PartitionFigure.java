package io.tablestoreycsb.planner.analysis;

/**
 * One partition of a cell's table, merged over the cell's runners: counts are sums, latencies come
 * from the runners' per-partition HdrHistograms added into one (never averaged percentiles).
 *
 * @param partition its index, in key order from 0
 * @param start its first key ("" for the first partition)
 * @param qpsRows rows read or written on it per second of the cell's measured window (each runner's
 *     whole-run rows on it scaled to the window by the runner's share of requests in the window, as the
 *     capacity units are)
 * @param share its part of the cell's rows, 0..1
 * @param rows rows read or written on it over the runners' whole runs
 * @param requests requests on it over the whole runs (a batch counts on every partition it touched)
 * @param errors failed requests and rows on it
 * @param latency its requests' latency over the whole runs, or null when it had none
 */
public record PartitionFigure(int partition, String start, double qpsRows, double share, long rows, long requests,
    long errors, Latency latency) {
  /** A partition at or above this multiple of the mean partition's rows is called hot. */
  public static final double HOT = 1.5;
}
