package io.tablestoreycsb.kit.resources;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Optional;

/**
 * How far a runner's clock was from a reference clock (the Tablestore endpoint's), measured once
 * before its start gate and kept in a file of its result directory. Every runner of a plan measures
 * against the same reference, so the difference of two runners' offsets is the difference of their
 * machines' clocks, which a start instant given as a wall-clock time cannot see.
 *
 * @param reference what the clock was read from ({@code x-ots-date of http://...})
 * @param offsetMs the reference's time minus this machine's, in ms (positive: this clock is behind)
 * @param uncertaintyMs the true offset lies within {@code offsetMs} plus or minus this: half the round
 *     trip of the best sample plus the header's 1 ms resolution
 * @param samples requests made
 */
public record ClockReading(String reference, double offsetMs, double uncertaintyMs, int samples) {
  private static final ObjectMapper JSON = new ObjectMapper();

  public void write(Path file) throws IOException {
    JSON.writeValue(file.toFile(), this);
  }

  /** The reading in {@code file}, or empty when the runner made none (no endpoint, or it did not answer). */
  public static Optional<ClockReading> read(Path file) throws IOException {
    return Files.isRegularFile(file) ? Optional.of(JSON.readValue(file.toFile(), ClockReading.class))
        : Optional.empty();
  }

  /**
   * The spread of a cell's clocks: the largest offset minus the smallest, with the uncertainty of that
   * difference (the two readings' uncertainties added). Empty unless every runner has a reading.
   */
  public static Optional<Spread> spread(Collection<Optional<ClockReading>> readings) {
    if (readings.isEmpty() || readings.stream().anyMatch(Optional::isEmpty)) {
      return Optional.empty();
    }
    ClockReading min = null;
    ClockReading max = null;
    for (Optional<ClockReading> r : readings) {
      ClockReading c = r.get();
      min = min == null || c.offsetMs < min.offsetMs ? c : min;
      max = max == null || c.offsetMs > max.offsetMs ? c : max;
    }
    return Optional.of(new Spread(max.offsetMs - min.offsetMs, max.uncertaintyMs + min.uncertaintyMs));
  }

  /** The largest difference between two runners' clocks, plus or minus {@code uncertaintyMs}. */
  public record Spread(double ms, double uncertaintyMs) {}
}
