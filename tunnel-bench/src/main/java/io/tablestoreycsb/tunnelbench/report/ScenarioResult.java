package io.tablestoreycsb.tunnelbench.report;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * One scenario's row of the report: the paper's columns, then what the paper lacks (lag, the consumed-row
 * check, the mock's CPU). Built in one place, {@link ScenarioAnalysis}; report.json holds its parts' fields side
 * by side.
 *
 * @param setup what the scenario ran
 * @param writing what the writer did
 * @param check the consumed-row check
 * @param rates rows synchronized per second
 * @param sync how long the sync took and what held it
 * @param consumerUse what the consumer processes used
 * @param lag end-to-end lag, write acknowledged to row handed to the processor
 * @param mockCpuCores CPU of the embedded mock's process over the sync window (it also served the writes), cores;
 *     NaN against another endpoint
 * @param errors what went wrong (empty when nothing did)
 * @param lostConsumers consumers lost while syncing, whose channels the others took over; the scenario still
 *     passes when every written row was consumed
 * @param hosts the consumers' figures per host they ran on (one host for a local run)
 * @param lagOverTime rows handed and their lag second by second
 */
public record ScenarioResult(@JsonUnwrapped Setup setup, @JsonUnwrapped Writing writing, ConsumedRowCheck check,
    SyncRates rates, @JsonUnwrapped Sync sync, @JsonUnwrapped ConsumerUse consumerUse, @JsonUnwrapped Lag lag,
    double mockCpuCores, List<String> errors, List<LostConsumer> lostConsumers, List<HostFigures> hosts,
    LagTimeline lagOverTime) {

  public ScenarioResult {
    lagOverTime = lagOverTime == null ? LagTimeline.NONE : lagOverTime; // a report.json of an older version
    errors = List.copyOf(errors);
    lostConsumers = List.copyOf(lostConsumers);
    hosts = List.copyOf(hosts);
  }

  /**
   * What a scenario ran.
   *
   * @param group the scenarios-file section
   * @param partitions table partitions (channels)
   * @param consumers TunnelWorker processes
   * @param writerThreads writer threads
   * @param targetRowsPerSecond the write rate asked for (0 = as fast as possible)
   * @param rowBytes bytes per row
   */
  public record Setup(String group, int partitions, int consumers, int writerThreads, double targetRowsPerSecond,
      int rowBytes) {}

  /**
   * What the writer did.
   *
   * @param rowsWritten rows the writer saw acknowledged
   * @param writeRowsPerSecond their rate, first send to last acknowledgement
   */
  public record Writing(long rowsWritten, double writeRowsPerSecond) {}

  /**
   * How long the sync took and what held it.
   *
   * @param syncSeconds first row handed to last
   * @param catchUpSeconds from the writer's last acknowledgement to the last row handed: how far behind the
   *     consumers were when the writing stopped
   * @param boundBy whether the writers or the consumers held the rate
   * @param windowStartEpochMs when the first row was handed
   */
  public record Sync(double syncSeconds, double catchUpSeconds, BoundBy boundBy, long windowStartEpochMs) {}

  /**
   * What the consumer processes used over the sync window.
   *
   * @param consumerCpuCores CPU of all consumer processes, cores
   * @param consumerCpuMicrosPerRow their CPU per row synchronized, microseconds
   * @param consumerMemoryGb their peak resident memory, GB
   * @param bandwidthMbps their network traffic (system-call bytes), Mbit/s
   */
  public record ConsumerUse(double consumerCpuCores, double consumerCpuMicrosPerRow, double consumerMemoryGb,
      double bandwidthMbps) {}

  /**
   * End-to-end lag (write acknowledged to row handed to the processor), ms.
   *
   * @param lagP50Ms median
   * @param lagP99Ms 99th percentile
   * @param lagP999Ms 99.9th percentile
   * @param lagMaxMs maximum
   */
  public record Lag(double lagP50Ms, double lagP99Ms, double lagP999Ms, double lagMaxMs) {}

  public String label() {
    return consumers() + (consumers() == 1 ? " consumer, " : " consumers, ") + partitions()
        + (partitions() == 1 ? " partition" : " partitions");
  }

  /** Ran without error and every written row was consumed. */
  public boolean passed() {
    return errors.isEmpty() && check.passes() && check.written() > 0;
  }

  public String group() {
    return setup.group();
  }

  public int partitions() {
    return setup.partitions();
  }

  public int consumers() {
    return setup.consumers();
  }

  public long rowsWritten() {
    return writing.rowsWritten();
  }

  public double syncSeconds() {
    return sync.syncSeconds();
  }

  public BoundBy boundBy() {
    return sync.boundBy();
  }

  public double consumerCpuCores() {
    return consumerUse.consumerCpuCores();
  }

  public double consumerMemoryGb() {
    return consumerUse.consumerMemoryGb();
  }

  public double bandwidthMbps() {
    return consumerUse.bandwidthMbps();
  }
}
