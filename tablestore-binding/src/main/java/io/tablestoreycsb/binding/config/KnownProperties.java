package io.tablestoreycsb.binding.config;

import java.io.PrintStream;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import site.ycsb.Client;
import site.ycsb.Workload;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurementHdrHistogram;
import site.ycsb.measurements.OneMeasurementHistogram;
import site.ycsb.measurements.OneMeasurementTimeSeries;
import site.ycsb.workloads.CoreWorkload;

/**
 * The property names the binding and YCSB 0.17 read, and the check of a run's properties
 * against them.
 *
 * <ul>
 *   <li>A key in the binding's namespaces ({@code tablestore.*}, {@code alibaba.cloud.tablestore.*})
 *   that the binding does not read is an error ({@link ConfigException}) naming the closest known
 *   key: a misspelled {@code tablestore.batchsiz} would otherwise run with the default.</li>
 *   <li>Any other key is YCSB's business and may belong to another binding or workload; one that
 *   is not a known YCSB key but within a typo of one ({@code recordcont}) gets a warning.</li>
 * </ul>
 *
 * <p>YCSB's names come from YCSB's own classes: every public static final String constant of
 * Client, Workload, CoreWorkload, Measurements and the measurement classes except those holding
 * default values ({@code *_DEFAULT}, {@code DEFAULT_*}), plus {@link #YCSB_LITERALS}, the keys
 * YCSB 0.17 reads through string literals rather than constants.
 */
public final class KnownProperties {
  /** Keys YCSB 0.17 reads by literal (found in its class files), not through a public constant. */
  static final List<String> YCSB_LITERALS = List.of(
      "status.interval",                 // Client: -s status line period
      "exponential.percentile", "exponential.frac", // CoreWorkload: requestdistribution=exponential
      "reportlatencyforeacherror", "latencytrackederrors", // DBWrapper
      "hdrhistogram.fileoutput", "hdrhistogram.output.path", // OneMeasurementHdrHistogram
      "measurement.raw.output_file", "measurement.raw.no_summary"); // OneMeasurementRaw

  private static final List<Class<?>> YCSB_CLASSES = List.of(Client.class, Workload.class, CoreWorkload.class,
      Measurements.class, OneMeasurementHdrHistogram.class, OneMeasurementHistogram.class,
      OneMeasurementTimeSeries.class);

  private static final Set<String> BINDING = Collections.unmodifiableSet(new TreeSet<>(List.of(
      ClientConfig.ENDPOINT, ClientConfig.INSTANCE, ClientConfig.ACCESS_KEY_ID, ClientConfig.ACCESS_KEY_SECRET,
      ClientConfig.STS_TOKEN, ClientConfig.PRIMARY_KEY, ClientConfig.BATCH_SIZE, ClientConfig.BATCH_RETRIES,
      ClientConfig.BATCH_GROUPING,
      ClientConfig.MAX_VERSIONS, ClientConfig.CONNECTION_TIMEOUT, ClientConfig.SOCKET_TIMEOUT,
      ClientConfig.MAX_CONNECTIONS, ClientConfig.RETRY, ClientConfig.RETRY_BUDGET, ClientConfig.CLIENT_PER_THREAD, ClientConfig.SCAN_WRAP,
      ClientConfig.STATS_FILE)));

  private static final Set<String> ALIASES = Collections.unmodifiableSet(new TreeSet<>(List.of(
      ClientConfig.ALIAS_ENDPOINT, ClientConfig.ALIAS_INSTANCE, ClientConfig.ALIAS_ACCESS_KEY_ID,
      ClientConfig.ALIAS_ACCESS_KEY_SECRET, ClientConfig.ALIAS_PRIMARY_KEY, ClientConfig.ALIAS_MAX_VERSIONS,
      ClientConfig.ALIAS_CONNECTION_TIMEOUT, ClientConfig.ALIAS_SOCKET_TIMEOUT,
      ClientConfig.ALIAS_MAX_CONNECTIONS)));

