package io.tablestoreycsb.planner.matrix;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code threads = auto}: threads per runner double from 1 ({@link #points}) until the rows per second
 * grew by less than {@code gain} over the last two steps, or the cell broke its SLO, or
 * {@code maxThreads} is reached. The point two steps before the search stopped is the knee.
 *
 * @param gain the least growth over two steps that keeps the search going, e.g. 0.10
 * @param maxThreads the most threads per runner tried
 */
public record ThreadSearch(double gain, int maxThreads) {
  public static final double DEFAULT_GAIN = 0.10;
  public static final int DEFAULT_MAX_THREADS = 128;

  /** The thread points the search may try, in order: 1, 2, 4 ... up to {@code maxThreads}. */
  public List<Integer> points() {
    List<Integer> points = new ArrayList<>();
    for (int t = 1; t <= maxThreads; t *= 2) {
      points.add(t);
    }
    if (points.get(points.size() - 1) != maxThreads) {
      points.add(maxThreads);
    }
    return List.copyOf(points);
  }
}
