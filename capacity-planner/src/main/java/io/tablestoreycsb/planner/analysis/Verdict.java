package io.tablestoreycsb.planner.analysis;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * What bound a cell, or why its figures are no evidence of anything: the analysis decides it
 * ({@link CellAnalyzer}), the report says it in words ({@code text.VerdictText}).
 *
 * <p>A new kind of bound (say, the runners' host saturated by other processes) is a record here, its
 * name in {@link JsonSubTypes} (a saturation search keeps verdicts in stop.json), its sentence in
 * {@code text.VerdictText}, and the rule that decides it in {@link CellAnalyzer}.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
    @JsonSubTypes.Type(value = Verdict.Service.class, name = "SERVICE"),
    @JsonSubTypes.Type(value = Verdict.Client.class, name = "CLIENT"),
    @JsonSubTypes.Type(value = Verdict.ClientCpu.class, name = "CLIENT_CPU"),
    @JsonSubTypes.Type(value = Verdict.NoCommonWindow.class, name = "NO_COMMON_WINDOW"),
    @JsonSubTypes.Type(value = Verdict.ShortWindow.class, name = "SHORT_WINDOW"),
    @JsonSubTypes.Type(value = Verdict.AboveIdentity.class, name = "ABOVE_IDENTITY"),
    @JsonSubTypes.Type(value = Verdict.StillCompiling.class, name = "STILL_COMPILING"),
    @JsonSubTypes.Type(value = Verdict.TargetMet.class, name = "TARGET_MET"),
    @JsonSubTypes.Type(value = Verdict.TargetNotReached.class, name = "TARGET_NOT_REACHED"),
    @JsonSubTypes.Type(value = Verdict.ThreadsWaited.class, name = "THREADS_WAITED"),
    @JsonSubTypes.Type(value = Verdict.RunnerHost.class, name = "RUNNER_HOST"),
    @JsonSubTypes.Type(value = Verdict.MockProcessing.class, name = "MOCK_PROCESSING"),
    @JsonSubTypes.Type(value = Verdict.PartitionsAtCapacity.class, name = "PARTITIONS_AT_CAPACITY"),
    @JsonSubTypes.Type(value = Verdict.InjectedLatency.class, name = "INJECTED_LATENCY"),
    @JsonSubTypes.Type(value = Verdict.PartitionServiceTime.class, name = "PARTITION_SERVICE_TIME"),
    @JsonSubTypes.Type(value = Verdict.ServiceRefused.class, name = "SERVICE_REFUSED")})
public sealed interface Verdict {

  /** Whether the cell's figures are evidence: it had a common window long enough for its latency. */
  default boolean evidence() {
    return true;
  }

  /** A verdict that makes the cell's figures no evidence: run longer cells. */
  sealed interface Unsteady extends Verdict {
    @Override
    default boolean evidence() {
      return false;
    }
  }

  /**
   * A bound that is not the service's, though the threads may have waited on requests: its figures say what
   * the test set-up delivered, not what the service does, so no plateau, knee or SLO answer is concluded on it.
   */
  sealed interface NotTheService extends Verdict {
    @Override
    default boolean evidence() {
      return false;
    }
  }

  /** A bound that is the service's: the threads waited on it. */
  sealed interface ServiceBound extends Verdict {}

  /** The threads were waiting on the service: the service was the limit (nothing more known of why). */
  record Service() implements ServiceBound {}

  /**
   * The mock's partitions were at their capacity: requests queued for the busiest one.
   *
   * @param partition the busiest partition
   * @param busy its busy share, 0..1
   * @param meanWaitMs how long its responses waited for the capacity on average
   * @param atCapacity partitions at or above {@link EndpointView#AT_CAPACITY}
   * @param partitions partitions the mock's limiter saw
   * @param saturatedHost a runner host that was near saturation at the same time, or null: the rate is still the
   *     partitions' (they served their capacity all along), but the latency includes waiting for a processor
   */
  record PartitionsAtCapacity(int partition, double busy, double meanWaitMs, long atCapacity, int partitions,
      HostCpu saturatedHost) implements ServiceBound {}

