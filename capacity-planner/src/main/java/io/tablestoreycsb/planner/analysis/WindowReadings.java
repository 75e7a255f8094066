package io.tablestoreycsb.planner.analysis;

import java.util.List;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * Picks the two readings of a growing counter that enclose a window: the last one at or before its start
 * and the first one at or after its end (readings are about a second apart, so the span is the window give
 * or take a second); the first and last reading when the window reaches past them.
 */
final class WindowReadings {
  /** The readings around a window, {@code from} before {@code to}. */
  record Pair<T>(T from, T to) {}

  private WindowReadings() {}

  static <T> Optional<Pair<T>> around(List<T> readings, ToLongFunction<T> epochMs, long startEpochMs,
      long endEpochMs) {
    if (readings.size() < 2) {
      return Optional.empty();
    }
    int from = 0;
    for (int i = 0; i < readings.size(); i++) {
      if (epochMs.applyAsLong(readings.get(i)) <= startEpochMs) {
        from = i;
      }
    }
    int to = readings.size() - 1;
    for (int i = readings.size() - 1; i > from; i--) {
      if (epochMs.applyAsLong(readings.get(i)) >= endEpochMs) {
        to = i;
      }
    }
    return to > from ? Optional.of(new Pair<>(readings.get(from), readings.get(to))) : Optional.empty();
  }
}
