package io.tablestoreycsb.planner.live;

import java.io.FileNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Reads an HdrHistogram interval log a runner is still writing: the intervals complete so far. A line being
 * written ends the read (the next read gets it), where the report's reader would fail on it.
 */
final class GrowingLog {
  private GrowingLog() {}

  static List<Histogram> intervals(Path log) {
    List<Histogram> intervals = new ArrayList<>();
    if (!Files.isRegularFile(log)) {
      return intervals;
    }
    try (HistogramLogReader reader = new HistogramLogReader(log.toFile())) {
      EncodableHistogram h;
      while ((h = reader.nextIntervalHistogram()) != null) {
        if (h instanceof Histogram histogram) {
          intervals.add(histogram);
        }
      }
    } catch (FileNotFoundException e) {
      return intervals;
    } catch (RuntimeException e) {
      // A half-written last line: what was read before it stands.
    }
    return intervals;
  }
}
