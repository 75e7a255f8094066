package io.tablestoreycsb.planner.matrix;

import io.tablestoreycsb.binding.TablestoreClient;
import io.tablestoreycsb.planner.threshold.Threshold;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A parsed matrix file: which cells to run and with what data.
 *
 * @param source the file it came from (workload paths are resolved relative to it)
 * @param name the matrix's name ({@code [plan] name}, by default its file name): every plan of it is named so
 * @param instanceType instance type label for the report (high-performance, capacity, mock ...)
 * @param runners runner processes per cell
 * @param partitions partition counts to test
 * @param table table name
 * @param db YCSB DB class the runners load
 * @param load how the tables are loaded before read cases
 * @param properties property overrides for every runner
 * @param cases the cases, in file order
 * @param quick the quick scale (used with --quick)
 * @param objectives what the plan is judged against: its latency objective and its thresholds
 */
public record Matrix(
    Path source,
    String name,
    String instanceType,
    int runners,
    List<Integer> partitions,
    String table,
    String db,
    Load load,
    Map<String, String> properties,
    List<CaseSpec> cases,
    QuickScale quick,
    Objectives objectives) {

  /**
   * What a plan is judged against.
   *
   * @param slo the plan's latency objective, or null
   * @param failIf the thresholds {@code run} checks the plan's report against ({@code fail-if}); empty for none
   */
  public record Objectives(Slo slo, List<Threshold> failIf) {
    /** No objective, no threshold. */
    public static final Objectives NONE = new Objectives(null, List.of());

    public Objectives {
      failIf = List.copyOf(failIf);
    }
  }

  /** The plan's latency objective, or null. */
  public Slo slo() {
    return objectives.slo();
  }

  /** The thresholds {@code run} checks the plan's report against; empty for none. */
  public List<Threshold> failIf() {
    return objectives.failIf();
  }

  /** The YCSB DB class of the Tablestore binding: a matrix's runners load it unless its {@code db} says otherwise. */
  public static final String TABLESTORE_DB = TablestoreClient.class.getName();

  /** Whether the runners use the Tablestore binding (and so need an endpoint, pre-split tables and a load). */
  public boolean usesTablestore() {
    return db.equals(TABLESTORE_DB);
  }

  /**
   * How a matrix's tables are loaded before its read cases.
   *
   * @param rowsPerPartition rows loaded per partition
   * @param threads threads per runner during the load
   * @param workload workload file used for the load
   */
  public record Load(long rowsPerPartition, int threads, String workload) {
    /** The same load of {@code rows} per partition. */
    public Load withRowsPerPartition(long rows) {
      return new Load(rows, threads, workload);
    }
  }

  /** Rows loaded per partition before read cases. */
  public long rowsPerPartition() {
    return load.rowsPerPartition();
  }

  /** Threads per runner during the load. */
  public int loadThreads() {
    return load.threads();
  }

  /** Workload file used for the load. */
  public String loadWorkload() {
    return load.workload();
  }

  /**
   * How --quick shrinks a matrix.
   *
   * @param duration duration of every cell
   * @param rowsPerPartition rows loaded per partition
   * @param maxThreadPoints at most this many thread points per case (first, last and evenly between)
   */
  public record QuickScale(Duration duration, long rowsPerPartition, int maxThreadPoints) {}

  /** The same matrix shrunk for a quick run. */
  public Matrix quickened() {
    List<CaseSpec> shrunk = new ArrayList<>();
    for (CaseSpec c : cases) {
      // A saturation search keeps its points: it stops by itself.
      shrunk.add(c.withScale(c.search() != null ? c.threads() : pickEvenly(c.threads(), quick.maxThreadPoints()),
          quick.duration()));
    }
    return new Matrix(source, name, instanceType, runners, partitions, table, db,
        load.withRowsPerPartition(quick.rowsPerPartition()), properties, List.copyOf(shrunk), quick, objectives);
  }

  /** Keeps the first and last point and spreads the rest evenly. */
  static List<Integer> pickEvenly(List<Integer> points, int max) {
    if (points.size() <= max) {
      return points;
    }
    if (max == 1) {
      return List.of(points.get(points.size() - 1));
    }
    List<Integer> picked = new ArrayList<>();
    for (int i = 0; i < max; i++) {
      int index = (int) Math.round(i * (points.size() - 1) / (double) (max - 1));
      Integer value = points.get(index);
      if (!picked.contains(value)) {
        picked.add(value);
      }
    }
    return List.copyOf(picked);
  }

  /** Properties for a case: plan-wide overrides, then the case's own. */
  public Map<String, String> propertiesFor(CaseSpec c) {
    Map<String, String> merged = new LinkedHashMap<>(properties);
    merged.putAll(c.properties());
    return merged;
  }

  /** The case's own SLO, else the plan's; null when neither has one. */
  public Slo sloFor(CaseSpec c) {
    return c.slo() != null ? c.slo() : slo();
  }

  /** The same matrix with {@code override} as every case's SLO (run --slo). */
  public Matrix withSlo(Slo override) {
    List<CaseSpec> cs = cases.stream().map(c -> c.withSlo(null)).toList();
    return new Matrix(source, name, instanceType, runners, partitions, table, db, load, properties, cs, quick,
        new Objectives(override, failIf()));
  }

  /** The same matrix with {@code count} runners. */
  public Matrix withRunners(int count) {
    return new Matrix(source, name, instanceType, count, partitions, table, db, load, properties, cases, quick,
        objectives);
  }

  /** The most partitions a table of the plan has. */
  public int largestPartitionCount() {
    return partitions.stream().mapToInt(Integer::intValue).max().orElse(1);
  }

  public long totalLoadedRows(int partitionCount) {
    return load.rowsPerPartition() * partitionCount;
  }
}
