package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.planner.matrix.CaseSpec;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.matrix.TargetLabel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a plan will take before it runs: its longest duration, the rows it loads, the data it leaves,
 * the capacity units it consumes and what they cost.
 *
 * <p>How much a cell does depends on the service, which has not been measured yet, so each cell's rate
 * is assumed ({@link EstimateAssumptions}): a closed-loop cell does at most runners x threads x rows per
 * request x 1000 / the assumed request latency rows a second, and no more than the assumed rate of its
 * table's partitions; a cell with a target does its target (which it may not reach). Durations are caps (a cell may stop earlier),
 * so every figure is the most the plan takes at those rates.
 *
 * <p>Capacity units (tablestore-protocol.md, "Capacity units"): a row costs its size - primary key and
 * attribute names and values - in 4 KB units, rounded up, at least one ({@link RowShape}). Every row
 * written costs its write CUs (the binding's puts carry no row-existence condition, which would add a
 * read CU); every GetRow its read CUs (a missing row costs one); a GetRange its rows' bytes together in 4
 * KB units, rounded up, as the mock counts it.
 */
public final class PlanEstimate {

  /**
   * A case's cells on one table, together.
   *
   * @param partitions the table's partition count
   * @param caseName case
   * @param cells how many cells
   * @param seconds their durations added (caps)
   * @param minRowsPerSecond the slowest cell's assumed rate
   * @param maxRowsPerSecond the fastest cell's assumed rate
   * @param rows rows written or read at those rates
   * @param readCu read capacity units
   * @param writeCu write capacity units
   */
  public record CaseLine(int partitions, String caseName, int cells, long seconds, double minRowsPerSecond,
      double maxRowsPerSecond, double rows, double readCu, double writeCu) {}

  /**
   * The load of one table before its read cells.
   *
   * @param partitions the table's partition count
   * @param table table name
   * @param rows rows loaded
   * @param rowsPerSecond assumed rate of the load
   * @param writeCu write capacity units
   * @param rowBytes a loaded row's size as capacity units count it
   */
  public record LoadLine(int partitions, String table, long rows, double rowsPerSecond, double writeCu,
      long rowBytes) {

    public double seconds() {
      return rows / rowsPerSecond;
    }
  }

  private final Matrix matrix;
  private final EstimateAssumptions assumptions;
  private final int cellCount;
  private final List<LoadLine> loads;
  private final List<CaseLine> cases;
  private final RowShape sampleRow;
  private final double writtenBytes;

  private PlanEstimate(Matrix matrix, EstimateAssumptions assumptions, int cellCount, List<LoadLine> loads,
      List<CaseLine> cases, RowShape sampleRow, double writtenBytes) {
    this.matrix = matrix;
    this.assumptions = assumptions;
    this.cellCount = cellCount;
    this.loads = List.copyOf(loads);
    this.cases = List.copyOf(cases);
    this.sampleRow = sampleRow;
    this.writtenBytes = writtenBytes;
  }

  /** The estimate of running {@code cells} of {@code matrix} (as {@link CellOrder} gives them). */
  public static PlanEstimate of(Matrix matrix, List<PlannedCell> cells, EstimateAssumptions assumptions) {
    return of(matrix, cells, assumptions, assumptions);
  }

  /**
   * The same, with the tables' loads estimated by {@code loadAssumptions} (the planner's own mock loads them
   * without its partition capacity).
   */
  public static PlanEstimate of(Matrix matrix, List<PlannedCell> cells, EstimateAssumptions assumptions,
      EstimateAssumptions loadAssumptions) {
    WorkloadFiles workloads = new WorkloadFiles(matrix.source());
    Map<String, CaseLine> byCase = new LinkedHashMap<>();
    Map<Integer, Double> mostWrittenByTable = new LinkedHashMap<>();
    Map<Integer, Boolean> loadedTables = new LinkedHashMap<>();
    RowShape sample = null;
    for (PlannedCell cell : cells) {
      CaseSpec c = cell.spec();
      int p = cell.key().partitions();
      RowShape row = RowShape.of(workloads.resolve(c.workload(), c.line()), cellProperties(matrix, cell));
      sample = sample == null ? row : sample;
      double rate = rowsPerSecond(matrix, cell, assumptions);
      long seconds = c.duration().toSeconds();
      double rows = rate * seconds;
      double requests = rows / c.rowsPerRequest();
      double readCu = 0;
      double writeCu = 0;
      switch (c.measure()) {
        case "READ" -> readCu = requests * row.readCuPerRow();
        case "SCAN" -> readCu = requests * row.readCuPerScan(c.rowsPerRequest());
        default -> writeCu = rows * row.writeCuPerRow();
      }
      if (c.phase() == CaseSpec.Phase.LOAD) {
        // Every write cell of a table writes the same keys: the table grows by the most one cell writes.
        double capped = Math.min(rows, (double) RunnerSpecFactory.writeSlice(matrix.totalLoadedRows(p),
            matrix.runners()) * matrix.runners());
        mostWrittenByTable.merge(p, capped * row.capacityBytes(), Math::max);
      }
      if (c.readsLoadedData()) {
        loadedTables.put(p, true);
      }
      byCase.merge(p + "/" + c.name(), new CaseLine(p, c.name(), 1, seconds, rate, rate, rows, readCu, writeCu),
          PlanEstimate::add);
    }
    List<LoadLine> loads = new ArrayList<>();
    for (int p : loadedTables.keySet()) {
      loads.add(load(matrix, workloads, p, loadAssumptions));
    }
    double written = mostWrittenByTable.values().stream().mapToDouble(Double::doubleValue).sum();
    return new PlanEstimate(matrix, assumptions, cells.size(), loads, new ArrayList<>(byCase.values()), sample,
        written);
  }

