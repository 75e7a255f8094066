package io.tablestoreycsb.planner.analysis;

import io.tablestoreycsb.kit.resources.ClockReading;
import java.util.List;

/**
 * What a cell's runners and their hosts used and how their clocks agreed.
 *
 * @param resources what the runner processes used
 * @param clockSpread how far apart the runners' clocks were, or null when not every runner measured its clock
 * @param hostCpu each runner host's processors over the window and what used them; empty when the runners did
 *     not read them
 * @param warmth each runner's warm-up and its compilation in the window, in runner order
 */
public record RunnerSide(Resources resources, ClockReading.Spread clockSpread, List<HostCpu> hostCpu,
    List<RunnerWarmth> warmth) {
  public RunnerSide {
    hostCpu = List.copyOf(hostCpu);
    warmth = warmth == null ? List.of() : List.copyOf(warmth);
  }

  /** Without the runners' warm-ups (results read before runners reported them). */
  public RunnerSide(Resources resources, ClockReading.Spread clockSpread, List<HostCpu> hostCpu) {
    this(resources, clockSpread, hostCpu, List.of());
  }

  /** The longest warm-up of the cell's runners, seconds (0 when none reported one). */
  public double longestWarmUpSeconds() {
    return warmth.stream().mapToDouble(w -> w.warmUp().warmUpSeconds()).max().orElse(0);
  }
}
