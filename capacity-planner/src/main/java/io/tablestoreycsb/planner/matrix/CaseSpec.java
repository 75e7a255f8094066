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
 * @param threads threads per runner to sweep
 * @param duration how long each cell runs
 * @param properties YCSB property overrides for this case
 * @param line line of the section header (for messages)
 */
public record CaseSpec(
    String name,
    String workload,
    Phase phase,
    String measure,
    int rowsPerRequest,
    boolean readsLoadedData,
    List<Integer> threads,
    Duration duration,
    Map<String, String> properties,
    int line) {

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