  private static CaseLine add(CaseLine a, CaseLine b) {
    return new CaseLine(a.partitions(), a.caseName(), a.cells() + b.cells(), a.seconds() + b.seconds(),
        Math.min(a.minRowsPerSecond(), b.minRowsPerSecond()), Math.max(a.maxRowsPerSecond(), b.maxRowsPerSecond()),
        a.rows() + b.rows(), a.readCu() + b.readCu(), a.writeCu() + b.writeCu());
  }

  private static Map<String, String> cellProperties(Matrix matrix, PlannedCell cell) {
    Map<String, String> props = new LinkedHashMap<>(matrix.propertiesFor(cell.spec()));
    if (cell.sweepProperty() != null) {
      props.put(cell.sweepProperty(), cell.sweepValue());
    }
    return props;
  }

  private static LoadLine load(Matrix matrix, WorkloadFiles workloads, int partitions, EstimateAssumptions a) {
    RowShape row = RowShape.of(workloads.resolve(matrix.loadWorkload(), 1), matrix.properties());
    long rows = matrix.totalLoadedRows(partitions);
    double rate = capped(matrix.runners() * (double) matrix.loadThreads() * RunnerSpecFactory.loadBatchSize(matrix, workloads).orElse(row.batchSize())
        * 1000 / a.requestLatencyMs(), partitions, a);
    return new LoadLine(partitions, RunnerSpecFactory.tableName(matrix, partitions), rows, rate,
        rows * (double) row.writeCuPerRow(), row.capacityBytes());
  }

  /** The rate a cell is assumed to run at, rows per second over all its runners. */
  static double rowsPerSecond(Matrix matrix, PlannedCell cell, EstimateAssumptions a) {
    double target = TargetLabel.target(cell.key().sweep());
    if (!Double.isNaN(target)) {
      return target;
    }
    CaseSpec c = cell.spec();
    double closedLoop = matrix.runners() * (double) cell.key().threads() * c.rowsPerRequest() * 1000
        / a.requestLatencyMs();
    return capped(closedLoop, cell.key().partitions(), a);
  }

  private static double capped(double rowsPerSecond, int partitions, EstimateAssumptions a) {
    return a.partitionRowsPerSecond() > 0 ? Math.min(rowsPerSecond, partitions * a.partitionRowsPerSecond())
        : rowsPerSecond;
  }

  public List<CaseLine> cases() {
    return cases;
  }

  public List<LoadLine> loads() {
    return loads;
  }

  /** The cells' durations added: the longest the cells take, start-up aside. */
  public long cellSeconds() {
    return cases.stream().mapToLong(CaseLine::seconds).sum();
  }

  /** The loads at their assumed rates. */
  public double loadSeconds() {
    return loads.stream().mapToDouble(LoadLine::seconds).sum();
  }

  public long rowsLoaded() {
    return loads.stream().mapToLong(LoadLine::rows).sum();
  }

  /** Bytes of the loaded rows, as capacity units count them. */
  public double loadedBytes() {
    return loads.stream().mapToDouble(l -> (double) l.rows() * l.rowBytes()).sum();
  }

  /** The most bytes the write cells add to their tables. */
  public double writtenBytes() {
    return writtenBytes;
  }

  public double readCu() {
    return cases.stream().mapToDouble(CaseLine::readCu).sum();
  }

  public double writeCu() {
    return cases.stream().mapToDouble(CaseLine::writeCu).sum() + loads.stream().mapToDouble(LoadLine::writeCu).sum();
  }

  /** What the CUs cost at the given prices, or NaN without prices. */
  public double cost() {
    return assumptions.priced() ? readCu() * assumptions.readPricePerCu() + writeCu() * assumptions.writePricePerCu()
        : Double.NaN;
  }

