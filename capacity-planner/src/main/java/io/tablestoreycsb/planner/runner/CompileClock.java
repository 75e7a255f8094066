package io.tablestoreycsb.planner.runner;

import java.io.IOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How much this JVM has spent compiling so far, in seconds: the CPU time of its JIT compiler threads
 * (HotSpot's "C1 CompilerThread" and "C2 CompilerThread", from {@code /proc/self/task}), or, where those
 * cannot be read, the {@link CompilationMXBean}'s accumulated compilation time.
 *
 * <p>CPU time first: the MXBean adds up each compilation's elapsed time, which on a loaded machine includes
 * the time the compiler thread waited for a processor (a fresh runner beside 20 other busy processes showed
 * 30 ms of compilation in seconds in which its compiler threads used no CPU at all). The two agree on a calm
 * machine. A compiler thread HotSpot ends (it adds and removes them with the load) takes its CPU time with it,
 * so a reading can be lower than the one before: users take differences and count a negative one as none.
 */
public final class CompileClock {
  private static final Path TASKS = Path.of("/proc/self/task");
  /** USER_HZ: the unit of utime and stime in /proc (100 on every Linux this runs on). */
  private static final double TICKS_PER_SECOND = 100;

  private final CompilationMXBean mxBean = ManagementFactory.getCompilationMXBean();
  private final boolean fromThreads = Files.isDirectory(TASKS) && compilerThreadTicks() >= 0;

  /** Seconds spent compiling so far; NaN when this JVM reports nothing (an interpreter-only JVM). */
  public double seconds() {
    if (fromThreads) {
      long ticks = compilerThreadTicks();
      if (ticks >= 0) {
        return ticks / TICKS_PER_SECOND;
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
    long ticks = 0;
    boolean found = false;
    try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
      for (Path task : tasks) {
        String stat;
        try {
          stat = Files.readString(task.resolve("stat"));
        } catch (IOException gone) {
          continue; // the thread ended meanwhile
        }
        // pid (comm) state ...: comm may hold spaces, so fields count from the last ')'.
        int open = stat.indexOf('(');
        int close = stat.lastIndexOf(')');
        if (open < 0 || close < open) {
          continue;
        }
        String comm = stat.substring(open + 1, close);
        if (!comm.startsWith("C1 CompilerThre") && !comm.startsWith("C2 CompilerThre")) {
          continue;
        }
        String[] fields = stat.substring(close + 2).split(" ");
        // after the comm: state(0) ppid(1) ... utime is field 14 of the line, index 11 here; stime 12
        ticks += Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
        found = true;
      }
    } catch (IOException | RuntimeException e) {
      return -1;
    }
    return found ? ticks : -1;
  }
}
