package io.tablestoreycsb.planner.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Samples a child process's resource use from Linux /proc while it runs. The figures are those of the
 * last sample before the process exited (at most one sampling period short): CPU time from
 * {@code /proc/PID/stat} (utime + stime), peak RSS from {@code /proc/PID/status} (VmHWM, already a
 * high-water mark), and I/O bytes from {@code /proc/PID/io} (rchar / wchar: every read/write system
 * call, which for a runner is almost all socket traffic to the endpoint; {@code /proc/PID/net/dev}
 * would count the whole network namespace, including other runners and loopback, so it is not used).
 * On systems without /proc the figures stay 0.
 */
final class ProcessSampler {
  private final long pid;
  private final double ticksPerSecond;
  private volatile double cpuSeconds;
  private volatile long peakRssBytes;
  private volatile long ioReadBytes;
  private volatile long ioWriteBytes;

  ProcessSampler(long pid, double ticksPerSecond) {
    this.pid = pid;
    this.ticksPerSecond = ticksPerSecond;
  }

  void sample() {
    Path proc = Path.of("/proc", Long.toString(pid));
    try {
      String stat = Files.readString(proc.resolve("stat"));
      // Fields after the command name (which may contain spaces) start after the last ')'.
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      // f[0] is field 3 (state): utime is field 14, stime field 15.
      cpuSeconds = (Long.parseLong(f[11]) + Long.parseLong(f[12])) / ticksPerSecond;
      for (String line : Files.readAllLines(proc.resolve("status"))) {
        if (line.startsWith("VmHWM:")) {
          peakRssBytes = Math.max(peakRssBytes, kib(line) * 1024);
        }
      }
      List<String> io = Files.readAllLines(proc.resolve("io"));
      for (String line : io) {
        if (line.startsWith("rchar:")) {
          ioReadBytes = Long.parseLong(line.substring(6).strip());
        } else if (line.startsWith("wchar:")) {
          ioWriteBytes = Long.parseLong(line.substring(6).strip());
        }
      }
    } catch (IOException | RuntimeException e) {
      // The process exited between samples (or there is no /proc): keep the last figures.
    }
  }

  private static long kib(String statusLine) {
    String digits = statusLine.replaceAll("[^0-9]", "");
    return digits.isEmpty() ? 0 : Long.parseLong(digits);
  }

  double cpuSeconds() {
    return cpuSeconds;
  }

  long peakRssBytes() {
    return peakRssBytes;
  }

  long ioReadBytes() {
    return ioReadBytes;
  }

  long ioWriteBytes() {
    return ioWriteBytes;
  }
}
