package io.tablestoreycsb.binding.it;

import com.fasterxml.jackson.databind.JsonNode;

/** Figures read from the binding's statistics file. */
final class StatsJson {
  private StatsJson() {
  }

  /** The sum of the numbers in {@code values}: an array (per partition) or an object (per error code). */
  static long sum(JsonNode values) {
    long total = 0;
    for (JsonNode n : values) {
      total += n.asLong();
    }
    return total;
  }
}
