package io.tablestoreycsb.binding.config;

import java.math.BigInteger;
import java.util.Properties;
import site.ycsb.Client;
import site.ycsb.Workload;
import site.ycsb.workloads.CoreWorkload;

/**
 * Rejects, before any operation, YCSB properties that would take a key number past
 * {@link #MAX_KEY_NUMBER}.
 *
 * <p>YCSB 0.17 keeps key numbers in a Java {@code int} in places: CoreWorkload's insert and
 * key-choosing code narrow each key number with {@code intValue()}, and Client and CoreWorkload parse
 * {@code recordcount}, {@code insertcount} and {@code operationcount} with
 * {@code Integer.parseInt}. A key number past 2147483647 wraps negative; {@link KeyFormat} then
 * refuses it in a client thread, and YCSB's ClientThread reacts with {@code System.exit(0)}: a run
 * that ends early and looks successful. A count that does not fit an int kills YCSB with a bare
 * {@code NumberFormatException}. This check names the property, its value and the limit instead.
 */
public final class KeyNumberLimits {
  /** The largest key number (and count) YCSB 0.17 handles: {@code Integer.MAX_VALUE}. */
  public static final long MAX_KEY_NUMBER = Integer.MAX_VALUE;

  private static final String WHY = "YCSB 0.17 keeps key numbers and counts in a Java int, whose largest value is "
      + MAX_KEY_NUMBER;

  private KeyNumberLimits() {
  }

  /**
   * Checks the properties as YCSB's Client passes them to the workload: {@code dotransactions}
   * (set by {@code -load} / {@code -t}, default true) says which phase runs.
   */
  public static void check(Properties p) {
    // Client reads the flag with Boolean.valueOf: anything but "true" (any case) means load.
    check(p, !Boolean.parseBoolean(p.getProperty(Client.DO_TRANSACTIONS_PROPERTY, "true")));
  }

  /**
   * Checks the properties a YCSB Client of this phase will use ({@code loading}: {@code -load},
   * else {@code -t}); throws {@link ConfigException} naming the first one out of range.
   */
  static void check(Properties p, boolean loading) {
    long insertStart = count(p, Workload.INSERT_START_PROPERTY, 0);
    if (loading) {
      checkLoad(p, insertStart);
    } else {
      checkRun(p, insertStart);
    }
  }

  /**
   * A load inserts key numbers insertstart, insertstart + 1, ... : insertcount of them, or
   * recordcount of them when insertcount is not set (Client counts inserts that way, whatever
   * insertstart is). A recordcount beyond the limit is harmless when insertcount is set.
   */
  private static void checkLoad(Properties p, long insertStart) {
    String countName;
    long rows;
    if (p.getProperty(Workload.INSERT_COUNT_PROPERTY) != null) {
      countName = "insertcount";
      rows = count(p, Workload.INSERT_COUNT_PROPERTY, 0);
    } else {
      countName = "recordcount (insertcount is not set, so YCSB loads recordcount rows from insertstart)";
      rows = count(p, Client.RECORD_COUNT_PROPERTY, 0);
    }
    requireWithin("insertstart + " + countName, insertStart + " + " + rows, insertStart + rows,
        "the load would insert key numbers up to " + (insertStart + rows - 1) + "; load at most " + MAX_KEY_NUMBER
            + " keys in all, split over runners with smaller insertstart/insertcount slices");
  }

  /**
   * A run chooses key numbers from [insertstart, insertstart + insertcount) (insertcount defaults to
   * recordcount - insertstart; recordcount 0 means the largest int), and its inserts add new key
   * numbers from recordcount on, one per operation at most; the zipfian chooser's range is widened
   * by twice the expected inserts.
   */
  private static void checkRun(Properties p, long insertStart) {
    long records = count(p, Client.RECORD_COUNT_PROPERTY, 0);
    long effectiveRecords = records == 0 ? MAX_KEY_NUMBER : records;
    long operations = count(p, Client.OPERATION_COUNT_PROPERTY, 0);
    long keys;
    if (p.getProperty(Workload.INSERT_COUNT_PROPERTY) != null) {
      keys = count(p, Workload.INSERT_COUNT_PROPERTY, 0);
      requireWithin("insertstart + insertcount", insertStart + " + " + keys, insertStart + keys,
          "the run would read key numbers past it");
    } else {
      keys = effectiveRecords - insertStart;
    }
    double insertProportion = proportion(p);
    if (insertProportion > 0 && operations > 0) {
      requireWithin("recordcount + operationcount", effectiveRecords + " + " + operations,
          effectiveRecords + operations, "this run inserts (insertproportion=" + insertProportion
              + ") new key numbers from recordcount on, up to one per operation; lower operationcount");
      if ("zipfian".equals(p.getProperty(CoreWorkload.REQUEST_DISTRIBUTION_PROPERTY))) {
        long expectedNew = (long) (operations * insertProportion * 2.0);
        requireWithin("insertstart + insertcount + 2 x operationcount x insertproportion",
            insertStart + " + " + keys + " + " + expectedNew, insertStart + keys + expectedNew,
            "the zipfian key chooser's range covers twice the expected inserts; lower operationcount");
      }
    }
  }

  /** A whole number from 0 to the limit, or the default when unset. */
  static long count(Properties p, String name, long defaultValue) {
    String raw = p.getProperty(name);
    if (raw == null) {
      return defaultValue;
    }
    BigInteger value;
    try {
      // Not trimmed: YCSB does not trim either, and fails on "10 ".
      value = new BigInteger(raw);
    } catch (NumberFormatException e) {
      throw new ConfigException(name + " must be a whole number from 0 to " + MAX_KEY_NUMBER + ", got '" + raw + "'");
    }
    if (value.signum() < 0) {
      throw new ConfigException(name + " must be a whole number from 0 to " + MAX_KEY_NUMBER + ", got " + value);
    }
    if (value.compareTo(BigInteger.valueOf(MAX_KEY_NUMBER)) > 0) {
      throw new ConfigException(name + " = " + value + " is beyond " + MAX_KEY_NUMBER + ": " + WHY);
    }
    return value.longValue();
  }

  private static double proportion(Properties p) {
    String raw = p.getProperty(CoreWorkload.INSERT_PROPORTION_PROPERTY);
    if (raw == null) {
      return 0;
    }
    try {
      return Double.parseDouble(raw);
    } catch (NumberFormatException e) {
      throw new ConfigException("insertproportion must be a number from 0 to 1, got '" + raw + "'");
    }
  }

  private static void requireWithin(String names, String terms, long total, String consequence) {
    if (total > MAX_KEY_NUMBER) {
      throw new ConfigException(names + " = " + terms + " = " + total + " is beyond " + MAX_KEY_NUMBER + ": "
          + consequence + " (" + WHY + ")");
    }
  }
}
