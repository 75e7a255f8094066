package io.tablestoreycsb.binding.config;

import java.util.Map;
import java.util.Properties;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads binding properties by their canonical name, falling back to the alias used by YCSB's own
 * Tablestore binding ({@code alibaba.cloud.tablestore.*}) and, for credentials, to an environment
 * variable. Blank values count as unset, so a properties file with {@code key =} lines falls
 * through to the environment. Number parsing errors name the property that was actually set.
 */
final class PropertyReader {
  /** A whole number with an optional unit: ms (the default), s or m. */
  private static final Pattern DURATION = Pattern.compile("^([0-9]+)\\s*(ms|s|m)?$");

  private final Properties props;
  private final Map<String, String> env;

  PropertyReader(Properties props, Map<String, String> env) {
    this.props = props;
    this.env = env;
  }

  /** The property (or alias) that holds a value, or null when neither does. */
  String nameSet(String name, String alias) {
    if (isSet(props.getProperty(name))) {
      return name;
    }
    if (alias != null && isSet(props.getProperty(alias))) {
      return alias;
    }
    return null;
  }

  /** Value of {@code name}, else of {@code alias}, else null. Conflicting values are an error. */
  String get(String name, String alias) {
    String canonical = trimmed(props.getProperty(name));
    String upstream = alias == null ? null : trimmed(props.getProperty(alias));
    if (canonical != null && upstream != null && !canonical.equals(upstream)) {
      throw new ConfigException(name + " and its alias " + alias
          + " are both set, to different values; set only one of them");
    }
    return canonical != null ? canonical : upstream;
  }

  String getOrEnv(String name, String alias, String envVar) {
    String value = get(name, alias);
    if (value == null && envVar != null) {
      value = trimmed(env.get(envVar));
    }
    return value;
  }

  int getInt(String name, String alias, int defaultValue, int min, int max) {
    String value = get(name, alias);
    if (value == null) {
      return defaultValue;
    }
    String shownName = nameSet(name, alias);
    long parsed;
    try {
      parsed = Long.parseLong(value);
    } catch (NumberFormatException e) {
      throw new ConfigException(shownName + " must be an integer from " + min + " to " + max
          + ", got '" + value + "'");
    }
    if (parsed < min || parsed > max) {
      throw new ConfigException(shownName + " must be an integer from " + min + " to " + max
          + ", got " + parsed);
    }
    return (int) parsed;
  }

  /**
   * A duration in milliseconds: a whole number of ms ({@code 30000}) or with a unit ({@code 500ms},
   * {@code 30s}, {@code 2m}), from 0 to {@code maxMs}.
   */
  long getMillis(String name, long defaultMs, long maxMs) {
    String value = get(name, null);
    if (value == null) {
      return defaultMs;
    }
    Matcher m = DURATION.matcher(value);
    String range = " (0 to " + maxMs / 1000 + "s)";
    if (!m.matches()) {
      throw new ConfigException(name + " must be a duration such as 30000 (ms), 500ms, 30s or 2m" + range
          + ", got '" + value + "'");
    }
    long ms;
    try {
      long unit = m.group(2) == null || m.group(2).equals("ms") ? 1 : m.group(2).equals("s") ? 1000 : 60_000;
      ms = Math.multiplyExact(Long.parseLong(m.group(1)), unit);
    } catch (ArithmeticException | NumberFormatException e) {
      ms = Long.MAX_VALUE;
    }
    if (ms > maxMs) {
      throw new ConfigException(name + " must be at most " + maxMs / 1000 + "s, got '" + value + "'");
    }
    return ms;
  }

  boolean getBoolean(String name, boolean defaultValue) {
    String value = get(name, null);
    if (value == null) {
      return defaultValue;
    }
    if (value.equalsIgnoreCase("true")) {
      return true;
    }
    if (value.equalsIgnoreCase("false")) {
      return false;
    }
    throw new ConfigException(name + " must be true or false, got '" + value + "'");
  }

  private static boolean isSet(String value) {
    return trimmed(value) != null;
  }

  private static String trimmed(String value) {
    if (value == null) {
      return null;
    }
    String t = value.trim();
    return t.isEmpty() ? null : t;
  }
}
