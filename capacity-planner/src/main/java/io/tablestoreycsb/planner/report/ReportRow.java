package io.tablestoreycsb.planner.report;

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
    double clockSpreadUncertaintyMs) {

  ReportRow withPlateau(boolean value) {
    return new ReportRow(instanceType, caseName, sweep, partitions, runners, threads, measure, rowsPerRequest,
        qpsRows, requestsPerSecond, avgMs, p50Ms, p95Ms, p99Ms, p999Ms, maxMs, requests, failed, mbPerSecond,
        readCuPerSecond, writeCuPerSecond, cpuCoresPerRunner, peakMemMbPerRunner, ioMbPerSecondPerRunner,
        predictedQpsRows, measuredOverPredicted, limit, value, hosts, windowSeconds, windowStartEpochMs,
        warmupSeconds, startSkewMs, clockSpreadMs, clockSpreadUncertaintyMs);
  }
}
