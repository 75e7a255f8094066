package io.tablestoreycsb.planner.analysis;

import java.util.List;

/**
 * What a cell's runner processes used.
 *
 * @param cpuCoresPerRunner mean CPU cores one runner used over its life
 * @param peakMemMbPerRunner largest peak RSS of a runner, MB
 * @param ioMbPerSecondPerRunner mean read+write system-call bytes per second of a runner, MB/s
 * @param hosts the hosts the runners ran on, in name order
 */
public record Resources(double cpuCoresPerRunner, double peakMemMbPerRunner, double ioMbPerSecondPerRunner,
    List<String> hosts) {
  public Resources {
    hosts = List.copyOf(hosts);
  }
}
