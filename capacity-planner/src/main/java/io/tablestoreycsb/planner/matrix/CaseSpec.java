package io.tablestoreycsb.planner.matrix;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * One case of the matrix (random-write, batch-write, random-read, range-read).
 *
 * @param name case name as written in the section header
 * @param workload workload file path as written (resolved at run time)
 * @param phase whether runners run YCSB's load phase (-load) or transaction phase (-t)
 * @param measure the YCSB measurement whose latency is the request latency (INSERT, BATCH_WRITE, READ, SCAN)
 * @param rowsPerRequest rows one request writes or reads (200 for batch write, 100 for range read)
 * @param readsLoadedData true when the case reads the data set loaded before it (needs the load step)
 * @param properties YCSB property overrides for this case
 * @param line line of the section header (for messages)
 * @param slo the case's latency objective, or null for the plan's ({@link Matrix#sloFor})
 * @param cells which cells the case runs and how each ends
 */
public record CaseSpec(
    String name,
    String workload,
    Phase phase,
    String measure,
    int rowsPerRequest,
    boolean readsLoadedData,
    Map<String, String> properties,
    int line,
    Slo slo,
    Cells cells) {

  /**
   * Which cells a case runs and how each ends.
   *
   * @param threads threads per runner to sweep
   * @param duration how long each cell runs
   * @param targets open-loop rates to run at, total rows per second over the runners; empty for closed-loop
   *     cells (every thread sends its next request when the last one returns)
   * @param stop when its cells end: after their duration, or once steady (the duration is then the cap)
   * @param search with {@code threads = auto}, how the thread points are searched ({@code threads} then holds
   *     every point the search may try); null for a fixed list
   */
  public record Cells(List<Integer> threads, Duration duration, List<Long> targets, StopRule stop,
      ThreadSearch search) {
    /** Closed-loop cells of these thread points, each running its duration. */
    public static Cells fixed(List<Integer> threads, Duration duration) {
      return new Cells(threads, duration, List.of(), StopRule.FIXED, null);
    }
  }

  /** Threads per runner to sweep. */
  public List<Integer> threads() {
    return cells.threads();
  }

  /** How long each cell runs. */
  public Duration duration() {
    return cells.duration();
  }

  /** Open-loop rates to run at; empty for closed-loop cells. */
  public List<Long> targets() {
    return cells.targets();
  }

  /** When its cells end. */
  public StopRule stop() {
    return cells.stop();
  }

  /** How the thread points are searched, or null for a fixed list. */
  public ThreadSearch search() {
    return cells.search();
  }

  /** A closed-loop case with the plan's SLO. */
  public CaseSpec(String name, String workload, Phase phase, String measure, int rowsPerRequest,
      boolean readsLoadedData, List<Integer> threads, Duration duration, Map<String, String> properties, int line) {
    this(name, workload, phase, measure, rowsPerRequest, readsLoadedData, properties, line, null,
        Cells.fixed(threads, duration));
  }

  /**
   * Rows one YCSB operation moves: a batch write's operation is one row handed to the buffer, a range
   * read's one GetRange of {@code rowsPerRequest} rows.
   */
  public int rowsPerOperation() {
    return rowsPerOperation(measure, rowsPerRequest);
  }

  static int rowsPerOperation(String measure, int rowsPerRequest) {
    return measure.equals("BATCH_WRITE") ? 1 : rowsPerRequest;
  }

  /** The same case with other request shape (a batch-size sweep). */
  public CaseSpec withRequests(String newMeasure, int newRowsPerRequest) {
    return new CaseSpec(name, workload, phase, newMeasure, newRowsPerRequest, readsLoadedData, properties, line, slo,
        cells);
  }

  /** The same case with other thread points and duration ({@code --quick}). */
  public CaseSpec withScale(List<Integer> newThreads, Duration newDuration) {
    return new CaseSpec(name, workload, phase, measure, rowsPerRequest, readsLoadedData, properties, line, slo,
        new Cells(newThreads, newDuration, cells.targets(), cells.stop().cappedAt(newDuration), cells.search()));
  }

  /** The same case judged by {@code newSlo} (null: the plan's). */
  public CaseSpec withSlo(Slo newSlo) {
    return new CaseSpec(name, workload, phase, measure, rowsPerRequest, readsLoadedData, properties, line, newSlo,
        cells);
  }

  /** YCSB phase a case runs in. */
  public enum Phase {
    LOAD("-load"),
    RUN("-t");

    private final String flag;

    Phase(String flag) {
      this.flag = flag;
    }

    public String flag() {
      return flag;
    }
  }
}
