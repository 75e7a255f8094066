package io.tablestoreycsb.bench;

import java.util.Arrays;
import java.util.List;

/** Small statistics over benchmark rounds. */
public final class Stats {
  private Stats() {
  }

  /** Median (mean of the two middle values for an even count). */
  public static double median(List<Double> values) {
    if (values.isEmpty()) {
      throw new IllegalArgumentException("median of no values");
    }
    double[] sorted = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(sorted);
    int mid = sorted.length / 2;
    return sorted.length % 2 == 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  }

  /** (max - min) / median: how much the rounds disagree. */
  public static double spread(List<Double> values) {
    double min = values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
    double max = values.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
    return (max - min) / median(values);
  }
}
