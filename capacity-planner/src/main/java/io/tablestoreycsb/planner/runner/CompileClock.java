package io.tablestoreycsb.planner.runner;

import io.tablestoreycsb.kit.resources.ProcFs;
import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.Map;

/**
 * How much this JVM has spent compiling so far, in seconds: the CPU time of its JIT compiler threads
 * (HotSpot's "C1 CompilerThread" and "C2 CompilerThread", from {@code /proc/PID/task}), or, where those
 * cannot be read, the {@link CompilationMXBean}'s accumulated compilation time.
 *
 * <p>CPU time first: the MXBean adds up each compilation's elapsed time, which on a loaded machine includes
 * the time the compiler thread waited for a processor (a fresh runner beside 20 other busy processes showed
 * 30 ms of compilation in seconds in which its compiler threads used no CPU at all). The two agree on a calm
 * machine. A compiler thread HotSpot ends (it adds and removes them with the load) takes its CPU time with it,
 * so a reading can be lower than the one before: users take differences and count a negative one as none.
 */
public final class CompileClock {

  private final CompilationMXBean mxBean = ManagementFactory.getCompilationMXBean();
  private final boolean fromThreads = compilerThreadTicks() >= 0;

  /** Seconds spent compiling so far; NaN when this JVM reports nothing (an interpreter-only JVM). */
  public double seconds() {
    if (fromThreads) {
      long ticks = compilerThreadTicks();
      if (ticks >= 0) {
        return ticks / (double) ProcFs.TICKS_PER_SECOND;
      }
    }
    if (mxBean == null || !mxBean.isCompilationTimeMonitoringSupported()) {
      return Double.NaN;
    }
    return mxBean.getTotalCompilationTime() / 1000.0;
  }

  /** Where the figure comes from: "compiler threads' CPU" or "JIT compilation time". */
  public String source() {
    return fromThreads ? "compiler threads' CPU" : "JIT compilation time";
  }

  /** utime + stime of the compiler threads, or -1 when /proc cannot be read or shows none. */
  private static long compilerThreadTicks() {
    try {
      Map<Long, Long> compilers = ProcFs.threadCpuTicks(ProcessHandle.current().pid(),
          ProcFs::isJitCompilerThread);
      return compilers.isEmpty() ? -1 : compilers.values().stream().mapToLong(Long::longValue).sum();
    } catch (IOException | RuntimeException e) {
      return -1;
    }
  }
}
