package io.tablestoreycsb.bench;

import java.io.IOException;

/**
 * Reads the CPU time (user + system, all threads: request threads, the SDK's I/O threads, GC and
 * JIT compiler threads alike) of this process and, optionally, of a server process, from
 * /proc/PID/stat. The kernel reports it in 1/100 s ticks, scaled from its exact per-thread run
 * times: over a window of a few seconds at one core or more, that is well under 1% of rounding.
 */
public final class CpuMeter {
  private final long selfPid = ProcessHandle.current().pid();
  /** -1: no server process watched. */
  private final long serverPid;

  /** {@code serverPid} -1: this process only. */
  public CpuMeter(long serverPid) {
    this.serverPid = serverPid;
  }

  public Reading read() throws IOException {
    return new Reading(System.nanoTime(), ProcFs.cpuTicks(selfPid), serverPid < 0 ? 0 : ProcFs.cpuTicks(serverPid));
  }

  /** A window from {@code start} to now: elapsed seconds, client and server CPU seconds. */
  public Sample since(Reading start, long ops, long calls, long failures, String firstFailure) throws IOException {
    Reading end = read();
    double ticks = ProcFs.TICKS_PER_SECOND;
    return new Sample(ops, (end.nanos - start.nanos) / 1e9, (end.selfTicks - start.selfTicks) / ticks,
        serverPid < 0 ? Double.NaN : (end.serverTicks - start.serverTicks) / ticks, calls, failures, firstFailure);
  }

  /** One reading of the clocks. */
  public record Reading(long nanos, long selfTicks, long serverTicks) {}
}