  /** The estimate as the terminal shows it: assumptions, a line per table and case, then the totals. */
  public String text() {
    StringBuilder out = new StringBuilder();
    out.append(String.format(Locale.ROOT, "Estimate of plan %s (%s): %d cells of %d runners; each cell's duration is"
        + " its cap%n", matrix.name(), matrix.instanceType(), cellCount, matrix.runners()));
    out.append(String.format(Locale.ROOT, "Assumed: a request takes %s ms (--assume-latency), so a runner thread"
        + " does at most %s requests/s; %s%n", num(assumptions.requestLatencyMs()),
        num(1000 / assumptions.requestLatencyMs()), assumptions.partitionRowsPerSecond() > 0
            ? "a partition serves at most " + num(assumptions.partitionRowsPerSecond())
                + " rows/s (--assume-partition-rate)"
            : "no limit per partition (set one with --assume-partition-rate)"));
    if (sampleRow != null) {
      out.append(String.format(Locale.ROOT, "CU rules (tablestore-protocol.md): a row costs its size in 4 KB units,"
          + " rounded up, at least 1; this plan's row is %,d bytes (key and field names and values): %d write CU a"
          + " row written, %d read CU a GetRow, a GetRange its rows' bytes together in 4 KB units%n",
          sampleRow.capacityBytes(), sampleRow.writeCuPerRow(), sampleRow.readCuPerRow()));
    }
    out.append(String.format(Locale.ROOT, "%n%10s  %-16s %5s %10s %21s %14s %14s %14s%n", "Partitions", "Case",
        "Cells", "Duration", "Rows/s (assumed)", "Rows", "Read CU", "Write CU"));
    for (LoadLine l : loads) {
      out.append(String.format(Locale.ROOT, "%10d  %-16s %5d %10s %21s %14s %14s %14s%n", l.partitions(), "load", 1,
          Formats.clock(l.seconds()), num(l.rowsPerSecond()), num(l.rows()), "0", num(l.writeCu())));
    }
    for (CaseLine c : cases) {
      String rate = num(c.minRowsPerSecond()).equals(num(c.maxRowsPerSecond())) ? num(c.maxRowsPerSecond())
          : num(c.minRowsPerSecond()) + " to " + num(c.maxRowsPerSecond());
      out.append(String.format(Locale.ROOT, "%10d  %-16s %5d %10s %21s %14s %14s %14s%n", c.partitions(),
          c.caseName(), c.cells(), Formats.clock(c.seconds()), rate, num(c.rows()), num(c.readCu()),
          num(c.writeCu())));
    }
    out.append('\n');
    out.append(String.format(Locale.ROOT, "Longest duration: %s of cells + %s of loads = %s, plus each cell's runner"
        + " start-up (seconds a cell)%n", Formats.clock(cellSeconds()), Formats.clock(loadSeconds()),
        Formats.clock(cellSeconds() + loadSeconds())));
    out.append(String.format(Locale.ROOT, "Rows loaded: %s%s; data %s%s%n",
        num(rowsLoaded()), loads.isEmpty() ? " (no read case, no load)" : " (" + num(matrix.rowsPerPartition())
            + " a partition into " + String.join(", ", loads.stream().map(LoadLine::table).toList()) + ")",
        bytes(loadedBytes()), writtenBytes() > 0 ? ", up to " + bytes(writtenBytes()) + " more from the write cells"
            : ""));
    out.append(String.format(Locale.ROOT, "Capacity units: %s read + %s write = %s CU%n", num(readCu()),
        num(writeCu()), num(readCu() + writeCu())));
    out.append(assumptions.priced()
        ? String.format(Locale.ROOT, "Cost: %s (read CU x %s + write CU x %s; CU only: storage, traffic and the"
            + " runner machines are billed apart)%n", money(cost()), price(assumptions.readPricePerCu()),
            price(assumptions.writePricePerCu()))
        : String.format(Locale.ROOT, "Cost: give --price-per-cu (your region's pay-as-you-go price of one CU) to"
            + " multiply it out%n"));
    return out.toString();
  }

  static String num(double v) {
    if (v >= 1e12) {
      return String.format(Locale.ROOT, "%.3g", v);
    }
    return v >= 100 || v == Math.rint(v) ? String.format(Locale.ROOT, "%,.0f", v)
        : String.format(Locale.ROOT, "%.2f", v);
  }

  static String bytes(double b) {
    if (b >= 1e9) {
      return String.format(Locale.ROOT, "%,.1f GB", b / 1e9);
    }
    return b >= 1e6 ? String.format(Locale.ROOT, "%.1f MB", b / 1e6) : String.format(Locale.ROOT, "%.0f KB", b / 1e3);
  }

  private static String money(double v) {
    return String.format(Locale.ROOT, "%,.2f", v);
  }

  private static String price(double v) {
    return String.format(Locale.ROOT, "%s", java.math.BigDecimal.valueOf(v).stripTrailingZeros().toPlainString());
  }

  /** The matrix file the estimate is of (for messages). */
  public Path source() {
    return matrix.source();
  }
}
