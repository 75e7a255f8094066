package io.tablestoreycsb.planner.ycsb;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The summary YCSB's text exporter prints at the end of a run ({@code [SECTION], Metric, value}), plus
 * the binding's {@code [TABLESTORE], Name, value} lines.
 */
public final class YcsbOutput {
  private final Map<String, Map<String, String>> sections;

  private YcsbOutput(Map<String, Map<String, String>> sections) {
    this.sections = sections;
  }

  public static YcsbOutput read(Path stdout) throws IOException {
    return parse(Files.readAllLines(stdout, StandardCharsets.UTF_8));
  }

  public static YcsbOutput parse(List<String> lines) {
    Map<String, Map<String, String>> sections = new LinkedHashMap<>();
    for (String line : lines) {
      if (!line.startsWith("[")) {
        continue;
      }
      int close = line.indexOf("], ");
      if (close < 0) {
        continue;
      }
      String section = line.substring(1, close);
      String rest = line.substring(close + 3);
      int comma = rest.lastIndexOf(", ");
      if (comma < 0) {
        continue;
      }
      sections.computeIfAbsent(section, k -> new LinkedHashMap<>())
          .put(rest.substring(0, comma).strip(), rest.substring(comma + 2).strip());
    }
    return new YcsbOutput(sections);
  }

  /** True when YCSB got as far as exporting its measurements. */
  public boolean finished() {
    return value("OVERALL", "RunTime(ms)").isPresent();
  }

  public long runtimeMs() {
    return (long) value("OVERALL", "RunTime(ms)").orElse(0);
  }

  public long operations(String measurement) {
    return (long) value(measurement, "Operations").orElse(0);
  }

  public OptionalDouble value(String section, String metric) {
    Map<String, String> s = sections.get(section);
    if (s == null || !s.containsKey(metric)) {
      return OptionalDouble.empty();
    }
    try {
      return OptionalDouble.of(Double.parseDouble(s.get(metric)));
    } catch (NumberFormatException e) {
      return OptionalDouble.empty();
    }
  }

  /** Return=STATUS counts of a measurement (Return=OK, Return=ERROR, Return=BATCHED_OK ...). */
  public Map<String, Long> returnCounts(String measurement) {
    Map<String, Long> counts = new LinkedHashMap<>();
    Map<String, String> s = sections.getOrDefault(measurement, Map.of());
    s.forEach((k, v) -> {
      if (k.startsWith("Return=")) {
        counts.put(k.substring("Return=".length()), (long) Double.parseDouble(v));
      }
    });
    return counts;
  }

  /** Operations recorded under failure measurements (YCSB names them e.g. READ-FAILED). */
  public long failedOperations() {
    long failed = 0;
    for (Map.Entry<String, Map<String, String>> e : sections.entrySet()) {
      if (e.getKey().endsWith("-FAILED") || e.getKey().matches(".*-(ERROR|UNEXPECTED_STATE|NOT_FOUND)")) {
        failed += (long) value(e.getKey(), "Operations").orElse(0);
      }
    }
    return failed;
  }
}
