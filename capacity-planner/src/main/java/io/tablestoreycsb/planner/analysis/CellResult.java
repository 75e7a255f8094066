package io.tablestoreycsb.planner.analysis;

import io.tablestoreycsb.planner.matrix.Slo;
import io.tablestoreycsb.kit.resources.ClockReading;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * One cell of a plan, analysed: what it was, what it did in its measured window, what bound it, and how it
 * ended. Latencies stay histograms (the runners' HdrHistograms merged, never averaged); percentiles are
 * read from them when asked for.
 *
 * @param cell which cell
 * @param rates rows, requests and capacity units per second of the window
 * @param latencyUs the request latency over the window, merged over the runners, microseconds
 * @param prediction the paper's identity for the cell
 * @param resources what the runner processes used
 * @param window the measured window: the time every runner's steady span covered
 * @param clockSpread how far apart the runners' clocks were, or null when not every runner measured its clock
 * @param slo the latency objective the cell is judged by, or null
 * @param openLoop the target and intended latency of an open-loop cell, or null for a closed loop
 * @param verdict what bound the cell, or why its figures are no evidence
 * @param stop how the cell ended and what a saturation search made of it; null when not recorded
 * @param plateau whether this thread point added under 10% rows/s over the previous one ({@link Plateaus})
 * @param partitionFigures the cell's table partition by partition, merged over its runners; empty when the DB
 *     did not count them
 * @param hostCpu each runner host's processors over the window and what used them; empty when the runners did
 *     not read them
 * @param endpoint the mock endpoint's own view of the window, or null (not a mock, or not read)
 * @param serviceErrors the service's throttling and server-busy errors in the window
 */
public record CellResult(CellIdentity cell, Rates rates, Histogram latencyUs, Prediction prediction,
    Resources resources, MeasuredWindow window, ClockReading.Spread clockSpread, Slo slo, OpenLoop openLoop,
    Verdict verdict, CellStop stop, boolean plateau, List<PartitionFigure> partitionFigures, List<HostCpu> hostCpu,
    EndpointView endpoint, ServiceErrors serviceErrors) {

  /** Below this share of its target an open-loop cell did not reach it. */
  public static final double TARGET_REACHED = 0.95;

  public CellResult {
    partitionFigures = List.copyOf(partitionFigures);
    hostCpu = List.copyOf(hostCpu);
  }

  /** A cell without host, endpoint or service-error figures. */
  public CellResult(CellIdentity cell, Rates rates, Histogram latencyUs, Prediction prediction, Resources resources,
      MeasuredWindow window, ClockReading.Spread clockSpread, Slo slo, OpenLoop openLoop, Verdict verdict,
      CellStop stop, boolean plateau, List<PartitionFigure> partitionFigures) {
    this(cell, rates, latencyUs, prediction, resources, window, clockSpread, slo, openLoop, verdict, stop, plateau,
        partitionFigures, List.of(), null, ServiceErrors.NONE);
  }

  /**
   * Whether a runner host was busy with other work during the window (other processes or steal took
   * {@link HostCpu#OTHER_WORK} of it or more): the figure may move when measured again on a calm host.
   */
  public boolean hostBusyWithOtherWork() {
    return hostCpu.stream().anyMatch(HostCpu::busyWithOtherWork);
  }

  /** Whether the endpoint ran on a runner host (the mock on this machine). */
  public boolean endpointOnRunnerHost() {
    return (endpoint != null && endpoint.local()) || hostCpu.stream().anyMatch(HostCpu::endpointLocal);
  }

  /**
   * Whether a runner host was near saturation (or throttled) in the window: its latencies include waiting for a
   * processor, so no latency objective is judged on it, whatever bound its rate.
   */
  public boolean runnerHostSaturated() {
    return hostCpu.stream().anyMatch(HostCpu::saturated);
  }

  /** Whether the cell was bound by its runner host rather than by anything the service did. */
  public boolean runnerHostBound() {
    Verdict v = verdict instanceof Verdict.TargetNotReached t ? t.cause() : verdict;
    return v instanceof Verdict.RunnerHost;
  }

  /** The request latency's figures. */
  public Latency latency() {
    return Latency.of(latencyUs);
  }

  /** Whether the cell ran at a target rate (open loop). */
  public boolean isOpenLoop() {
    return openLoop != null;
  }

  /** An open-loop cell's target, rows/s over all runners; NaN for a closed loop. */
  public double targetRowsPerSecond() {
    return openLoop == null ? Double.NaN : openLoop.targetRowsPerSecond();
  }

  /** An open-loop cell's latency from each operation's intended start, or null. */
  public Latency intended() {
    return openLoop == null ? null : openLoop.intendedLatency();
  }

  /** Whether an open-loop cell did at least {@value #TARGET_REACHED} of its target (true for a closed loop). */
  public boolean targetReached() {
    return openLoop == null || rates.qpsRows() >= TARGET_REACHED * openLoop.targetRowsPerSecond();
  }

  /**
   * The latency at the objective's percentile, milliseconds: from the intended start for an open-loop cell
   * (what a request arriving at the target rate sees, queueing behind late ones included); NaN without an
   * objective or a latency.
   */
  public double sloLatencyMs() {
    Histogram judged = openLoop != null && openLoop.intended().getTotalCount() > 0 ? openLoop.intended() : latencyUs;
    return slo == null || judged.getTotalCount() == 0 ? Double.NaN : Latency.percentileMs(judged, slo.percentile());
  }

  /** Whether the cell met its objective; false without one. */
  public boolean metSlo() {
    return slo != null && slo.metBy(sloLatencyMs());
  }

  /** Whether the cell's figures are evidence: it had a common window long enough for its latency. */
  public boolean evidence() {
    return verdict.evidence();
  }

  /** Whether a saturation search found this cell to be the knee (where more threads stopped paying). */
  public boolean knee() {
    return stop != null && stop.knee();
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

  /** The same cell on or off the plateau. */
  public CellResult withPlateau(boolean value) {
    return new CellResult(cell, rates, latencyUs, prediction, resources, window, clockSpread, slo, openLoop, verdict,
        stop, value, partitionFigures, hostCpu, endpoint, serviceErrors);
  }
}
