package io.tablestoreycsb.tunnelbench.report;

import java.util.List;

/**
 * One scenario's row of the report: the paper's columns, then what the paper lacks (lag, the
 * consumed-row check, the mock's CPU).
 *
 * @param group the scenarios-file section
 * @param partitions table partitions (channels)
 * @param consumers TunnelWorker processes
 * @param writerThreads writer threads
 * @param targetRowsPerSecond the write rate asked for (0 = as fast as possible)
 * @param rowBytes bytes per row
 * @param rowsWritten rows the writer saw acknowledged
 * @param writeRowsPerSecond their rate, first send to last acknowledgement
 * @param check the consumed-row check
 * @param rates rows synchronized per second
 * @param syncSeconds first row handed to last
 * @param catchUpSeconds from the writer's last acknowledgement to the last row handed: how far behind
 *     the consumers were when the writing stopped
 * @param consumerCpuCores CPU of all consumer processes over the sync window, cores
 * @param consumerCpuMicrosPerRow their CPU per row synchronized, microseconds
 * @param consumerMemoryGb peak resident memory of all consumer processes, GB
 * @param bandwidthMbps the consumers' network traffic (system-call bytes) over the sync window, Mbit/s
 * @param lagP50Ms end-to-end lag (write acknowledged to row handed to the processor), median, ms
 * @param lagP99Ms 99th percentile
 * @param lagP999Ms 99.9th percentile
 * @param lagMaxMs maximum
 * @param mockCpuCores CPU of the embedded mock's process over the sync window (it also served the
 *     writes), cores; NaN against another endpoint
 * @param boundBy "writers" when the consumers kept up (the rate is the write rate), "consumers" when a
 *     backlog built up (the rate is what the sync could do)
 * @param windowStartEpochMs when the first row was handed
 * @param errors what went wrong (empty when nothing did)
 * @param lostConsumers consumers lost while syncing ("consumer-1: pod ... Failed, Killed"), whose channels the
 *     others took over; the scenario still passes when every written row was consumed
 * @param hosts the consumers' figures per host they ran on (one host for a local run)
 */
public record ScenarioResult(String group, int partitions, int consumers, int writerThreads,
    double targetRowsPerSecond, int rowBytes, long rowsWritten, double writeRowsPerSecond, ConsumedRowCheck check,
    SyncRates rates, double syncSeconds, double catchUpSeconds, double consumerCpuCores,
    double consumerCpuMicrosPerRow, double consumerMemoryGb, double bandwidthMbps, double lagP50Ms, double lagP99Ms,
    double lagP999Ms, double lagMaxMs, double mockCpuCores, String boundBy, long windowStartEpochMs,
    List<String> errors, List<String> lostConsumers, List<HostFigures> hosts) {

  public String label() {
    return consumers + (consumers == 1 ? " consumer, " : " consumers, ") + partitions
        + (partitions == 1 ? " partition" : " partitions");
  }

  /** Ran without error and every written row was consumed. */
  public boolean passed() {
    return errors.isEmpty() && check.passes() && check.written() > 0;
  }
}
