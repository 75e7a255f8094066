package io.tablestoreycsb.planner.analysis;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * What bound a cell, or why its figures are no evidence of anything: the analysis decides it
 * ({@link CellAnalyzer}), the report says it in words ({@code report.VerdictText}).
 *
 * <p>A new kind of bound (say, the runners' host saturated by other processes) is a record here, its
 * name in {@link JsonSubTypes} (a saturation search keeps verdicts in stop.json), its sentence in
 * {@code report.VerdictText}, and the rule that decides it in {@link CellAnalyzer}.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
    @JsonSubTypes.Type(value = Verdict.Service.class, name = "SERVICE"),
    @JsonSubTypes.Type(value = Verdict.Client.class, name = "CLIENT"),
    @JsonSubTypes.Type(value = Verdict.ClientCpu.class, name = "CLIENT_CPU"),
    @JsonSubTypes.Type(value = Verdict.NoCommonWindow.class, name = "NO_COMMON_WINDOW"),
    @JsonSubTypes.Type(value = Verdict.ShortWindow.class, name = "SHORT_WINDOW"),
    @JsonSubTypes.Type(value = Verdict.AboveIdentity.class, name = "ABOVE_IDENTITY"),
    @JsonSubTypes.Type(value = Verdict.TargetMet.class, name = "TARGET_MET"),
    @JsonSubTypes.Type(value = Verdict.TargetNotReached.class, name = "TARGET_NOT_REACHED"),
    @JsonSubTypes.Type(value = Verdict.ThreadsWaited.class, name = "THREADS_WAITED")})
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

  /** The threads were waiting on the service: the service was the limit. */
  record Service() implements Verdict {}

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
