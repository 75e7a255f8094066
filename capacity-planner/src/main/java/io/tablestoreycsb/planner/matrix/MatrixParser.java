package io.tablestoreycsb.planner.matrix;

import io.tablestoreycsb.binding.config.KeyNumberLimits;
import io.tablestoreycsb.binding.config.KnownProperties;
import io.tablestoreycsb.binding.config.Suggestions;
import io.tablestoreycsb.planner.threshold.Threshold;
import io.tablestoreycsb.planner.threshold.ThresholdParser;
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
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads the INI-like matrix format (documented in docs/capacity-planning.md):
 *
 * <pre>
 * # comment
 * [plan]
 * runners = 5
 * partitions = 1, 4, 16
 * property.fieldcount = 5
 * [quick]
 * duration = 5s
 * [case random-write]
 * workload = workloads/tablestore-random-write
 * threads = 1, 2, 4
 * duration = 1h
 * </pre>
 *
 * Every error names the file, the line number and what is wrong.
 */
public final class MatrixParser {
  private static final Pattern SECTION = Pattern.compile("\\[\\s*([a-z]+)(?:\\s+([A-Za-z0-9_.-]+))?\\s*]");
  private static final Pattern DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h)");
  private static final String PROPERTY_PREFIX = "property.";

  private static final Set<String> PLAN_KEYS = Set.of("name", "instance-type", "runners", "partitions", "table",
      "db", "rows-per-partition", "load-threads", "load-workload", "slo", "stop", "min-duration",
      "steady-tolerance", "fail-if");
  private static final Set<String> QUICK_KEYS = Set.of("duration", "rows-per-partition", "max-thread-points");
  private static final Set<String> CASE_KEYS = Set.of("workload", "phase", "measure", "rows-per-request",
      "reads-loaded-data", "threads", "duration", "slo", "target", "stop", "min-duration", "steady-tolerance",
      "max-threads", "saturation-gain", "confirm-saturation");

  private final String file;
  private final Consumer<String> warnings;

  private MatrixParser(String file, Consumer<String> warnings) {
    this.file = file;
    this.warnings = warnings;
  }

  /** Parses {@code path}; warnings (a property a typo away from a YCSB one) go to stderr. */
  public static Matrix parse(Path path) throws IOException {
    return parse(path, MatrixParser::printWarning);
  }

  /** Parses {@code path}, handing each warning ("FILE:LINE: ...") to {@code warnings}. */
  public static Matrix parse(Path path, Consumer<String> warnings) throws IOException {
    if (!Files.isRegularFile(path)) {
      throw new MatrixException(path + ": matrix file not found");
    }
    return parse(path, Files.readAllLines(path, StandardCharsets.UTF_8), warnings);
  }

  public static Matrix parse(Path source, List<String> lines) {
    return parse(source, lines, MatrixParser::printWarning);
  }

  public static Matrix parse(Path source, List<String> lines, Consumer<String> warnings) {
    return new MatrixParser(source.toString(), warnings).parseLines(source, lines);
  }

  private static void printWarning(String warning) {
    System.err.println("warning: " + warning);
  }

  /** A key = value line remembered with its line number. */
  private record Entry(String value, int line) {}

  /** One [section] with its entries. */
  private static final class Section {
    final String kind;
    final String name;
    final int line;
    final Map<String, Entry> entries = new LinkedHashMap<>();

    Section(String kind, String name, int line) {
      this.kind = kind;
      this.name = name;
      this.line = line;
    }
  }

  private Matrix parseLines(Path source, List<String> lines) {
    Section plan = null;
    Section quick = null;
    List<Section> cases = new ArrayList<>();
    Section current = null;
    for (int i = 0; i < lines.size(); i++) {
      int lineNo = i + 1;
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#") || line.startsWith(";")) {
        continue;
      }
      if (line.startsWith("[")) {
        current = openSection(line, lineNo);
        switch (current.kind) {
          case "plan" -> {
            if (plan != null) {
              throw MatrixException.at(file, lineNo, "second [plan] section (the first is on line " + plan.line + ")");
            }
            plan = current;
          }
          case "quick" -> {
            if (quick != null) {
              throw MatrixException.at(file, lineNo, "second [quick] section (the first is on line " + quick.line + ")");
            }
            quick = current;
          }
          default -> {
            for (Section other : cases) {
              if (other.name.equals(current.name)) {
                throw MatrixException.at(file, lineNo,
                    "case '" + current.name + "' defined twice (also on line " + other.line + ")");
              }
            }
            cases.add(current);
          }
        }
        continue;
      }
      int eq = line.indexOf('=');
      if (eq <= 0) {
        throw MatrixException.at(file, lineNo, "expected 'key = value' or '[section]', found: " + line);
      }
      if (current == null) {
        throw MatrixException.at(file, lineNo, "'" + line + "' is outside any section; start with [plan]");
      }
      String key = line.substring(0, eq).strip();
      String value = line.substring(eq + 1).strip();
      checkKey(current, key, lineNo);
      Entry previous = current.entries.put(key, new Entry(value, lineNo));
      if (previous != null) {
        throw MatrixException.at(file, lineNo, "'" + key + "' set twice in this section (also on line "
            + previous.line + ")");
      }
    }
    if (plan == null) {
      throw MatrixException.at(file, Math.max(1, lines.size()), "no [plan] section");
    }
    if (cases.isEmpty()) {
      throw MatrixException.at(file, Math.max(1, lines.size()), "no [case NAME] section");
    }
    return build(source, plan, quick, cases, lines.size());
  }

  private Section openSection(String line, int lineNo) {
    Matcher m = SECTION.matcher(line);
    if (!m.matches()) {
      throw MatrixException.at(file, lineNo, "malformed section header '" + line
          + "' (expected [plan], [quick] or [case NAME])");
    }
    String kind = m.group(1);
    String name = m.group(2);
    switch (kind) {
      case "plan", "quick" -> {
        if (name != null) {
          throw MatrixException.at(file, lineNo, "[" + kind + "] takes no name");
        }
      }
      case "case" -> {
        if (name == null) {
          throw MatrixException.at(file, lineNo, "[case] needs a name, e.g. [case random-write]");
        }
      }
      default -> throw MatrixException.at(file, lineNo, "unknown section [" + kind
          + "] (expected [plan], [quick] or [case NAME])");
    }
    return new Section(kind, name, lineNo);
  }

  private void checkKey(Section section, String key, int lineNo) {
    if (key.startsWith(PROPERTY_PREFIX) && !section.kind.equals("quick")) {
      if (key.length() == PROPERTY_PREFIX.length()) {
        throw MatrixException.at(file, lineNo, "'property.' needs a YCSB property name, e.g. property.fieldcount");
      }
      checkProperty(key.substring(PROPERTY_PREFIX.length()), lineNo);
      return;
    }
    Set<String> known = switch (section.kind) {
      case "plan" -> PLAN_KEYS;
      case "quick" -> QUICK_KEYS;
      default -> CASE_KEYS;
    };
    if (!known.contains(key)) {
      String where = "unknown key '" + key + "' in [" + section.kind + (section.name == null ? "" : " " + section.name)
          + "]";
      throw MatrixException.at(file, lineNo, Suggestions.likelyMeant(key, known)
          .map(meant -> where + "; did you mean '" + meant + "'?")
          .orElse(where + "; known keys: " + String.join(", ", known.stream().sorted().toList())
              + (section.kind.equals("quick") ? "" : ", property.<ycsb property>")));
    }
  }

  /**
   * A {@code property.tablestore.*} key the binding does not read is an error (the runners would
   * refuse it); a YCSB key a typo away from one YCSB reads gets a warning (it may be another
   * binding's or workload's).
   */
  private void checkProperty(String property, int lineNo) {
    KnownProperties.bindingKeyProblem(property).ifPresent(problem -> {
      throw MatrixException.at(file, lineNo, "'" + PROPERTY_PREFIX + property + "': " + problem);
    });
    KnownProperties.likelyTypo(property).ifPresent(w -> warnings.accept(file + ":" + lineNo + ": " + w));
  }

  private Matrix build(Path source, Section plan, Section quickSection, List<Section> caseSections, int lastLine) {
    String name = optional(plan, "name", source.getFileName().toString());
    String instanceType = optional(plan, "instance-type", name);
    int runners = positiveInt(plan, "runners", 5);
    List<Integer> partitions = intList(required(plan, "partitions"));
    String table = optional(plan, "table", "usertable");
    String db = optional(plan, "db", Matrix.TABLESTORE_DB);
    long rowsPerPartition = positiveLong(plan, "rows-per-partition", 1000);
    checkKeySpace(plan, rowsPerPartition, partitions);
    int loadThreads = positiveInt(plan, "load-threads", 8);
    String loadWorkload = optional(plan, "load-workload", "workloads/tablestore-batch-write");
    Map<String, String> properties = properties(plan);

    List<CaseSpec> cases = new ArrayList<>();
    for (Section s : caseSections) {
      cases.add(buildCase(s, runners, plan));
    }
    Matrix.QuickScale quick;
    if (quickSection == null) {
      quick = new Matrix.QuickScale(Duration.ofSeconds(5), Math.min(rowsPerPartition, 2000), 2);
    } else {
      quick = new Matrix.QuickScale(
          quickSection.entries.containsKey("duration") ? duration(quickSection.entries.get("duration"))
              : Duration.ofSeconds(5),
          positiveLong(quickSection, "rows-per-partition", Math.min(rowsPerPartition, 2000)),
          positiveInt(quickSection, "max-thread-points", 2));
    }
    return new Matrix(source, name, instanceType, runners, partitions, table, db,
        new Matrix.Load(rowsPerPartition, loadThreads, loadWorkload), properties, List.copyOf(cases), quick,
        new Matrix.Objectives(slo(plan), failIf(plan, cases)));
  }

  /** {@code fail-if = slo < 1000; random-read p99 > 50ms}: thresholds separated by ';', cases the matrix has. */
  private List<Threshold> failIf(Section plan, List<CaseSpec> cases) {
    Entry e = plan.entries.get("fail-if");
    if (e == null) {
      return List.of();
    }
    List<Threshold> thresholds;
    try {
      thresholds = ThresholdParser.parseList(e.value());
    } catch (IllegalArgumentException ex) {
      throw MatrixException.at(file, e.line(), "'fail-if': " + ex.getMessage());
    }
    List<String> names = cases.stream().map(CaseSpec::name).toList();
    for (Threshold t : thresholds) {
      if (t.needsBaseline()) {
        throw MatrixException.at(file, e.line(), "'fail-if': '" + t + "' compares two plans: give it to "
            + "'capacity-plan diff --fail-if'");
      }
      String c = t.scope().caseName();
      if (c != null && !names.contains(c)) {
        throw MatrixException.at(file, e.line(), "'fail-if': '" + t + "': no case '" + c + "' in this matrix"
            + Suggestions.likelyMeant(c, names).map(m -> "; did you mean '" + m + "'?")
                .orElse("; its cases are " + String.join(", ", names)));
      }
    }
    return thresholds;
  }

  /** Every loaded row needs a key number, and YCSB 0.17 numbers keys with an int. */
  private void checkKeySpace(Section plan, long rowsPerPartition, List<Integer> partitions) {
    int most = partitions.stream().mapToInt(Integer::intValue).max().orElse(1);
    if (rowsPerPartition > KeyNumberLimits.MAX_KEY_NUMBER / most) {
      Entry e = plan.entries.get("rows-per-partition");
      throw MatrixException.at(file, e == null ? plan.entries.get("partitions").line() : e.line(),
          "'rows-per-partition' = " + rowsPerPartition + " x " + most + " partitions is beyond "
              + KeyNumberLimits.MAX_KEY_NUMBER + " rows, the most keys YCSB 0.17 can number (it keeps key numbers"
              + " in an int)");
    }
  }

  private CaseSpec buildCase(Section s, int runners, Section plan) {
    String workload = required(s, "workload").value();
    CaseSpec.Phase phase = phase(s);
    Entry measureEntry = required(s, "measure");
    String measure = measureEntry.value();
    if (!measure.matches("[A-Z][A-Z_-]*")) {
      throw MatrixException.at(file, measureEntry.line(), "measure '" + measure
          + "' is not a YCSB measurement name (INSERT, BATCH_WRITE, READ, SCAN, UPDATE ...)");
    }
    int rowsPerRequest = positiveInt(s, "rows-per-request", 1);
    boolean readsLoaded = bool(s, "reads-loaded-data", phase == CaseSpec.Phase.RUN);
    Entry threadsEntry = required(s, "threads");
    ThreadSearch search = threadsEntry.value().equalsIgnoreCase("auto") ? new ThreadSearch(
        s.entries.containsKey("saturation-gain") ? percent(s.entries.get("saturation-gain"), "saturation-gain")
            : ThreadSearch.DEFAULT_GAIN, positiveInt(s, "max-threads", ThreadSearch.DEFAULT_MAX_THREADS),
        bool(s, "confirm-saturation", true)) : null;
    for (String key : List.of("max-threads", "saturation-gain", "confirm-saturation")) {
      if (search == null && s.entries.containsKey(key)) {
        throw MatrixException.at(file, s.entries.get(key).line(), "'" + key + "' applies only to 'threads = auto'");
      }
    }
    List<Integer> threads = search != null ? search.points() : intList(threadsEntry);
    Duration duration = duration(required(s, "duration"));
    return new CaseSpec(s.name, workload, phase, measure, rowsPerRequest, readsLoaded, properties(s), s.line, slo(s),
        new CaseSpec.Cells(threads, duration, targets(s, CaseSpec.rowsPerOperation(measure, rowsPerRequest), runners),
            stopRule(s, plan, duration), search));
  }

  /**
   * {@code stop}, {@code min-duration} and {@code steady-tolerance}: the case's own, else the plan's; a
   * minimum beyond the case's duration is the duration (the duration is the cap).
   */
  private StopRule stopRule(Section s, Section plan, Duration duration) {
    Entry stop = s.entries.getOrDefault("stop", plan.entries.get("stop"));
    Entry min = s.entries.getOrDefault("min-duration", plan.entries.get("min-duration"));
    Entry tolerance = s.entries.getOrDefault("steady-tolerance", plan.entries.get("steady-tolerance"));
    boolean steady = false;
    if (stop != null) {
      steady = switch (stop.value().toLowerCase(Locale.ROOT)) {
        case "steady" -> true;
        case "fixed" -> false;
        default -> throw MatrixException.at(file, stop.line(), "stop '" + stop.value() + "' must be 'steady' (end"
            + " once the rate is steady, duration as the cap) or 'fixed' (run the duration)");
      };
    }
    Duration least = min == null ? StopRule.DEFAULT_MIN_DURATION : duration(min);
    double within = tolerance == null ? StopRule.DEFAULT_TOLERANCE : percent(tolerance, "steady-tolerance");
    return new StopRule(steady, least, within).cappedAt(duration);
  }

  /** "5%" or "0.05", above 0 and below 100%. */
  private double percent(Entry e, String key) {
    String v = e.value().strip();
    try {
      double d = v.endsWith("%") ? Double.parseDouble(v.substring(0, v.length() - 1).strip()) / 100
          : Double.parseDouble(v);
      if (d > 0 && d < 1) {
        return d;
      }
    } catch (NumberFormatException ex) {
      // reported below
    }
    throw MatrixException.at(file, e.line(), "'" + key + "' = '" + v + "' must be a share above 0% and below"
        + " 100%, e.g. 5%");
  }

  /**
   * {@code target = 2000, 4000}: total rows per second, split evenly over the runners as YCSB's
   * operations per second (whole numbers: a range read's operation is 100 rows).
   */
  private List<Long> targets(Section s, int rowsPerOperation, int runners) {
    Entry e = s.entries.get("target");
    if (e == null) {
      return List.of();
    }
    List<Long> targets = new ArrayList<>();
    for (String part : e.value().split(",")) {
      String p = part.strip().replace("_", "");
      long v;
      try {
        v = Long.parseLong(p);
      } catch (NumberFormatException ex) {
        throw MatrixException.at(file, e.line(), "'" + part.strip() + "' in 'target' is not a whole number of rows"
            + " per second (expected a comma-separated list such as 1000, 2000, 4000)");
      }
      long perRunner = v / runners / rowsPerOperation;
      if (perRunner < 1 || perRunner > Integer.MAX_VALUE) {
        throw MatrixException.at(file, e.line(), "target " + part.strip() + " rows/s over " + runners + " runners is "
            + (perRunner < 1 ? "under one" : "over " + Integer.MAX_VALUE) + " YCSB operation(s) a second per runner"
            + (rowsPerOperation > 1 ? " (an operation is " + rowsPerOperation + " rows)" : ""));
      }
      if (targets.contains(v)) {
        throw MatrixException.at(file, e.line(), "target " + v + " listed twice");
      }
      targets.add(v);
    }
    return List.copyOf(targets);
  }

  private Slo slo(Section s) {
    Entry e = s.entries.get("slo");
    if (e == null) {
      return null;
    }
    try {
      return Slo.parse(e.value());
    } catch (IllegalArgumentException ex) {
      throw MatrixException.at(file, e.line(), "'slo': " + ex.getMessage());
    }
  }

  private CaseSpec.Phase phase(Section s) {
    Entry e = s.entries.get("phase");
    if (e == null) {
      throw MatrixException.at(file, s.line, "[case " + s.name + "] needs 'phase = load' (writes) or 'phase = run'");
    }
    return switch (e.value().toLowerCase(Locale.ROOT)) {
      case "load" -> CaseSpec.Phase.LOAD;
      case "run" -> CaseSpec.Phase.RUN;
      default -> throw MatrixException.at(file, e.line(), "phase '" + e.value() + "' must be 'load' or 'run'");
    };
  }

  private Map<String, String> properties(Section s) {
    Map<String, String> props = new LinkedHashMap<>();
    s.entries.forEach((k, v) -> {
      if (k.startsWith(PROPERTY_PREFIX)) {
        props.put(k.substring(PROPERTY_PREFIX.length()), v.value());
      }
    });
    return props;
  }

  private Entry required(Section s, String key) {
    Entry e = s.entries.get(key);
    if (e == null || e.value().isEmpty()) {
      throw MatrixException.at(file, e == null ? s.line : e.line(), "[" + s.kind + (s.name == null ? "" : " " + s.name)
          + "] needs '" + key + " = ...'");
    }
    return e;
  }

  private String optional(Section s, String key, String fallback) {
    Entry e = s.entries.get(key);
    if (e == null) {
      return fallback;
    }
    if (e.value().isEmpty()) {
      throw MatrixException.at(file, e.line(), "'" + key + "' has no value");
    }
    return e.value();
  }

  private int positiveInt(Section s, String key, int fallback) {
    long v = positiveLong(s, key, fallback);
    if (v > Integer.MAX_VALUE) {
      Entry e = s.entries.get(key);
      throw MatrixException.at(file, e.line(), "'" + key + "' = " + v + " is too large");
    }
    return (int) v;
  }

  private long positiveLong(Section s, String key, long fallback) {
    Entry e = s.entries.get(key);
    if (e == null) {
      return fallback;
    }
    try {
      long v = Long.parseLong(e.value().replace("_", ""));
      if (v <= 0) {
        throw MatrixException.at(file, e.line(), "'" + key + "' must be a positive whole number, found " + e.value());
      }
      return v;
    } catch (NumberFormatException ex) {
      throw MatrixException.at(file, e.line(), "'" + key + "' must be a positive whole number, found '"
          + e.value() + "'");
    }
  }

  private boolean bool(Section s, String key, boolean fallback) {
    Entry e = s.entries.get(key);
    if (e == null) {
      return fallback;
    }
    return switch (e.value().toLowerCase(Locale.ROOT)) {
      case "true", "yes" -> true;
      case "false", "no" -> false;
      default -> throw MatrixException.at(file, e.line(), "'" + key + "' must be true or false, found '"
          + e.value() + "'");
    };
  }

  private List<Integer> intList(Entry e) {
    List<Integer> values = new ArrayList<>();
    for (String part : e.value().split(",")) {
      String p = part.strip();
      try {
        int v = Integer.parseInt(p);
        if (v <= 0) {
          throw new NumberFormatException();
        }
        if (values.contains(v)) {
          throw MatrixException.at(file, e.line(), "value " + v + " listed twice in '" + e.value() + "'");
        }
        values.add(v);
      } catch (NumberFormatException ex) {
        throw MatrixException.at(file, e.line(), "'" + p + "' in '" + e.value()
            + "' is not a positive whole number (expected a comma-separated list such as 1, 4, 16)");
      }
    }
    return List.copyOf(values);
  }

  private Duration duration(Entry e) {
    Matcher m = DURATION.matcher(e.value().toLowerCase(Locale.ROOT));
    if (!m.matches()) {
      throw MatrixException.at(file, e.line(), "duration '" + e.value() + "' must look like 5s, 30m or 1h");
    }
    long n = Long.parseLong(m.group(1));
    Duration d = switch (m.group(2)) {
      case "ms" -> Duration.ofMillis(n);
      case "s" -> Duration.ofSeconds(n);
      case "m" -> Duration.ofMinutes(n);
      default -> Duration.ofHours(n);
    };
    // YCSB's maxexecutiontime is whole seconds.
    if (d.toSeconds() < 1 || d.toMillis() % 1000 != 0) {
      throw MatrixException.at(file, e.line(), "duration '" + e.value()
          + "' must be a whole number of seconds, at least 1s (YCSB's maxexecutiontime is in seconds)");
    }
    return d;
  }
}
