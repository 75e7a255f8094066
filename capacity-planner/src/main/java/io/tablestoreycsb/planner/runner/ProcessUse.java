package io.tablestoreycsb.planner.runner;

/**
 * What a runner process used.
 *
 * @param cpuSeconds CPU time (user + system)
 * @param peakRssBytes peak resident set size (VmHWM)
 * @param ioReadBytes bytes read through read-type system calls (sockets and files; /proc/PID/io rchar)
 * @param ioWriteBytes bytes written through write-type system calls (/proc/PID/io wchar)
 */
public record ProcessUse(double cpuSeconds, long peakRssBytes, long ioReadBytes, long ioWriteBytes) {
  /** A process of which nothing was read. */
  public static final ProcessUse NONE = new ProcessUse(0, 0, 0, 0);
}
