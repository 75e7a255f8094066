package io.tablestoreycsb.tunnelbench.child;

import io.tablestoreycsb.kit.hdr.HdrLogs;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * End-to-end lag (write acknowledged to row handed to the processor, microseconds) filed by the
 * wall-clock second the row arrived in, written as an HdrHistogram interval log the way YCSB writes
 * its own (so the planner's {@link HdrLogs} reads it): each interval's count is the rows synced in that
 * second, and the intervals of all consumers merge into the scenario's lag histogram and its rows per
 * second.
 */
public final class LagIntervals {
  private final Map<Long, Histogram> bySecond = new TreeMap<>();

  public void record(long arrivalEpochMicros, long lagMicros) {
    bySecond.computeIfAbsent(arrivalEpochMicros / 1_000_000, s -> {
      Histogram h = HdrLogs.newHistogram();
      h.setStartTimeStamp(s * 1000);
      h.setEndTimeStamp(s * 1000 + 1000);
      return h;
    }).recordValue(lagMicros);
  }

  public void write(Path file) throws IOException {
    long base = bySecond.isEmpty() ? System.currentTimeMillis() : bySecond.keySet().iterator().next() * 1000;
    try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, "UTF-8")) {
      HistogramLogWriter log = new HistogramLogWriter(out);
      log.outputLogFormatVersion();
      log.outputStartTime(base);
      log.setBaseTime(base);
      log.outputLegend();
      for (Histogram h : bySecond.values()) {
        log.outputIntervalHistogram(h);
      }
    }
  }
}
