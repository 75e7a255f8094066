package io.tablestoreycsb.tunnelbench.child;

import java.util.Locale;

/**
 * One look at a benchmark process: how many rows it had handled (written, synced or scanned) and the
 * resources it had used so far, as cumulative figures, so that any two samples give a window's rate,
 * CPU and traffic.
 *
 * @param epochMs when the sample was taken
 * @param rows rows handled so far (for a consumer: rows handed to its processor, duplicates included)
 * @param cpuSeconds process CPU time (user + system) so far
 * @param ioBytes bytes through read and write system calls so far (socket traffic, almost all of it)
 * @param peakRssBytes peak resident set size so far
 */
public record Sample(long epochMs, long rows, double cpuSeconds, long ioBytes, long peakRssBytes) {
  static final String CSV_HEADER = "epoch_ms,rows,cpu_seconds,io_bytes,peak_rss_bytes";

  String csv() {
    return String.format(Locale.ROOT, "%d,%d,%.3f,%d,%d", epochMs, rows, cpuSeconds, ioBytes, peakRssBytes);
  }

  /** The sample on a CSV line, or null for the header or a line cut short (a writer mid-line). */
  static Sample parse(String line) {
    String[] f = line.split(",");
    if (f.length != 5) {
      return null;
    }
    try {
      return new Sample(Long.parseLong(f[0]), Long.parseLong(f[1]), Double.parseDouble(f[2]), Long.parseLong(f[3]),
          Long.parseLong(f[4]));
    } catch (NumberFormatException e) {
      return null;
    }
  }
}
