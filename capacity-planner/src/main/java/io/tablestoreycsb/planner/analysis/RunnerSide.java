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
 */
public record RunnerSide(Resources resources, ClockReading.Spread clockSpread, List<HostCpu> hostCpu) {
  public RunnerSide {
    hostCpu = List.copyOf(hostCpu);
  }
}
