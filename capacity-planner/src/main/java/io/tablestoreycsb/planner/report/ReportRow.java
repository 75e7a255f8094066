package io.tablestoreycsb.planner.report;

import io.tablestoreycsb.planner.matrix.Slo;

/**
 * One cell of the report: the paper's columns plus what a capacity plan needs. Latencies are
 * milliseconds, from the runners' HdrHistograms merged (never averaged).
 *
 * @param instanceType instance type label
 * @param caseName case
 * @param sweep sweep setting or ""
 * @param partitions partition count
 * @param runners runner processes
 * @param threads threads per runner
 * @param measure YCSB measurement used as the request latency
 * @param rowsPerRequest rows per request
 * @param qpsRows QPS(row): rows per second, summed over runners
 * @param requestsPerSecond requests per second, summed over runners
 * @param avgMs mean request latency
 * @param p50Ms median
 * @param p95Ms 95th percentile
 * @param p99Ms 99th percentile
 * @param p999Ms 99.9th percentile
 * @param maxMs maximum
 * @param requests requests measured
 * @param failed failed operations (YCSB's *-FAILED measurements) plus batch rows failed
 * @param mbPerSecond payload megabytes (10^6) per second: rows/s x row bytes
 * @param readCuPerSecond consumed read CU per second (binding stats), or NaN when not reported
 * @param writeCuPerSecond consumed write CU per second, or NaN
 * @param cpuCoresPerRunner mean CPU cores one runner used over its life
 * @param peakMemMbPerRunner largest peak RSS of a runner, MB
 * @param ioMbPerSecondPerRunner mean read+write system-call bytes per second of a runner, MB/s
 * @param predictedQpsRows the identity 1000 / avg(ms) x runners x threads x rows per request
 * @param measuredOverPredicted qpsRows / predictedQpsRows
 * @param limit "service" or why the client was the limit
 * @param plateau true when this thread point added under 10% QPS over the previous one
 * @param hosts hosts the runners ran on
 * @param windowSeconds length of the measured window: the time every runner's steady span covered
 * @param windowStartEpochMs start of that window
 * @param warmupSeconds from the runners' start to the window: left out of the figures
 * @param startSkewMs from the first to the last runner's start, or NaN when not recorded
 * @param clockSpreadMs how far apart the runners' clocks were (largest minus smallest offset to the
 *     endpoint's clock), or NaN when not every runner measured its clock
 * @param clockSpreadUncertaintyMs plus or minus this, or NaN
 * @param slo the latency objective the cell is judged by, or null
 * @param sloLatencyMs the cell's latency at the objective's percentile (from the intended start for an
 *     open-loop cell), or NaN without an objective
 * @param targetRowsPerSecond an open-loop cell's target, rows/s over all runners; NaN for a closed loop
 * @param intended an open-loop cell's latency from each operation's intended start (coordinated omission
 *     corrected), or null for a closed loop
 * @param stopped why the cell ended ({@link CellStop}), or "" when not recorded
 * @param partitionFigures the cell's table partition by partition (rows/s, requests, errors, latency),
 *     merged over its runners; empty when the DB did not count them
 */
public record ReportRow(
    String instanceType,
    String caseName,
    String sweep,
    int partitions,
    int runners,
    int threads,
    String measure,
    int rowsPerRequest,
    double qpsRows,
    double requestsPerSecond,
    double avgMs,
    double p50Ms,
    double p95Ms,
    double p99Ms,
    double p999Ms,
    double maxMs,
    long requests,
    long failed,
    double mbPerSecond,
    double readCuPerSecond,
    double writeCuPerSecond,
    double cpuCoresPerRunner,
    double peakMemMbPerRunner,
    double ioMbPerSecondPerRunner,
    double predictedQpsRows,
    double measuredOverPredicted,
    String limit,
    boolean plateau,
    String hosts,
    double windowSeconds,
    long windowStartEpochMs,
    double warmupSeconds,
    double startSkewMs,
    double clockSpreadMs,
    double clockSpreadUncertaintyMs,

    Slo slo,
    double sloLatencyMs,
    double targetRowsPerSecond,
    Latency intended,
    String stopped,
    java.util.List<PartitionFigure> partitionFigures) {

  /** Below this share of its target an open-loop cell did not reach it. */
  public static final double TARGET_REACHED = 0.95;

  /**
   * Latency figures, milliseconds.
   *
   * @param avgMs mean
   * @param p50Ms median
   * @param p95Ms 95th percentile
   * @param p99Ms 99th percentile
   * @param p999Ms 99.9th percentile
   * @param maxMs maximum
   */
  public record Latency(double avgMs, double p50Ms, double p95Ms, double p99Ms, double p999Ms, double maxMs) {}

  /** Whether the cell ran at a target rate (open loop). */
  public boolean openLoop() {
    return !Double.isNaN(targetRowsPerSecond);
  }

  /** Whether an open-loop cell did at least {@value #TARGET_REACHED} of its target (true for a closed loop). */
  public boolean targetReached() {
    return !openLoop() || qpsRows >= TARGET_REACHED * targetRowsPerSecond;
  }

  ReportRow withPlateau(boolean value) {
    return new ReportRow(instanceType, caseName, sweep, partitions, runners, threads, measure, rowsPerRequest,
        qpsRows, requestsPerSecond, avgMs, p50Ms, p95Ms, p99Ms, p999Ms, maxMs, requests, failed, mbPerSecond,
        readCuPerSecond, writeCuPerSecond, cpuCoresPerRunner, peakMemMbPerRunner, ioMbPerSecondPerRunner,
        predictedQpsRows, measuredOverPredicted, limit, value, hosts, windowSeconds, windowStartEpochMs,
        warmupSeconds, startSkewMs, clockSpreadMs, clockSpreadUncertaintyMs, slo, sloLatencyMs, targetRowsPerSecond, intended, stopped, partitionFigures);
  }

  /** Whether a saturation search found this cell to be the knee (where more threads stopped paying). */
  public boolean knee() {
    return stopped != null && stopped.contains("; " + CellStop.KNEE);
  }

  /** Whether the cell met its objective; false without one. */
  public boolean metSlo() {
    return slo != null && slo.metBy(sloLatencyMs);
  }

  /** Whether the cell's figures are evidence: it had a common window long enough for its latency. */
  public boolean steady() {
    return !limit.startsWith("unsteady");
  }

  /** The partition with the most rows, or null without per-partition figures. */
  public PartitionFigure hottestPartition() {
    PartitionFigure hottest = null;
    for (PartitionFigure p : partitionFigures) {
      if (hottest == null || p.rows() > hottest.rows()) {
        hottest = p;
      }
    }
    return hottest;
  }

  /** Capacity units consumed per hour at this cell's rate, or NaN when the DB did not report them. */
  public double cuPerHour() {
    return (readCuPerSecond + writeCuPerSecond) * 3600;
  }
}
