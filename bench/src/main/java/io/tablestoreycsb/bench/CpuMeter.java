package io.tablestoreycsb.bench;

import io.tablestoreycsb.kit.resources.ProcFs;
import java.io.IOException;
import java.util.Map;

/**
 * Reads the CPU time (user + system) of this process and, optionally, of a server process, from
 * /proc: all their threads (request threads, the SDK's and Netty's I/O threads, GC threads) except
 * the JIT compiler threads, whose time is read apart.
 *
 * <p>Why apart: compiling is a one-off cost of a fresh JVM, not a cost per operation, and on a
 * loaded 2-core machine it does not end within a quick run's warm-up: 25 s into driving a fresh
 * mock, with a load average of 28, its C1 and C2 threads still used 62% of its CPU (per-thread
 * ticks over 8 s). Counted per operation, it would charge whichever side has more code still to
 * compile. Each {@link SideRun} carries it separately ({@link SideRun#clientJitSeconds()}).
 *
 * <p>The kernel reports CPU time in 1/100 s ticks, scaled from its exact per-thread run times:
 * over a window of a few seconds at one core or more, well under 1% of rounding.
 */
public final class CpuMeter {

  private final long selfPid = ProcessHandle.current().pid();
  /** -1: no server process watched. */
  private final long serverPid;
  /** Where this process's CPU of each window goes by kind of thread, or null when not asked. */
  private final ThreadShares shares;

  /** {@code serverPid} -1: this process only. */
  public CpuMeter(long serverPid) {
    this(serverPid, null);
  }

  /** A meter that also adds each window's CPU by kind of thread of this process to {@code shares}. */
  public CpuMeter(long serverPid, ThreadShares shares) {
    this.serverPid = serverPid;
    this.shares = shares;
  }

  public Reading read() throws IOException {
    return new Reading(System.nanoTime(), ProcFs.cpuTicks(selfPid), compilerTicks(selfPid),
        serverPid < 0 ? 0 : ProcFs.cpuTicks(serverPid), serverPid < 0 ? Map.of() : compilerTicks(serverPid),
        shares == null ? Map.of() : ProcFs.threads(selfPid));
  }

  private static Map<Long, Long> compilerTicks(long pid) throws IOException {
    return ProcFs.threadCpuTicks(pid, ProcFs::isJitCompilerThread);
  }

  /**
   * Compiler threads' ticks between two readings: per thread present at the end (a thread started
   * in between counts from zero; HotSpot starts and stops compiler threads as the queue grows).
   */
  static long compilerDelta(Map<Long, Long> start, Map<Long, Long> end) {
    long sum = 0;
    for (Map.Entry<Long, Long> e : end.entrySet()) {
      sum += e.getValue() - start.getOrDefault(e.getKey(), 0L);
    }
    return sum;
  }

  /** A window from {@code start} to now: elapsed seconds, client and server CPU seconds, JIT apart. */
  public SideRun since(Reading start, long ops, long calls, long failures, String firstFailure) throws IOException {
    Reading end = read();
    if (shares != null) {
      shares.add(ops, start.selfThreads, end.selfThreads);
    }
    double ticks = ProcFs.TICKS_PER_SECOND;
    long clientJit = compilerDelta(start.selfCompilerTicks, end.selfCompilerTicks);
    long serverJit = compilerDelta(start.serverCompilerTicks, end.serverCompilerTicks);
    return new SideRun(ops, (end.nanos - start.nanos) / 1e9, (end.selfTicks - start.selfTicks - clientJit) / ticks,
        serverPid < 0 ? Double.NaN : (end.serverTicks - start.serverTicks - serverJit) / ticks, clientJit / ticks,
        serverPid < 0 ? Double.NaN : serverJit / ticks, calls, failures, firstFailure);
  }

  /**
   * One reading of the clocks: process ticks and compiler threads' ticks by thread id; with
   * {@link ThreadShares}, every thread of this process (else empty).
   */
  public record Reading(long nanos, long selfTicks, Map<Long, Long> selfCompilerTicks, long serverTicks,
                        Map<Long, Long> serverCompilerTicks, Map<Long, ProcFs.ThreadTicks> selfThreads) {}
}
