package io.tablestoreycsb.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;

/** {@code --name value} options of the bench drivers, each checked against the names a driver knows. */
final class BenchArgs {
  private final Map<String, String> values = new HashMap<>();

  BenchArgs(String[] args, Set<String> known) {
    for (int i = 0; i < args.length; i++) {
      String name = args[i];
      if (!name.startsWith("--") || !known.contains(name.substring(2))) {
        throw new IllegalArgumentException("unknown option '" + name + "' (known: --" + String.join(", --", known) + ")");
      }
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException("option " + name + " needs a value");
      }
      values.put(name.substring(2), args[++i]);
    }
  }

  String string(String name, String fallback) {
    return values.getOrDefault(name, fallback);
  }

  String required(String name) {
    String v = values.get(name);
    if (v == null) {
      throw new IllegalArgumentException("option --" + name + " is required");
    }
    return v;
  }

  int integer(String name, int fallback) {
    return values.containsKey(name) ? Integer.parseInt(values.get(name)) : fallback;
  }

  long number(String name, long fallback) {
    return values.containsKey(name) ? Long.parseLong(values.get(name)) : fallback;
  }

  double decimal(String name, double fallback) {
    return values.containsKey(name) ? Double.parseDouble(values.get(name)) : fallback;
  }

  /** The round plan from --min-rounds, --max-rounds, --seconds, --warmup, --warmup-pairs. */
  Rounds.Plan plan() {
    double seconds = decimal("seconds", 3);
    return new Rounds.Plan(integer("min-rounds", 5), integer("max-rounds", 10), seconds,
        decimal("warmup", Math.max(2, seconds / 2)), integer("warmup-pairs", 6));
  }

  /** The option names of {@link #plan()}, to add to a driver's own. */
  static Set<String> withPlanOptions(String... names) {
    Set<String> all = new java.util.HashSet<>(Set.of(names));
    all.addAll(Set.of("min-rounds", "max-rounds", "seconds", "warmup", "warmup-pairs"));
    return all;
  }

  /** A copy of {@code base} with {@code keyValues} (key, value, key, value, ...) set. */
  static Properties with(Properties base, String... keyValues) {
    Properties p = new Properties();
    p.putAll(base);
    for (int i = 0; i < keyValues.length; i += 2) {
      p.setProperty(keyValues[i], keyValues[i + 1]);
    }
    return p;
  }

  static Properties load(Path file) throws Exception {
    Properties p = new Properties();
    try (var in = Files.newBufferedReader(file)) {
      p.load(in);
    }
    return p;
  }
}
