package io.tablestoreycsb.tunnelbench.report;

import io.tablestoreycsb.tunnelbench.child.Sample;
import java.util.List;

/**
 * A process's figures over a window cut from its samples: the cumulative CPU, I/O and row counts
 * interpolated linearly at the window's edges (samples are 200 ms apart), so a window need not start
 * or end on a sample.
 */
public final class SampleWindow {
  private SampleWindow() {}

  /** CPU seconds used between the two instants. */
  public static double cpuSeconds(List<Sample> samples, long fromMs, long toMs) {
    return at(samples, toMs, Field.CPU) - at(samples, fromMs, Field.CPU);
  }

  public static double ioBytes(List<Sample> samples, long fromMs, long toMs) {
    return at(samples, toMs, Field.IO) - at(samples, fromMs, Field.IO);
  }

  public static double rows(List<Sample> samples, long fromMs, long toMs) {
    return at(samples, toMs, Field.ROWS) - at(samples, fromMs, Field.ROWS);
  }

  /** The largest peak RSS sampled (bytes). */
  public static long peakRssBytes(List<Sample> samples) {
    return samples.stream().mapToLong(Sample::peakRssBytes).max().orElse(0);
  }

  /** The first instant the row count reached {@code rows} (interpolated), or -1 if it never did. */
  public static long timeAtRows(List<Sample> samples, double rows) {
    for (int i = 0; i < samples.size(); i++) {
      Sample s = samples.get(i);
      if (s.rows() >= rows) {
        if (i == 0) {
          return s.epochMs();
        }
        Sample p = samples.get(i - 1);
        double f = (rows - p.rows()) / (double) Math.max(1, s.rows() - p.rows());
        return p.epochMs() + Math.round(f * (s.epochMs() - p.epochMs()));
      }
    }
    return -1;
  }

  enum Field { CPU, IO, ROWS }

  static double at(List<Sample> samples, long ms, Field field) {
    if (samples.isEmpty()) {
      return 0;
    }
    Sample prev = samples.get(0);
    if (ms <= prev.epochMs()) {
      return value(prev, field);
    }
    for (Sample s : samples) {
      if (s.epochMs() >= ms) {
        double f = s.epochMs() == prev.epochMs() ? 1 : (ms - prev.epochMs()) / (double) (s.epochMs() - prev.epochMs());
        return value(prev, field) + f * (value(s, field) - value(prev, field));
      }
      prev = s;
    }
    return value(prev, field);
  }

  private static double value(Sample s, Field field) {
    return switch (field) {
      case CPU -> s.cpuSeconds();
      case IO -> s.ioBytes();
      case ROWS -> s.rows();
    };
  }
}
