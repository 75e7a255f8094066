package io.tablestoreycsb.tunnelbench.scenario;

import io.tablestoreycsb.tunnelbench.rows.TunnelRow;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a scenarios file (docs/tunnel.md, "Scenarios files"), INI-like as the planner's matrix files:
 *
 * <pre>
 * # comment
 * [plan]
 * name = quick
 * write-time = 8s
 * [scenario one-server]
 * consumers = 1
 * partitions = 1, 4, 8
 * </pre>
 *
 * A scenario section runs once per partition count, with the [plan] settings unless it sets its own.
 * Every error names the file, the line and what is wrong.
 */
public final class ScenarioParser {
  private static final Pattern SECTION = Pattern.compile("\\[\\s*([a-z]+)(?:\\s+([A-Za-z0-9_.-]+))?\\s*]");
  private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h)");
  private static final Pattern TABLE_PREFIX = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,200}");
  /** The paper's largest scenario has 128; more is allowed, up to what a TunnelWorker process can hold. */
  static final int MAX_PARTITIONS = 1024;
  static final int MAX_CONSUMERS = 64;

  /** Settings a [plan] section sets for every scenario and a scenario section may override. */
  private static final Set<String> SETTING_KEYS = Set.of("write-time", "warmup", "writer-threads", "rows-per-second",
      "batch-rows", "row-bytes", "drain-timeout", "partition-capacity");
  private static final Set<String> PLAN_KEYS = Set.of("name", "table-prefix");
  private static final Set<String> SCENARIO_KEYS = Set.of("consumers", "partitions");

  static final Scenario.Settings DEFAULTS = new Scenario.Settings(Duration.ofSeconds(30), Duration.ofSeconds(5), 4, 0,
      200, TunnelRow.PAPER_ROW_BYTES, Duration.ofSeconds(120), 0);

  private final String file;

  private ScenarioParser(String file) {
    this.file = file;
  }

  public static BenchPlan parse(Path path) throws IOException {
    if (!Files.isRegularFile(path)) {
      throw new ScenarioFileException(path + ": scenarios file not found");
    }
    return parse(path, Files.readAllLines(path, StandardCharsets.UTF_8));
  }

  public static BenchPlan parse(Path source, List<String> lines) {
    return new ScenarioParser(source.toString()).parseLines(source, lines);
  }

  /** One section as read: its kind, name, first line and key = value lines (with their line numbers). */
  private record Section(String kind, String name, int line, Map<String, Entry> entries) {}

  private record Entry(String value, int line) {}

  private BenchPlan parseLines(Path source, List<String> lines) {
    List<Section> sections = new ArrayList<>();
    Section current = null;
    for (int i = 0; i < lines.size(); i++) {
      int lineNo = i + 1;
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      if (line.startsWith("[")) {
        Matcher m = SECTION.matcher(line);
        if (!m.matches()) {
          throw error(lineNo, "malformed section header '" + line + "' (expected [plan] or [scenario NAME])");
        }
        String kind = m.group(1);
        if (kind.equals("plan") && m.group(2) == null) {
          if (sections.stream().anyMatch(s -> s.kind.equals("plan"))) {
            throw error(lineNo, "a second [plan] section");
          }
        } else if (!kind.equals("scenario") || m.group(2) == null) {
          throw error(lineNo, "unknown section '" + line + "' (expected [plan] or [scenario NAME])");
        }
        for (Section s : sections) {
          if (s.kind.equals("scenario") && s.name.equals(m.group(2))) {
            throw error(lineNo, "scenario '" + m.group(2) + "' is defined twice (first on line " + s.line + ")");
          }
        }
        current = new Section(kind, m.group(2), lineNo, new LinkedHashMap<>());
        sections.add(current);
        continue;
      }
      int eq = line.indexOf('=');
      if (eq <= 0) {
        throw error(lineNo, "expected 'key = value', got '" + line + "'");
      }
      if (current == null) {
        throw error(lineNo, "'" + line + "' is outside any section; start with [plan]");
      }
      String key = line.substring(0, eq).strip();
      String value = line.substring(eq + 1).strip();
      Set<String> allowed = union(current.kind.equals("plan") ? PLAN_KEYS : SCENARIO_KEYS, SETTING_KEYS);
      if (!allowed.contains(key)) {
        throw error(lineNo, "unknown key '" + key + "' in [" + current.kind
            + (current.name == null ? "" : " " + current.name) + "] (allowed: " + String.join(", ", sorted(allowed)) + ")");
      }
      if (current.entries.containsKey(key)) {
        throw error(lineNo, "'" + key + "' is set twice in this section (first on line "
            + current.entries.get(key).line + ")");
      }
      if (value.isEmpty()) {
        throw error(lineNo, "'" + key + "' has no value");
      }
      current.entries.put(key, new Entry(value, lineNo));
    }
    Section plan = sections.stream().filter(s -> s.kind.equals("plan")).findFirst()
        .orElseThrow(() -> new ScenarioFileException(file + ": no [plan] section"));
    String name = plan.entries.containsKey("name") ? plan.entries.get("name").value : baseName(source);
    String prefix = plan.entries.containsKey("table-prefix") ? plan.entries.get("table-prefix").value : "tunnelbench";
    if (!TABLE_PREFIX.matcher(prefix).matches()) {
      throw error(plan.entries.get("table-prefix").line, "table-prefix must be letters, digits and '_', not starting"
          + " with a digit, got '" + prefix + "'");
    }
    Scenario.Settings planSettings = settings(plan, DEFAULTS);
    List<Scenario> scenarios = new ArrayList<>();
    for (Section s : sections) {
      if (!s.kind.equals("scenario")) {
        continue;
      }
      Scenario.Settings settings = settings(s, planSettings);
      Entry consumers = require(s, "consumers");
      Entry partitions = require(s, "partitions");
      int k = intIn(consumers, "consumers", 1, MAX_CONSUMERS);
      for (String p : partitions.value.split(",")) {
        scenarios.add(new Scenario(s.name, intIn(new Entry(p.strip(), partitions.line), "partitions", 1, MAX_PARTITIONS), k,
            settings));
      }
    }
    if (scenarios.isEmpty()) {
      throw new ScenarioFileException(file + ": no [scenario NAME] section");
    }
    return new BenchPlan(source, name, prefix, List.copyOf(scenarios));
  }

  private Scenario.Settings settings(Section s, Scenario.Settings base) {
    Map<String, Entry> e = s.entries;
    Duration writeTime = e.containsKey("write-time") ? duration(e.get("write-time"), "write-time") : base.writeTime();
    Duration warmup = e.containsKey("warmup") ? duration(e.get("warmup"), "warmup") : base.warmup();
    if (writeTime.isZero()) {
      throw error(e.get("write-time").line, "write-time must be more than 0");
    }
    if (warmup.compareTo(writeTime) >= 0) {
      Entry at = e.containsKey("warmup") ? e.get("warmup") : e.get("write-time");
      throw error(at == null ? s.line : at.line, "warmup (" + warmup.toMillis() + " ms) must be shorter than"
          + " write-time (" + writeTime.toMillis() + " ms)");
    }
    int threads = e.containsKey("writer-threads") ? intIn(e.get("writer-threads"), "writer-threads", 1, 256)
        : base.writerThreads();
    double rate = e.containsKey("rows-per-second") ? number(e.get("rows-per-second"), "rows-per-second")
        : base.rowsPerSecond();
    int batch = e.containsKey("batch-rows") ? intIn(e.get("batch-rows"), "batch-rows", 1, 200) : base.batchRows();
    int rowBytes = e.containsKey("row-bytes") ? intIn(e.get("row-bytes"), "row-bytes", TunnelRow.MIN_ROW_BYTES, 2 << 20)
        : base.rowBytes();
    Duration drain = e.containsKey("drain-timeout") ? duration(e.get("drain-timeout"), "drain-timeout")
        : base.drainTimeout();
    double capacity = e.containsKey("partition-capacity") ? number(e.get("partition-capacity"), "partition-capacity")
        : base.partitionCapacity();
    return new Scenario.Settings(writeTime, warmup, threads, rate, batch, rowBytes, drain, capacity);
  }

  private Entry require(Section s, String key) {
    Entry e = s.entries.get(key);
    if (e == null) {
      throw error(s.line, "[scenario " + s.name + "] needs '" + key + "'");
    }
    return e;
  }

  private int intIn(Entry e, String key, int min, int max) {
    try {
      int v = Integer.parseInt(e.value.replace("_", ""));
      if (v < min || v > max) {
        throw error(e.line, key + " must be from " + min + " to " + max + ", got " + v);
      }
      return v;
    } catch (NumberFormatException ex) {
      throw error(e.line, key + " must be a whole number, got '" + e.value + "'");
    }
  }

  private double number(Entry e, String key) {
    try {
      double v = Double.parseDouble(e.value.replace("_", ""));
      if (!(v >= 0) || Double.isInfinite(v)) {
        throw error(e.line, key + " must be 0 or more, got " + e.value);
      }
      return v;
    } catch (NumberFormatException ex) {
      throw error(e.line, key + " must be a number (0 = unlimited), got '" + e.value + "'");
    }
  }

  private Duration duration(Entry e, String key) {
    Matcher m = DURATION.matcher(e.value.toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw error(e.line, key + " must be a duration like 500ms, 30s, 2m or 1h, got '" + e.value + "'");
    }
    long n = Long.parseLong(m.group(1));
    return switch (m.group(2)) {
      case "ms" -> Duration.ofMillis(n);
      case "s" -> Duration.ofSeconds(n);
      case "m" -> Duration.ofMinutes(n);
      default -> Duration.ofHours(n);
    };
  }

  private ScenarioFileException error(int line, String what) {
    return new ScenarioFileException(file + ":" + line + ": " + what);
  }

  private static Set<String> union(Set<String> a, Set<String> b) {
    java.util.HashSet<String> u = new java.util.HashSet<>(a);
    u.addAll(b);
    return u;
  }

  private static List<String> sorted(Set<String> keys) {
    return keys.stream().sorted().toList();
  }

  private static String baseName(Path source) {
    Path name = source.getFileName();
    return name == null ? "tunnel-bench" : name.toString();
  }
}
