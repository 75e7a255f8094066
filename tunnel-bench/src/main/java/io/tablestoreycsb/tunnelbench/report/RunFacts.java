package io.tablestoreycsb.tunnelbench.report;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a report states above its tables so that it stands alone: what ran, against what, on which
 * machine, with which versions and settings.
 *
 * @param title the plan's name
 * @param lines label and text of each header line, in display order
 */
public record RunFacts(String title, Map<String, String> lines) {
  public RunFacts {
    lines = new LinkedHashMap<>(lines);
  }
}
