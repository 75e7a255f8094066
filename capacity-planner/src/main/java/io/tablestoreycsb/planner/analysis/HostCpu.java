package io.tablestoreycsb.planner.analysis;

/**
 * One runner host's processors over a cell's measured window (from the runners' {@code host-cpu.jsonl}
 * readings just before and just after it). Shares are of all the host's processors, 0..1; they add up:
 * busy = runners + endpoint + others + steal.
 *
 * @param host the host name
 * @param cpus its processors (the node's, also when the runners ran in a container)
 * @param seconds the span the readings cover (the window, to a reading's second)
 * @param busy the share the host's processors were not idle: every process, steal included
 * @param runners the share the cell's runner processes on it used
 * @param endpoint the share a local endpoint used (the mock on this machine), 0 when the endpoint is elsewhere
 * @param others the share every other process used (busy minus the three others)
 * @param steal the share the hypervisor gave to someone else
 * @param throttled of a runner under a CPU quota (a pod): the share of quota periods in which it was throttled;
 *     NaN without a quota
 * @param endpointLocal whether the endpoint ran on this host
 */
public record HostCpu(String host, int cpus, double seconds, double busy, double runners, double endpoint,
    double others, double steal, double throttled, boolean endpointLocal) {

  /** At or above this busy share the host's processors queue work: every latency measured on it includes that. */
  public static final double SATURATED = 0.85;
  /** At or above this share of quota periods throttled, the runner's container was held back by its limit. */
  public static final double THROTTLED = 0.20;
  /** Other processes and steal at or above this share: the cell ran beside other work (its figure may move). */
  public static final double OTHER_WORK = 0.20;

  /** Whether the host was near saturation or the runners' container throttled. */
  public boolean saturated() {
    return busy >= SATURATED || (!Double.isNaN(throttled) && throttled >= THROTTLED);
  }

  /** Whether other work (processes that are neither runners nor the endpoint, or steal) took a good part of it. */
  public boolean busyWithOtherWork() {
    return others + steal >= OTHER_WORK;
  }

  /** What used the host most: "runners", "the local endpoint", "other processes" or "steal". */
  public String mainUser() {
    String name = "runners";
    double most = runners;
    if (endpoint > most) {
      name = "the local endpoint";
      most = endpoint;
    }
    if (others > most) {
      name = "other processes";
      most = others;
    }
    if (steal > most) {
      name = "steal";
    }
    return name;
  }
}
