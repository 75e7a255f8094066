package io.tablestoreycsb.kit.resources;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Samples a process's resource use from Linux /proc: CPU time from {@code /proc/PID/stat} (utime +
 * stime), peak RSS from {@code /proc/PID/status} (VmHWM, already a high-water mark), and I/O bytes from
 * {@code /proc/PID/io} (rchar / wchar: every read/write system call, which for a runner is almost all
 * socket traffic to the endpoint; {@code /proc/PID/net/dev} would count the whole network namespace,
 * including other runners and loopback, so it is not used). The figures are those of the last sample.
 * On systems without /proc they stay 0.
 */
public final class ResourceSampler {
  /** Clock ticks per second of /proc/PID/stat (USER_HZ, 100 on every Linux the JVM supports). */
  private static final double TICKS_PER_SECOND = 100.0;

  private final Path proc;
  private volatile double cpuSeconds;
  private volatile long peakRssBytes;
  private volatile long ioReadBytes;
  private volatile long ioWriteBytes;

  private ResourceSampler(Path proc) {
    this.proc = proc;
  }

  /** Samples the calling process: a runner measures itself, wherever it runs. */
  public static ResourceSampler ofThisProcess() {
    return new ResourceSampler(Path.of("/proc/self"));
  }

  public synchronized void sample() {
    try {
      String stat = Files.readString(proc.resolve("stat"));
      // Fields after the command name (which may contain spaces) start after the last ')'.
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      // f[0] is field 3 (state): utime is field 14, stime field 15.
      cpuSeconds = (Long.parseLong(f[11]) + Long.parseLong(f[12])) / TICKS_PER_SECOND;
      for (String line : Files.readAllLines(proc.resolve("status"))) {
        if (line.startsWith("VmHWM:")) {
          peakRssBytes = Math.max(peakRssBytes, kib(line) * 1024);
        }
      }
      for (String line : Files.readAllLines(proc.resolve("io"))) {
        if (line.startsWith("rchar:")) {
          ioReadBytes = Long.parseLong(line.substring(6).strip());
        } else if (line.startsWith("wchar:")) {
          ioWriteBytes = Long.parseLong(line.substring(6).strip());
        }
      }
    } catch (IOException | RuntimeException e) {
      // No /proc (or a field missing): keep the last figures.
    }
  }

  private static long kib(String statusLine) {
    String digits = statusLine.replaceAll("[^0-9]", "");
    return digits.isEmpty() ? 0 : Long.parseLong(digits);
  }

  public double cpuSeconds() {
    return cpuSeconds;
  }

  public long peakRssBytes() {
    return peakRssBytes;
  }

  public long ioReadBytes() {
    return ioReadBytes;
  }

  public long ioWriteBytes() {
    return ioWriteBytes;
  }
}
