package io.tablestoreycsb.kit.hdr;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Reads YCSB's HdrHistogram interval logs and merges histograms.
 *
 * <p>With {@code measurementtype=hdrhistogram} and {@code hdrhistogram.fileoutput=true}, YCSB 0.17.0
 * writes one log per measurement to {@code <hdrhistogram.output.path><NAME>.hdr} (the path is a plain
 * prefix, e.g. {@code runner-0/READ.hdr}). Each {@code -s} status tick appends the interval since the
 * previous tick, and the end of the run appends the rest, so the sum of all intervals is the run's total
 * histogram. Values are microseconds.
 */
public final class HdrLogs {
  /** Same precision YCSB records with (Recorder(3)). */
  public static final int SIGNIFICANT_DIGITS = 3;

  private HdrLogs() {}

  /** All intervals of one log added together; an empty histogram if the log has none. */
  public static Histogram readTotal(Path log) {
    return merge(readIntervals(log));
  }

  /** The interval histograms of one log, in order; each knows its start and end time stamps (ms). */
  public static List<Histogram> readIntervals(Path log) {
    List<Histogram> intervals = new ArrayList<>();
    try (HistogramLogReader reader = new HistogramLogReader(log.toFile())) {
      EncodableHistogram interval;
      while ((interval = reader.nextIntervalHistogram()) != null) {
        if (!(interval instanceof Histogram h)) {
          throw new IllegalStateException(log + ": expected integer histograms (YCSB writes those), found "
              + interval.getClass().getSimpleName());
        }
        intervals.add(h);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read HdrHistogram log " + log, e);
    }
    return intervals;
  }

  /** True when the file exists and has at least the log header YCSB writes when it opens it. */
  public static boolean exists(Path log) {
    return Files.isRegularFile(log);
  }

  /**
   * Merges histograms by adding their counts: the result is exactly the histogram of all values
   * recorded by every runner, so its percentiles are the percentiles of the whole cell.
   */
  public static Histogram merge(Collection<Histogram> histograms) {
    Histogram merged = newHistogram();
    for (Histogram h : histograms) {
      merged.add(h);
    }
    return merged;
  }

  public static Histogram newHistogram() {
    Histogram h = new Histogram(SIGNIFICANT_DIGITS);
    h.setAutoResize(true);
    return h;
  }
}
