package io.tablestoreycsb.planner.matrix;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code threads = auto}: threads per runner double from 1 ({@link #points}) until the rows per second
 * grew by less than {@code gain} over the last two steps, or the cell broke its SLO, or
 * {@code maxThreads} is reached. The point two steps before the search stopped is the knee.
 *
 * <p>Two steps under the gain do not prove a plateau: a rate bound by CPU can stay flat from 1 to 4
 * threads and still climb 10 to 15% by 100 (seen at 4 partitions on a 2-core machine, docs/
 * planner-search.md). With {@code confirm} the search therefore runs one more cell, at
 * {@code maxThreads}, after the two-step rule stopped it below that: the probe's reading counts like any
 * other cell, and says whether the knee stands.
 *
 * @param gain the least growth over two steps that keeps the search going, e.g. 0.10
 * @param maxThreads the most threads per runner tried
 * @param confirm whether a stop by the two-step rule is checked by one cell at {@code maxThreads}
 */
public record ThreadSearch(double gain, int maxThreads, boolean confirm) {
  public static final double DEFAULT_GAIN = 0.10;
  public static final int DEFAULT_MAX_THREADS = 128;

  /** A search that confirms its stop at {@code maxThreads} (the default). */
  public ThreadSearch(double gain, int maxThreads) {
    this(gain, maxThreads, true);
  }

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
