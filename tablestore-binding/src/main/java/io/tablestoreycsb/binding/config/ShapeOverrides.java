package io.tablestoreycsb.binding.config;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * Notices, in YCSB's order of precedence (-P files in order, then every -p), when a later source
 * changes a property an earlier -P file set that defines the case being measured.
 *
 * <p>The documented commands pass the workload first and the user's properties after it, so a
 * shape property in the user's file silently wins: a {@code tablestore.batchsize=1} there turned the
 * batch-write case into single-row writes. A notice names both sources, so the run's log shows that
 * it is not the workload's case. Properties of neither kind (endpoint, threads, table) are the
 * user's to set and pass silently.
 */
public final class ShapeOverrides {

  /**
   * What a case measures: the row (fields and their size), the operation mix and key choice, the
   * request shape (batch size and grouping, scan length and wrap, versions read) and how latency
   * is measured and retried. Noted whether a later -P file or a -p changes them.
   */
  public static final Set<String> SHAPE = Set.of(
      "workload", "fieldcount", "fieldlength", "fieldlengthdistribution", "minfieldlength",
      "readallfields", "writeallfields", "readproportion", "updateproportion", "insertproportion",
      "scanproportion", "readmodifywriteproportion", "requestdistribution", "insertorder",
      "minscanlength", "maxscanlength", "scanlengthdistribution", "measurementtype",
      ClientConfig.BATCH_SIZE, ClientConfig.BATCH_GROUPING, ClientConfig.SCAN_WRAP,
      ClientConfig.MAX_VERSIONS, ClientConfig.RETRY, ClientConfig.RETRY_BUDGET, ClientConfig.BATCH_RETRIES,
      ClientConfig.CLIENT_PER_THREAD);

  /**
   * How much a run does. Every documented command sizes its run with {@code -p recordcount=...}
   * (a read case must read the rows that were loaded), so a -p is expected and passes silently;
   * the same change from a properties file is easy to miss and is noted.
   */
  public static final Set<String> SIZE = Set.of("recordcount", "operationcount", "maxexecutiontime");

  private record Setting(String value, String source) {
  }

  private final Map<String, Setting> fromFiles = new HashMap<>();
  private final List<String> notices = new ArrayList<>();

  /** A -P file, in command-line order. */
  public void file(String name, Properties file) {
    for (String key : new TreeSet<>(file.stringPropertyNames())) {
      String value = file.getProperty(key);
      Setting earlier = fromFiles.get(key);
      if (earlier != null && !earlier.value().equals(value) && (SHAPE.contains(key) || SIZE.contains(key))) {
        notices.add(name + " sets " + key + "=" + value + ", overriding " + earlier.value() + " from "
            + earlier.source());
      }
      fromFiles.put(key, new Setting(value, name));
    }
  }

  /** The -p pairs; they override every file, wherever they stand on the command line. */
  public void commandLine(Properties pairs) {
    for (String key : new TreeSet<>(pairs.stringPropertyNames())) {
      String value = pairs.getProperty(key);
      Setting earlier = fromFiles.get(key);
      if (earlier != null && !earlier.value().equals(value) && SHAPE.contains(key)) {
        notices.add("-p " + key + "=" + value + " overrides " + earlier.value() + " from "
            + earlier.source());
      }
    }
  }

  /** One line per override, in the order the sources were read. */
  public List<String> notices() {
    return List.copyOf(notices);
  }
}