  /**
   * The mock's latency rules set the pace: the delay they added is most of the latency.
   *
   * @param action the action with the most added delay
   * @param meanMs the delay added per delayed request
   * @param latencyMeanMs the cell's mean request latency
   * @param saturatedHost a runner host that was near saturation at the same time, or null: the injected delay
   *     still set the pace, and the rest of the latency includes waiting for a processor
   */
  record InjectedLatency(String action, double meanMs, double latencyMeanMs, HostCpu saturatedHost)
      implements ServiceBound {}

  /**
   * The mock's partitions were below capacity, but serving each request's rows took most of its latency: a range
   * of 100 rows, or a batch, holds its partition for that many rows' time however idle the partition is. The
   * service model set the pace, not the mock's processing.
   *
   * @param meanServeMs how long responses waited for their rows to be served, on average over the partitions
   * @param latencyMeanMs the cell's mean request latency
   */
  record PartitionServiceTime(double meanServeMs, double latencyMeanMs) implements ServiceBound {}

  /**
   * A real service refused requests (throttling, server busy): it was the limit, and said so.
   *
   * @param throttledPerSecond throttling errors per second
   * @param unavailablePerSecond server-busy / unavailable errors per second
   * @param requestsPerSecond the cell's requests per second
   */
  record ServiceRefused(double throttledPerSecond, double unavailablePerSecond, double requestsPerSecond)
      implements ServiceBound {}

  /**
   * The runner host was near saturation (or the runners' container throttled): every latency measured on it
   * includes waiting for a processor, whatever the service did.
   *
   * @param cpu the host's processors over the window, and what used them
   */
  record RunnerHost(HostCpu cpu) implements NotTheService {}

  /**
   * The threads waited on a mock whose partitions were not at capacity and whose latency was not injected: the
   * mock's own processing (its CPU, its event loop) was the limit, not its service model.
   *
   * @param busiestPartition the busiest partition's busy share, 0..1 (0 without a capacity limit)
   * @param endpointCores cores the mock's process used, NaN when unknown
   * @param local whether the mock ran on a runner host
   */
  record MockProcessing(double busiestPartition, double endpointCores, boolean local) implements NotTheService {}

  /**
   * The threads spent time outside requests (client CPU, GC, the binding's buffering).
   *
   * @param identityRatio measured over predicted rows/s, under {@link CellAnalyzer#IDENTITY_TOLERANCE}
   */
  record Client(double identityRatio) implements Verdict {}

  /**
   * The runners used most of their host's processors: the latency itself includes client-side queueing.
   *
   * @param host the host
   * @param cores the cores the cell's runners on it used
   * @param cpus its processors
   */
  record ClientCpu(String host, double cores, int cpus) implements Verdict {}

  /** The runners were never all past their start-up together for two status intervals. */
  record NoCommonWindow() implements Unsteady {}

  /**
   * The common window was shorter than {@code minLatencies} mean latencies.
   *
   * @param windowSeconds the window
   * @param minLatencies the mean latencies a window needs
   * @param meanLatencySeconds the cell's mean latency
   */
  record ShortWindow(double windowSeconds, int minLatencies, double meanLatencySeconds) implements Unsteady {}

  /**
   * Well above the identity (a steady closed loop cannot be): requests begun before the window counted whole
   * inside it, the window was too short for the latency spread.
   */
  record AboveIdentity() implements Unsteady {}

  /**
   * A runner was still JIT-compiling in the window (its compile seconds per second at or above
   * {@link RunnerWarmth#COMPILING}): the window measured the runner's compiler as much as the service.
   *
   * @param runnerIndex the runner that compiled most
   * @param compileShare its compile seconds per second over the window
   * @param warmUpSeconds how long its warm-up before the gate was
   * @param warmUpOutcome how that warm-up ended
   */
  record StillCompiling(int runnerIndex, double compileShare, double warmUpSeconds,
      io.tablestoreycsb.planner.runner.WarmUp.Outcome warmUpOutcome) implements Unsteady {}

  /** An open-loop cell that did at least {@link CellResult#TARGET_REACHED} of its target. */
  record TargetMet() implements Verdict {}

  /**
   * An open-loop cell below its target.
   *
   * @param ofTarget the share of the target it did
   * @param cause why: {@link ThreadsWaited}, or the closed loop's verdict on its threads
   */
  record TargetNotReached(double ofTarget, Verdict cause) implements Verdict {}

  /** Of an open-loop cell below its target: every thread was waiting on the service. */
  record ThreadsWaited() implements Verdict {}
}
