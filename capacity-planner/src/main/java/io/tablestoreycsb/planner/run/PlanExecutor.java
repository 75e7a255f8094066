package io.tablestoreycsb.planner.run;

import io.tablestoreycsb.planner.matrix.CaseSpec;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.report.CellAnalyzer;
import io.tablestoreycsb.planner.report.ReportData;
import io.tablestoreycsb.planner.report.ReportRow;
import io.tablestoreycsb.planner.report.RunnerResult;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Runs a matrix: per partition count, the pre-split table, the load (when a read cell needs it) and the
 * cells, read cases first (so they read exactly the loaded rows), then write cases. A finished cell
 * leaves a {@value #COMPLETE_MARKER} file and is kept when the plan is run again; an unfinished one is
 * started over. A failing cell is reported with its runners' errors and the plan goes on.
 */
public final class PlanExecutor {
  public static final String COMPLETE_MARKER = ".complete";
  private static final long NO_TIMEOUT_SECONDS = 365L * 24 * 3600;

  private final Matrix matrix;
  private final RunnerSpecFactory runners;
  private final CellExecutor executor;
  private final TableAdmin tables;
  private final Path outDir;
  private final Progress progress;
  private final PrintStream out;

  public PlanExecutor(Matrix matrix, RunnerSpecFactory runners, CellExecutor executor, TableAdmin tables,
      Path outDir, Progress progress) {
    this.matrix = matrix;
    this.runners = runners;
    this.executor = executor;
    this.tables = tables;
    this.outDir = outDir;
    this.progress = progress;
    this.out = progress.out();
  }

  /** The cells of the plan in the order they run. */
  public static List<PlannedCell> plan(Matrix matrix, CellFilter filter, Sweep sweep) {
    List<PlannedCell> cells = new ArrayList<>();
    for (int p : matrix.partitions()) {
      List<CaseSpec> ordered = new ArrayList<>(matrix.cases());
      ordered.sort(Comparator.comparing(c -> c.readsLoadedData() ? 0 : 1)); // stable: file order otherwise
      for (CaseSpec c : ordered) {
        for (int t : c.threads()) {
          if (!filter.accepts(c.name(), p, t)) {
            continue;
          }
          // Sweeps vary the write cases; read cases read the loaded data once.
          if (sweep == null || c.phase() != CaseSpec.Phase.LOAD) {
            cells.add(new PlannedCell(new CellKey(matrix.instanceType(), c.name(), p, t, ""), c, null, null));
          } else {
            for (String v : sweep.values()) {
              cells.add(new PlannedCell(new CellKey(matrix.instanceType(), c.name(), p, t, sweep.label(v)),
                  sweptCase(c, sweep.property(), v), sweep.property(), v));
            }
          }
        }
      }
    }
    return cells;
  }

  /**
   * A write case under a batch-size sweep: with tablestore.batchsize = 1 the binding sends PutRow (timed as
   * INSERT), above 1 BatchWriteRow of that many rows (timed as BATCH_WRITE).
   */
  static CaseSpec sweptCase(CaseSpec c, String property, String value) {
    boolean writeMeasure = c.measure().equals("INSERT") || c.measure().equals("BATCH_WRITE");
    if (!property.equals("tablestore.batchsize") || !writeMeasure) {
      return c;
    }
    int batch;
    try {
      batch = Integer.parseInt(value);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("--sweep tablestore.batchsize: '" + value + "' is not a whole number");
    }
    if (batch < 1) {
      throw new IllegalArgumentException("--sweep tablestore.batchsize: " + batch + " must be 1 or more");
    }
    return new CaseSpec(c.name(), c.workload(), c.phase(), batch == 1 ? "INSERT" : "BATCH_WRITE", batch,
        c.readsLoadedData(), c.threads(), c.duration(), c.properties(), c.line());
  }

  /** Runs the cells; returns how many failed. */
  public int run(List<PlannedCell> cells) throws IOException, InterruptedException {
    int failed = 0;
    int index = 0;
    for (int p : matrix.partitions()) {
      List<PlannedCell> ofTable = cells.stream().filter(c -> c.key().partitions() == p).toList();
      if (ofTable.isEmpty()) {
        continue;
      }
      boolean tableReady = false;
      boolean loadFailed = false;
      for (PlannedCell cell : ofTable) {
        index++;
        Path dir = outDir.resolve(cell.key().relativeDir());
        if (Files.isRegularFile(dir.resolve(COMPLETE_MARKER))) {
          out.printf("[cell %d/%d] %s: kept (finished earlier)%n", index, cells.size(), cell.key().label());
          continue;
        }
        if (!tableReady) {
          String table = RunnerSpecFactory.tableName(matrix, p);
          out.printf("table %s: ensuring %d pre-split partition(s)%n", table, p);
          try {
            tables.ensureTable(table, p);
          } catch (Exception e) {
            throw new IOException("table " + table + " with " + p + " partitions: " + e.getMessage(), e);
          }
          tableReady = true;
        }
        if (cell.spec().readsLoadedData()) {
          if (loadFailed) {
            failed++;
            out.printf("[cell %d/%d] %s: FAILED (the load before it failed)%n", index, cells.size(),
                cell.key().label());
            continue;
          }
          loadFailed = !ensureLoaded(p);
          if (loadFailed) {
            failed++;
            continue;
          }
        }
        if (!runCell(cell, dir, index, cells)) {
          failed++;
        }
      }
    }
    return failed;
  }

  private boolean runCell(PlannedCell cell, Path dir, int index, List<PlannedCell> all)
      throws IOException, InterruptedException {
    deleteRecursively(dir);
    Files.createDirectories(dir);
    long seconds = cell.spec().duration().toSeconds();
    long remainingSeconds = all.subList(index - 1, all.size()).stream()
        .mapToLong(c -> c.spec().duration().toSeconds()).sum();
    int remainingCells = all.size() - index + 1;
    long started = System.nanoTime();
    CellOutcome outcome = executor.execute(cell.key(), runners.cell(cell, dir), seconds,
        ops -> progress.tick(index, all.size(), cell.key().label(), started, ops, remainingSeconds,
            remainingCells, seconds));
    progress.cellFinished(outcome.wallSeconds(), seconds);
    if (!outcome.succeeded()) {
      out.printf("[cell %d/%d] %s: FAILED%n%s%n", index, all.size(), cell.key().label(), indent(outcome.errors()));
      return false;
    }
    out.printf("[cell %d/%d] %s: done in %.0f s: %s%n", index, all.size(), cell.key().label(),
        outcome.wallSeconds(), summary(dir));
    Files.writeString(dir.resolve(COMPLETE_MARKER), Instant.now() + "\n");
    return true;
  }

  private static String summary(Path cellDir) throws IOException {
    List<RunnerResult> results = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(cellDir)) {
      for (Path d : dirs.filter(Files::isDirectory).sorted().toList()) {
        results.add(RunnerResult.read(d));
      }
    }
    ReportRow r = CellAnalyzer.analyze(results);
    return String.format(Locale.ROOT, "%,.0f rows/s (%,.0f requests/s), avg %.2f ms, p99 %.2f ms, "
        + "measured/predicted %.0f%%, bound by %s", r.qpsRows(), r.requestsPerSecond(), r.avgMs(), r.p99Ms(),
        r.measuredOverPredicted() * 100, r.limit());
  }

  /** Loads keys [0, N) unless an earlier run did; verifies the row count. */
  private boolean ensureLoaded(int partitions) throws IOException, InterruptedException {
    CellKey key = new CellKey(matrix.instanceType(), ReportData.LOAD_CASE, partitions, matrix.loadThreads(), "");
    Path dir = outDir.resolve(matrix.instanceType()).resolve("p" + partitions).resolve(ReportData.LOAD_CASE);
    if (Files.isRegularFile(dir.resolve(COMPLETE_MARKER))) {
      return true;
    }
    deleteRecursively(dir);
    Files.createDirectories(dir);
    long total = matrix.totalLoadedRows(partitions);
    String table = RunnerSpecFactory.tableName(matrix, partitions);
    out.printf("load %s: %,d rows (%,d per partition) with batch writes from %d runners x %d threads%n", table,
        total, matrix.rowsPerPartition(), matrix.runners(), matrix.loadThreads());
    long started = System.nanoTime();
    CellOutcome outcome = executor.execute(key, runners.load(key, dir), NO_TIMEOUT_SECONDS,
        ops -> progress.tick(0, 0, "load " + table, started, ops, 0, 0, 0));
    if (!outcome.succeeded()) {
      out.printf("load %s: FAILED%n%s%n", table, indent(outcome.errors()));
      return false;
    }
    long count;
    try {
      count = tables.countRows(table);
    } catch (Exception e) {
      out.printf("load %s: FAILED to count rows: %s%n", table, e.getMessage());
      return false;
    }
    // Write cells of an earlier run may have added rows beyond the loaded range.
    boolean writesRanBefore = anyWriteCellComplete(partitions);
    if (count >= 0 && (count < total || (!writesRanBefore && count != total))) {
      out.printf("load %s: FAILED verification: %,d rows in the table, expected %s%,d%n", table, count,
          writesRanBefore ? "at least " : "", total);
      return false;
    }
    out.printf("load %s: done in %.0f s; %s%n", table, outcome.wallSeconds(),
        count < 0 ? "row count not verified (this DB cannot count)" : String.format("verified %,d rows", count));
    Files.writeString(dir.resolve(COMPLETE_MARKER), Instant.now() + " rows=" + count + "\n");
    return true;
  }

  private boolean anyWriteCellComplete(int partitions) throws IOException {
    Path table = outDir.resolve(matrix.instanceType()).resolve("p" + partitions);
    for (CaseSpec c : matrix.cases()) {
      if (c.phase() == CaseSpec.Phase.LOAD && Files.isDirectory(table.resolve(c.name()))) {
        try (Stream<Path> files = Files.walk(table.resolve(c.name()))) {
          if (files.anyMatch(f -> f.getFileName().toString().equals(COMPLETE_MARKER))) {
            return true;
          }
        }
      }
    }
    return false;
  }

  private static String indent(String text) {
    return "    " + text.replace("\n", "\n    ");
  }

  static void deleteRecursively(Path dir) throws IOException {
    PlanExecutorSupport.deleteRecursively(dir);
  }
}
