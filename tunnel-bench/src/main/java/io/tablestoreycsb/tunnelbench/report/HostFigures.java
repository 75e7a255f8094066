package io.tablestoreycsb.tunnelbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The paper's consumer columns for the consumers of one host (the paper's "server"; a pod's node), over
 * the scenario's sync window: the rows handed to their processors, their CPU, peak memory and traffic.
 * The scenario's totals are the sums over the hosts.
 *
 * @param host the host's name
 * @param consumers consumer processes that ran on it
 * @param rowsHanded records handed to their processors (duplicates included); for a consumer lost mid-run,
 *     the distinct rows of its last sample
 * @param rowsPerSecond rowsHanded over the sync window
 * @param cpuCores CPU of its consumers over the window, cores
 * @param memoryGb their summed peak resident memory, GB
 * @param bandwidthMbps their traffic (system-call bytes) over the window, Mbit/s
 */
public record HostFigures(String host, int consumers, long rowsHanded, double rowsPerSecond, double cpuCores,
    double memoryGb, double bandwidthMbps) {

  /** ms per 1,000 rows, the paper's "average latency": 1,000,000 / rows per second. */
  public double msPer1000Rows() {
    return rowsPerSecond > 0 ? 1_000_000 / rowsPerSecond : Double.NaN;
  }

  /** Groups {@code consumers} by their host; those that left no result are "unknown host". */
  static List<HostFigures> of(List<ScenarioAnalysis.ConsumerOutput> consumers, long firstMs, long lastMs) {
    Map<String, List<ScenarioAnalysis.ConsumerOutput>> byHost = new TreeMap<>();
    for (ScenarioAnalysis.ConsumerOutput c : consumers) {
      String host = c.host() == null || c.host().isBlank() ? "unknown host" : c.host();
      byHost.computeIfAbsent(host, h -> new ArrayList<>()).add(c);
    }
    double seconds = (lastMs - firstMs) / 1000.0;
    List<HostFigures> hosts = new ArrayList<>();
    byHost.forEach((host, list) -> {
      long rows = 0;
      double cpu = 0;
      double io = 0;
      double memory = 0;
      for (ScenarioAnalysis.ConsumerOutput c : list) {
        rows += c.result() == null ? ScenarioAnalysis.lastRows(c.samples()) : c.result().handed();
        cpu += SampleWindow.cpuSeconds(c.samples(), firstMs, lastMs);
        io += SampleWindow.ioBytes(c.samples(), firstMs, lastMs);
        memory += SampleWindow.peakRssBytes(c.samples());
      }
      hosts.add(new HostFigures(host, list.size(), rows, seconds > 0 ? rows / seconds : Double.NaN,
          seconds > 0 ? cpu / seconds : Double.NaN, memory / ScenarioAnalysis.GB,
          seconds > 0 ? io * 8 / 1e6 / seconds : Double.NaN));
    });
    return List.copyOf(hosts);
  }
}
