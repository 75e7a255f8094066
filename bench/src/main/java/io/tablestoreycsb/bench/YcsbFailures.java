package io.tablestoreycsb.bench;

import java.io.IOException;
import java.util.Set;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * Failed operations as YCSB itself counts them: the {@code Return=} counts of its measurements
 * (what a real run prints as {@code [READ], Return=ERROR, 3}). YCSB's measurements live as long as
 * the JVM, so a run's failures are the difference of two readings.
 */
final class YcsbFailures {
  /** Statuses that are successes: the binding answers a buffered batch row with BATCHED_OK. */
  private static final Set<String> SUCCESSES = Set.of(Status.OK.getName(), Status.BATCHED_OK.getName());

  private YcsbFailures() {
  }

  /** Operations whose status was neither OK nor BATCHED_OK, over every measurement so far. */
  static long total() throws IOException {
    long[] failed = new long[1];
    Measurements.getMeasurements().exportMeasurements(new MeasurementsExporter() {
      @Override
      public void write(String metric, String measurement, int i) {
        count(measurement, i);
      }

      @Override
      public void write(String metric, String measurement, long i) {
        count(measurement, i);
      }

      @Override
      public void write(String metric, String measurement, double d) {
      }

      private void count(String measurement, long n) {
        if (measurement.startsWith("Return=") && !SUCCESSES.contains(measurement.substring("Return=".length()))) {
          failed[0] += n;
        }
      }

      @Override
      public void close() {
      }
    });
    return failed[0];
  }
}
