package io.tablestoreycsb.planner.plan;

import java.util.HashSet;
import java.util.Set;

/**
 * {@code --only case=random-read,partitions=4}: restricts a plan to some cases and partition counts.
 * Repeating a key widens it (case=random-read,case=range-read).
 *
 * @param cases cases to keep (empty = all)
 * @param partitions partition counts to keep (empty = all)
 * @param threads thread counts to keep (empty = all)
 */
public record CellFilter(Set<String> cases, Set<Integer> partitions, Set<Integer> threads) {
  public static final CellFilter ALL = new CellFilter(Set.of(), Set.of(), Set.of());

  public static CellFilter parse(String spec) {
    Set<String> cases = new HashSet<>();
    Set<Integer> partitions = new HashSet<>();
    Set<Integer> threads = new HashSet<>();
    for (String part : spec.split(",")) {
      String p = part.strip();
      int eq = p.indexOf('=');
      String key = eq < 0 ? "" : p.substring(0, eq).strip();
      String value = eq < 0 ? "" : p.substring(eq + 1).strip();
      if (value.isEmpty()) {
        throw new IllegalArgumentException("--only '" + spec + "': '" + p
            + "' must be case=NAME, partitions=N or threads=N");
      }
      switch (key) {
        case "case" -> cases.add(value);
        case "partitions" -> partitions.add(number(spec, p, value));
        case "threads" -> threads.add(number(spec, p, value));
        default -> throw new IllegalArgumentException("--only '" + spec + "': unknown key '" + key
            + "' (use case=, partitions= or threads=)");
      }
    }
    return new CellFilter(Set.copyOf(cases), Set.copyOf(partitions), Set.copyOf(threads));
  }

  private static int number(String spec, String part, String value) {
    try {
      return Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--only '" + spec + "': '" + part + "' needs a whole number");
    }
  }

  public boolean accepts(String caseName, int partitionCount, int threadCount) {
    return (cases.isEmpty() || cases.contains(caseName))
        && (partitions.isEmpty() || partitions.contains(partitionCount))
        && (threads.isEmpty() || threads.contains(threadCount));
  }
}
