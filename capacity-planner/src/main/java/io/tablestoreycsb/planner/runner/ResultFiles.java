package io.tablestoreycsb.planner.runner;

import io.tablestoreycsb.kit.child.ChildJvm;
import io.tablestoreycsb.kit.resources.ClockReading;

/**
 * The names of the files in one runner's result set: what a runner leaves in its result directory,
 * wherever it ran, and what the report reads back.
 *
 * <ul>
 *   <li>{@link #STDOUT_FILE}: YCSB's summary ({@code [OVERALL]}, per-operation lines);</li>
 *   <li>{@link #STDERR_FILE}: YCSB's status lines and any error;</li>
 *   <li>{@code <MEASURE>.hdr}: the HdrHistogram interval log of each measurement ({@link #hdrLog});</li>
 *   <li>{@link #STATS_FILE}: the binding's counters (rows, CU, retries), when the DB is the binding;</li>
 *   <li>{@link #RESOURCES_FILE}: what the runner measured of itself ({@link RunnerResources});</li>
 *   <li>{@link #HOST_CPU_FILE}: the whole host's CPU counters, once a second ({@link HostCpuSample});</li>
 *   <li>{@link #ENDPOINT_LOAD_FILE}: the mock endpoint's own view of its load, once a second ({@link EndpointLoadProbe});</li>
 *   <li>{@link #CLOCK_FILE}: the runner's clock against the endpoint's ({@link ClockReading}), when measured;</li>
 *   <li>{@link RunnerRecord#FILE_NAME}: the record the executor writes once the runner has ended.</li>
 * </ul>
 */
public final class ResultFiles {
  public static final String STATS_FILE = "tablestore-stats.json";
  public static final String STDOUT_FILE = "ycsb.out";
  public static final String STDERR_FILE = "ycsb.err";
  public static final String RESOURCES_FILE = "resources.json";
  public static final String CLOCK_FILE = "clock.json";
  public static final String HOST_CPU_FILE = "host-cpu.jsonl";
  public static final String ENDPOINT_LOAD_FILE = "endpoint-load.jsonl";
  /**
   * Written by the executor when the cell may end early (its rate is steady): see StoppableWorkload.
   * The local executor's runners also find their start gate's ready and release files beside it
   * ({@link ChildJvm}).
   */
  public static final String STOP_FILE = ChildJvm.STOP_FILE;

  private ResultFiles() {}

  /** YCSB's interval log of one measurement (READ, INSERT, BATCH_WRITE, SCAN, ...). */
  public static String hdrLog(String measure) {
    return measure + ".hdr";
  }
}
