package io.tablestoreycsb.planner.analysis;

import io.tablestoreycsb.planner.runner.HostCpuSample;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * What else ran on a cell's runner hosts and what its endpoint saw, over its measured window: the runners'
 * host readings merged per host ({@link HostCpu}), and the mock's load readings ({@link EndpointView}).
 */
final class RunnerHosts {
  private RunnerHosts() {}

  /** The mock's view of the window, from the first runner that read it; empty when none did. */
  static Optional<EndpointView> endpoint(List<RunnerResult> runners, MeasuredWindow window) {
    for (RunnerResult r : runners) {
      Optional<WindowReadings.Pair<EndpointLoadSample>> pair = WindowReadings.around(r.endpointLoad(),
          EndpointLoadSample::sampledEpochMs, window.startEpochMs(), window.endEpochMs());
      if (pair.isPresent()) {
        EndpointView view = EndpointLoadSample.between(pair.get().from(), pair.get().to());
        if (view != null) {
          return Optional.of(view);
        }
      }
    }
    return Optional.empty();
  }

  /**
   * Each runner host's CPU over the window, in host name order; empty for hosts whose runners left fewer than
   * two readings (older runners, or a window shorter than a reading's second at either end).
   *
   * @param endpoint the mock's view, whose process CPU counts on the host of a runner that reached it locally
   */
  static List<HostCpu> of(List<RunnerResult> runners, MeasuredWindow window, Optional<EndpointView> endpoint) {
    Map<String, List<RunnerResult>> byHost = new TreeMap<>();
    runners.forEach(r -> byHost.computeIfAbsent(r.record().host().host(), h -> new ArrayList<>()).add(r));
    String endpointHost = endpoint.filter(EndpointView::local).flatMap(e -> runners.stream()
        .filter(r -> !r.endpointLoad().isEmpty()).findFirst()).map(r -> r.record().host().host()).orElse(null);
    List<HostCpu> out = new ArrayList<>();
    for (Map.Entry<String, List<RunnerResult>> e : byHost.entrySet()) {
      // Every runner on a host reads the same /proc/stat: the one with the most readings speaks for it.
      RunnerResult reader = e.getValue().stream().max(Comparator.comparingInt(r -> r.hostCpu().size())).orElseThrow();
      Optional<WindowReadings.Pair<HostCpuSample>> pair = around(reader, window);
      if (pair.isEmpty()) {
        continue;
      }
      HostCpuSample from = pair.get().from();
      HostCpuSample to = pair.get().to();
      double ticks = to.totalTicks() - from.totalTicks();
      double seconds = (to.epochMs() - from.epochMs()) / 1000.0;
      int cpus = Math.max(1, to.cpus());
      if (!(ticks > 0) || !(seconds > 0)) {
        continue;
      }
      double busy = clamp(1 - (to.idleTicks() - from.idleTicks()) / ticks);
      double steal = clamp((to.stealTicks() - from.stealTicks()) / ticks);
      double runnerCores = 0;
      for (RunnerResult r : e.getValue()) {
        Optional<WindowReadings.Pair<HostCpuSample>> own = around(r, window);
        if (own.isPresent()) {
          double s = (own.get().to().epochMs() - own.get().from().epochMs()) / 1000.0;
          runnerCores += (own.get().to().runnerCpuSeconds() - own.get().from().runnerCpuSeconds()) / s;
        }
      }
      double runnersShare = Math.min(busy, runnerCores / cpus);
      boolean local = e.getKey().equals(endpointHost);
      double endpointShare = local && !Double.isNaN(endpoint.get().endpointCores())
          ? Math.min(busy - runnersShare, endpoint.get().endpointCores() / cpus) : 0;
      double others = Math.max(0, busy - runnersShare - endpointShare - steal);
      double throttled = from.hasQuota() && to.hasQuota() && to.cgroupPeriods() > from.cgroupPeriods()
          ? (to.cgroupThrottledPeriods() - from.cgroupThrottledPeriods())
              / (double) (to.cgroupPeriods() - from.cgroupPeriods())
          : Double.NaN;
      out.add(new HostCpu(e.getKey(), cpus, seconds, busy, runnersShare, Math.max(0, endpointShare), others, steal,
          throttled, local));
    }
    return List.copyOf(out);
  }

  private static Optional<WindowReadings.Pair<HostCpuSample>> around(RunnerResult r, MeasuredWindow window) {
    return WindowReadings.around(r.hostCpu(), HostCpuSample::epochMs, window.startEpochMs(), window.endEpochMs());
  }

  private static double clamp(double share) {
    return Math.max(0, Math.min(1, share));
  }
}
