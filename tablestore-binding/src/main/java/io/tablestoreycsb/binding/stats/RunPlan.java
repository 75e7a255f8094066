package io.tablestoreycsb.binding.stats;

import java.util.Properties;

/**
 * What YCSB was asked to do, read from the run's properties the way {@code site.ycsb.Client} reads
 * them: a load ({@code dotransactions=false}, YCSB's {@code -load}) or a run, the number of inserts a
 * load makes ({@code insertcount}, else {@code recordcount}), the {@code recordcount} a run's keys are
 * drawn from, and {@code maxexecutiontime} (0: none).
 *
 * @param loadRows the inserts a load makes, or -1 when the properties do not say (a run, or a value
 *     that is not a number: YCSB refuses it itself)
 */
public record RunPlan(boolean load, long loadRows, long recordCount, long maxExecutionSeconds) {
  static final String DO_TRANSACTIONS = "dotransactions";
  static final String RECORD_COUNT = "recordcount";
  static final String INSERT_COUNT = "insertcount";
  static final String MAX_EXECUTION_TIME = "maxexecutiontime";

  public static RunPlan from(Properties p) {
    boolean load = !Boolean.parseBoolean(p.getProperty(DO_TRANSACTIONS, "true").trim());
    long recordCount = number(p.getProperty(RECORD_COUNT, "0"));
    long loadRows = !load ? -1 : number(p.getProperty(INSERT_COUNT, p.getProperty(RECORD_COUNT, "0")));
    long maxSeconds = number(p.getProperty(MAX_EXECUTION_TIME, "0"));
    return new RunPlan(load, loadRows, recordCount, Math.max(0, maxSeconds));
  }

  private static long number(String value) {
    try {
      return Long.parseLong(value.trim());
    } catch (NumberFormatException e) {
      return -1;
    }
  }
}
