package io.tablestoreycsb.planner.analysis;

import io.tablestoreycsb.planner.matrix.Slo;
import io.tablestoreycsb.planner.runner.CellKey;
import io.tablestoreycsb.planner.runner.CellShape;
import io.tablestoreycsb.kit.resources.ClockReading;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * One cell of a plan, analysed: which cell and how its runners ran it, what it did in its measured window, what
 * its runners and its endpoint saw, and what was made of it. Latencies stay histograms (the runners'
 * HdrHistograms merged, never averaged); percentiles are read from them when asked for. Built in one place,
 * {@link CellAnalyzer}.
 *
 * @param cell which cell
 * @param shape how many runners, which measurement, rows per request
 * @param figures rates, latency, the identity's prediction, an open loop's target
 * @param window the measured window: the time every runner's steady span covered
 * @param runnerSide what the runners and their hosts used, their clocks
 * @param endpointSide the endpoint's view, its refusals, the table by partition
 * @param judgement the objective, the verdict, the stop, the plateau
 */
public record CellResult(CellKey cell, CellShape shape, CellFigures figures, MeasuredWindow window,
    RunnerSide runnerSide, EndpointSide endpointSide, Judgement judgement) {

  /** Below this share of its target an open-loop cell did not reach it. */
  public static final double TARGET_REACHED = 0.95;

  public Rates rates() {
    return figures.rates();
  }

  /** The request latency over the window, merged over the runners, microseconds. */
  public Histogram latencyUs() {
    return figures.latencyUs();
  }

  public Prediction prediction() {
    return figures.prediction();
  }

  /** The target and intended latency of an open-loop cell, or null for a closed loop. */
  public OpenLoop openLoop() {
    return figures.openLoop();
  }

  public Resources resources() {
    return runnerSide.resources();
  }

  /** How far apart the runners' clocks were, or null. */
  public ClockReading.Spread clockSpread() {
    return runnerSide.clockSpread();
  }

  public List<HostCpu> hostCpu() {
    return runnerSide.hostCpu();
  }

  /** The mock endpoint's own view of the window, or null. */
  public EndpointView endpoint() {
    return endpointSide.endpoint();
  }

  public ServiceErrors serviceErrors() {
    return endpointSide.serviceErrors();
  }

  public List<PartitionFigure> partitionFigures() {
    return endpointSide.partitionFigures();
  }

  /** The latency objective, or null. */
  public Slo slo() {
    return judgement.slo();
  }

  public Verdict verdict() {
    return judgement.verdict();
  }

  /** How the cell ended, or null when not recorded. */
  public CellStop stop() {
    return judgement.stop();
  }

  public boolean plateau() {
    return judgement.plateau();
  }

  /**
   * Whether a runner host was busy with other work during the window (other processes or steal took
   * {@link HostCpu#OTHER_WORK} of it or more): the figure may move when measured again on a calm host.
   */
  public boolean hostBusyWithOtherWork() {
    return hostCpu().stream().anyMatch(HostCpu::busyWithOtherWork);
  }

  /** Whether the endpoint ran on a runner host (the mock on this machine). */
  public boolean endpointOnRunnerHost() {
    return (endpoint() != null && endpoint().local()) || hostCpu().stream().anyMatch(HostCpu::endpointLocal);
  }

  /**
   * Whether a runner host was near saturation (or throttled) in the window: its latencies include waiting for a
   * processor, so no latency objective is judged on it, whatever bound its rate.
   */
  public boolean runnerHostSaturated() {
    return hostCpu().stream().anyMatch(HostCpu::saturated);
  }

  /** Whether the cell was bound by its runner host rather than by anything the service did. */
  public boolean runnerHostBound() {
    Verdict v = verdict() instanceof Verdict.TargetNotReached t ? t.cause() : verdict();
    return v instanceof Verdict.RunnerHost;
  }

  /** The request latency's figures. */
  public Latency latency() {
    return Latency.of(latencyUs());
  }

  /** Whether the cell ran at a target rate (open loop). */
  public boolean isOpenLoop() {
    return openLoop() != null;
  }

  /** An open-loop cell's target, rows/s over all runners; NaN for a closed loop. */
  public double targetRowsPerSecond() {
    return openLoop() == null ? Double.NaN : openLoop().targetRowsPerSecond();
  }

  /** An open-loop cell's latency from each operation's intended start, or null. */
  public Latency intended() {
    return openLoop() == null ? null : openLoop().intendedLatency();
  }

  /** Whether an open-loop cell did at least {@value #TARGET_REACHED} of its target (true for a closed loop). */
  public boolean targetReached() {
    return openLoop() == null || rates().qpsRows() >= TARGET_REACHED * openLoop().targetRowsPerSecond();
  }

  /**
   * The latency at the objective's percentile, milliseconds: from the intended start for an open-loop cell
   * (what a request arriving at the target rate sees, queueing behind late ones included); NaN without an
   * objective or a latency.
   */
  public double sloLatencyMs() {
    Histogram judged = isOpenLoop() && openLoop().intended().getTotalCount() > 0 ? openLoop().intended() : latencyUs();
    return slo() == null || judged.getTotalCount() == 0 ? Double.NaN : Latency.percentileMs(judged, slo().percentile());
  }

  /** Whether the cell met its objective; false without one. */
  public boolean metSlo() {
    return slo() != null && slo().metBy(sloLatencyMs());
  }

  /** Whether the cell's figures are evidence: it had a common window long enough for its latency. */
  public boolean evidence() {
    return verdict().evidence();
  }

  /** Whether a saturation search found this cell to be the knee (where more threads stopped paying). */
  public boolean knee() {
    return stop() != null && stop().knee();
  }

  /** The partition with the most rows, or null without per-partition figures. */
  public PartitionFigure hottestPartition() {
    PartitionFigure hottest = null;
    for (PartitionFigure p : partitionFigures()) {
      if (hottest == null || p.rows() > hottest.rows()) {
        hottest = p;
      }
    }
    return hottest;
  }

  /** The same cell on or off the plateau. */
  public CellResult withPlateau(boolean value) {
    return new CellResult(cell, shape, figures, window, runnerSide, endpointSide,
        new Judgement(judgement.slo(), judgement.verdict(), judgement.stop(), value));
  }
}
