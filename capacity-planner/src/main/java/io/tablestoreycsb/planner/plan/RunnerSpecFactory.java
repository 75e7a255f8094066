package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.planner.runner.RunnerMain;
import io.tablestoreycsb.planner.runner.YcsbCall;
import io.tablestoreycsb.planner.runner.KeySlice;
import io.tablestoreycsb.planner.runner.CellShape;
import io.tablestoreycsb.binding.config.ClientConfig;
import io.tablestoreycsb.planner.runner.CellKey;
import io.tablestoreycsb.planner.runner.ResultFiles;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import io.tablestoreycsb.planner.runner.StoppableWorkload;
import io.tablestoreycsb.binding.config.KeyNumberLimits;
import io.tablestoreycsb.planner.matrix.CaseSpec;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.matrix.TargetLabel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * Builds the runners of a cell or of a load, giving each its own key slice.
 *
 * <p>Key layout of a table with N loaded rows: the load writes keys [0, N), each runner a contiguous
 * slice; read cells read the same slices; write cells write keys from N on, runner r owning
 * [N + r x S, N + (r + 1) x S) with S = {@link #writeSlice}: WRITE_SLICE, or less where the slices
 * would otherwise pass the largest key number YCSB 0.17 can generate ({@link KeyNumberLimits}). Every
 * write cell of a table writes the same range, so repeated cells overwrite rows instead of growing the
 * table without bound.
 */
public final class RunnerSpecFactory {
  /** Keys each runner of a write cell may insert at most (YCSB's insertcount is an int). */
  static final long WRITE_SLICE = 400_000_000L;
  /** YCSB's operationcount is an int; read cells stop on maxexecutiontime long before this. */
  static final long READ_OPERATIONS = 2_000_000_000L;

  private final Matrix matrix;
  private final WorkloadFiles workloads;
  private final Path endpointProperties;
  private final List<String> jvmOptions;

  public RunnerSpecFactory(Matrix matrix, Path endpointProperties, List<String> jvmOptions) {
    this.matrix = matrix;
    this.workloads = new WorkloadFiles(matrix.source());
    this.endpointProperties = endpointProperties;
    this.jvmOptions = List.copyOf(jvmOptions);
  }

  public static String tableName(Matrix matrix, int partitions) {
    return matrix.table() + "_p" + partitions;
  }

  public List<RunnerSpec> cell(PlannedCell cell, Path cellDir) {
    CaseSpec c = cell.spec();
    int p = cell.key().partitions();
    long loaded = matrix.totalLoadedRows(p);
    Path workload = workloads.resolve(c.workload(), c.line());
    Map<String, String> props = new LinkedHashMap<>(matrix.propertiesFor(c));
    if (cell.sweepProperty() != null) {
      props.put(cell.sweepProperty(), cell.sweepValue());
    }
    props.put("table", tableName(matrix, p));
    double target = TargetLabel.target(cell.key().sweep());
    if (!Double.isNaN(target)) {
      // Open loop: each runner paces its operations (YCSB's -target), and records the latency from each
      // operation's intended start as well as from its actual start (coordinated omission corrected).
      props.put("target", Long.toString(targetPerRunner(target, matrix.runners(), c.rowsPerOperation())));
      props.put("measurement.interval", "both");
    }
    long seconds = c.duration().toSeconds();
    props.put("maxexecutiontime", Long.toString(seconds));
    props.put("status.interval", Long.toString(statusInterval(c)));
    int rowBytes = rowBytes(workload, props);
    String delegate = c.stop().steady() ? workloadClass(workload, props) : null;
    List<RunnerSpec> specs = new ArrayList<>();
    int n = matrix.runners();
    for (int r = 0; r < n; r++) {
      Map<String, String> runnerProps = new LinkedHashMap<>(props);
      if (delegate != null) {
        // The case's workload, which also ends when the executor finds the cell steady.
        runnerProps.put("workload", StoppableWorkload.class.getName());
        runnerProps.put(StoppableWorkload.DELEGATE, delegate);
        runnerProps.put(StoppableWorkload.STOP_FILE, cellDir.resolve("runner-" + r).resolve(ResultFiles.STOP_FILE)
            .toAbsolutePath().toString());
      }
      long start;
      long count;
      if (c.phase() == CaseSpec.Phase.LOAD) {
        long slice = writeSlice(loaded, n);
        start = loaded + r * slice;
        count = slice;
        runnerProps.put("recordcount", Long.toString(loaded + n * slice));
      } else {
        start = sliceStart(loaded, n, r);
        count = sliceStart(loaded, n, r + 1) - start;
        runnerProps.put("recordcount", Long.toString(loaded));
        runnerProps.put("operationcount", Long.toString(READ_OPERATIONS));
      }
      specs.add(new RunnerSpec(cell.key(), new CellShape(n, c.measure(), c.rowsPerRequest()), matrix.name(), r,
          new YcsbCall(matrix.db(), workload, endpointProperties, runnerProps, cell.key().threads(), c.phase().flag()),
          rowBytes, new KeySlice(start, count), cellDir.resolve("runner-" + r), jvmOptions));
    }
    return specs;
  }

  /**
   * The load before read cells: batch writes of keys [0, N) split across the runners. With the
   * Tablestore binding the batch size is {@link #loadBatchSize()}, given with -p so that neither the
   * endpoint file (the shipped conf once set tablestore.batchsize=1: 200 times the requests) nor
   * the matrix's properties (meant for the cases) turn the load into single-row writes.
   */
  public List<RunnerSpec> load(CellKey key, Path loadDir) {
    Path workload = workloads.resolve(matrix.loadWorkload(), 1);
    Map<String, String> props = new LinkedHashMap<>(matrix.properties());
    props.put("table", tableName(matrix, key.partitions()));
    loadBatchSize().ifPresent(rows -> props.put(ClientConfig.BATCH_SIZE, Integer.toString(rows)));
    long total = matrix.totalLoadedRows(key.partitions());
    props.put("recordcount", Long.toString(total));
    props.put("status.interval", "5");
    props.put(RunnerMain.TABLE_LOAD_PROPERTY, "true");
    int rowBytes = rowBytes(workload, props);
    List<RunnerSpec> specs = new ArrayList<>();
    int n = matrix.runners();
    for (int r = 0; r < n; r++) {
      long start = sliceStart(total, n, r);
      long count = sliceStart(total, n, r + 1) - start;
      specs.add(new RunnerSpec(key, new CellShape(n, "INSERT", 1), matrix.name(), r, new YcsbCall(matrix.db(),
          workload, endpointProperties, props, matrix.loadThreads(), CaseSpec.Phase.LOAD.flag()), rowBytes,
          new KeySlice(start, count), loadDir.resolve("runner-" + r), jvmOptions));
    }
    return specs;
  }

  /** {@link #loadBatchSize(Matrix, WorkloadFiles)} of this factory's plan. */
  public OptionalInt loadBatchSize() {
    return loadBatchSize(matrix, workloads);
  }

  /**
   * Rows per BatchWriteRow when the planner loads a table with the Tablestore binding: the load
   * workload's tablestore.batchsize, or {@value ClientConfig#MAX_BATCH_ROWS} (the paper's, and the most
   * the service takes) where it sets none or 1: a load is never single-row writes, which would send 200
   * times the requests the estimate assumes. Empty for other DBs, which batch as their own properties say.
   */
  public static OptionalInt loadBatchSize(Matrix matrix, WorkloadFiles workloads) {
    if (!matrix.usesTablestore()) {
      return OptionalInt.empty();
    }
    Path workload = workloads.resolve(matrix.loadWorkload(), 1);
    String value = WorkloadFiles.load(workload).getProperty(ClientConfig.BATCH_SIZE);
    if (value == null || value.isBlank()) {
      return OptionalInt.of(ClientConfig.MAX_BATCH_ROWS);
    }
    try {
      int rows = Integer.parseInt(value.strip());
      if (rows >= 1 && rows <= ClientConfig.MAX_BATCH_ROWS) {
        return OptionalInt.of(rows == 1 ? ClientConfig.MAX_BATCH_ROWS : rows);
      }
    } catch (NumberFormatException e) {
      // named below
    }
    throw new IllegalArgumentException(workload + ": " + ClientConfig.BATCH_SIZE + "=" + value.strip()
        + " must be a whole number from 1 to " + ClientConfig.MAX_BATCH_ROWS);
  }

  /**
   * Keys per runner of a write cell: WRITE_SLICE, or an equal share of the key numbers left after
   * the loaded rows when WRITE_SLICE would pass YCSB's int key numbers (e.g. 16 partitions of 36
   * million rows and 5 runners: 314,296,729 each).
   */
  static long writeSlice(long loaded, int runners) {
    long slice = Math.min(WRITE_SLICE, (KeyNumberLimits.MAX_KEY_NUMBER - loaded) / runners);
    if (slice < 1) {
      throw new IllegalStateException(loaded + " loaded rows leave no key numbers for write cells: YCSB 0.17"
          + " numbers keys up to " + KeyNumberLimits.MAX_KEY_NUMBER + "; lower rows-per-partition");
    }
    return slice;
  }

  /** YCSB operations a second for each runner of a cell whose target is {@code rowsPerSecond} in all. */
  static long targetPerRunner(double rowsPerSecond, int runners, int rowsPerOperation) {
    return Math.max(1, Math.round(rowsPerSecond / runners / rowsPerOperation));
  }

  static long sliceStart(long total, int runners, int index) {
    return total * index / runners;
  }

  /** Status ticks (and so HDR intervals) about ten times per cell, at most every 10 s. */
  static long statusInterval(long seconds) {
    return Math.max(1, Math.min(10, seconds / 10));
  }

  /**
   * A steady-stopping cell ticks about twenty times in its minimum duration, so that the steady-state
   * window (half of it) holds ten intervals.
   */
  static long statusInterval(CaseSpec c) {
    return c.stop().steady() ? Math.max(1, Math.min(10, c.stop().minDuration().toSeconds() / 20))
        : statusInterval(c.duration().toSeconds());
  }

  /** The YCSB workload class a runner of {@code workload} with {@code overrides} would run. */
  static String workloadClass(Path workload, Map<String, String> overrides) {
    String name = overrides.get("workload");
    if (name == null) {
      name = WorkloadFiles.load(workload).getProperty("workload", "site.ycsb.workloads.CoreWorkload");
    }
    return name.strip();
  }

  /** Key plus fieldcount x fieldlength as the runner will see them (YCSB defaults 10 x 100). */
  static int rowBytes(Path workload, Map<String, String> overrides) {
    return RowShape.of(workload, overrides).payloadBytes();
  }
}
