package io.tablestoreycsb.tunnelbench.child;

import java.time.Instant;

/**
 * Wall-clock time in microseconds, comparable between processes of one machine (the writer stamps
 * acknowledgements, consumers stamp arrivals). Between machines it is as good as their clock sync.
 */
public final class EpochMicros {
  private EpochMicros() {}

  public static long now() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000L + now.getNano() / 1000;
  }
}