  private static final String BINDING_PREFIX = "tablestore.";
  private static final String ALIAS_PREFIX = "alibaba.cloud.tablestore.";

  private static final Set<String> YCSB = Collections.unmodifiableSet(ycsbNames());
  private static final AtomicBoolean WARNED = new AtomicBoolean();

  private KnownProperties() {
  }

  /** The binding's own property names ({@code tablestore.*}), sorted. */
  public static Set<String> binding() {
    return BINDING;
  }

  /** The property names YCSB 0.17's client, core workload and measurements read, sorted. */
  public static Set<String> ycsb() {
    return YCSB;
  }

  /** Whether {@code key} is in a namespace the binding owns, where every key must be one it reads. */
  public static boolean inBindingNamespace(String key) {
    return key.startsWith(BINDING_PREFIX) || key.startsWith(ALIAS_PREFIX);
  }

  /**
   * The problem with a key of the binding's namespaces, or empty when the binding reads it (or
   * it is not in those namespaces): "unknown property tablestore.batchsiz; did you mean
   * tablestore.batchsize?".
   */
  public static Optional<String> bindingKeyProblem(String key) {
    if (!inBindingNamespace(key) || BINDING.contains(key) || ALIASES.contains(key)) {
      return Optional.empty();
    }
    Set<String> known = key.startsWith(ALIAS_PREFIX) ? ALIASES : BINDING;
    return Optional.of("unknown property " + key + Suggestions.likelyMeant(key, known)
        .map(k -> "; did you mean " + k + "?")
        .orElse(" (the binding reads " + String.join(", ", known) + "; see docs/binding.md)"));
  }

  /** Throws {@link ConfigException} for the first (in sorted order) unknown key of the binding's namespaces. */
  public static void checkBindingKeys(Properties props) {
    for (String key : new TreeSet<>(props.stringPropertyNames())) {
      Optional<String> problem = bindingKeyProblem(key);
      if (problem.isPresent()) {
        throw new ConfigException(problem.get());
      }
    }
  }

  /**
   * The warning for a key outside the binding's namespaces that neither YCSB nor the binding
   * reads but is a typo away from one they do, or empty.
   */
  public static Optional<String> likelyTypo(String key) {
    if (inBindingNamespace(key) || YCSB.contains(key)) {
      return Optional.empty();
    }
    return Suggestions.likelyMeant(key, YCSB).map(k ->
        "property " + key + " is not one YCSB or the workload reads (ignored); did you mean " + k + "?");
  }

  /** {@link #likelyTypo(String)} for every key of {@code props}, sorted by key. */
  public static List<String> likelyTypos(Properties props) {
    List<String> warnings = new ArrayList<>();
    for (String key : new TreeSet<>(props.stringPropertyNames())) {
      likelyTypo(key).ifPresent(warnings::add);
    }
    return warnings;
  }

  /**
   * Prints {@link #likelyTypos(Properties)} to {@code err}, once per JVM: {@code bin/ycsb} checks
   * before YCSB starts, and every DB instance YCSB creates in that JVM would repeat it.
   */
  public static void warnAboutLikelyTyposOnce(Properties props, PrintStream err) {
    if (WARNED.compareAndSet(false, true)) {
      likelyTypos(props).forEach(w -> err.println("warning: " + w));
      err.flush();
    }
  }

  private static TreeSet<String> ycsbNames() {
    TreeSet<String> names = new TreeSet<>(YCSB_LITERALS);
    for (Class<?> c : YCSB_CLASSES) {
      for (Field f : c.getFields()) {
        int m = f.getModifiers();
        String name = f.getName();
        if (f.getType() == String.class && Modifier.isStatic(m) && Modifier.isFinal(m)
            && !name.endsWith("_DEFAULT") && !name.startsWith("DEFAULT_")) {
          try {
            names.add((String) f.get(null));
          } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read " + c.getName() + "." + name, e);
          }
        }
      }
    }
    // ClientConfig's own YCSB names (table, threadcount) are among them already.
    return names;
  }
}
