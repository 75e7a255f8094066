package io.tablestoreycsb.planner;

import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.planner.gate.Gate;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.matrix.Slo;
import io.tablestoreycsb.planner.report.PlanRecord;
import io.tablestoreycsb.planner.report.ReportData;
import io.tablestoreycsb.planner.report.ReportWriter;
import io.tablestoreycsb.planner.report.SloTable;
import io.tablestoreycsb.planner.plan.BindingTableAdmin;
import io.tablestoreycsb.planner.plan.CellOrder;
import io.tablestoreycsb.planner.plan.EmbeddedMockTableAdmin;
import io.tablestoreycsb.planner.plan.EstimateAssumptions;
import io.tablestoreycsb.planner.plan.Plan;
import io.tablestoreycsb.planner.plan.PlanEstimate;
import io.tablestoreycsb.planner.plan.PlannedCell;
import io.tablestoreycsb.planner.plan.Progress;
import io.tablestoreycsb.planner.plan.ProgressListener;
import io.tablestoreycsb.planner.plan.RunnerSpecFactory;
import io.tablestoreycsb.planner.plan.TableAdmin;
import io.tablestoreycsb.planner.runner.CellExecutor;
import io.tablestoreycsb.planner.runner.RunnerRecord;
import io.tablestoreycsb.planner.threshold.Threshold;
import io.tablestoreycsb.planner.timeline.PlanTimelines;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The planner's three steps for the commands, which parse options into {@link PlanOptions} and leave the
 * work here: {@link #estimate} a plan before it runs, {@link #run} it (its plan.json, its tables, its
 * runners, locally or on Kubernetes, against an endpoint or a mock it starts), {@link #report} on it.
 * What it says goes to the terminal it was made with.
 */
public final class Planner {
  /** Under a plan's output directory: what each local runner JVM prints outside its cells. */
  public static final String RUNNER_LOGS_DIR = "runners";

  private final PrintWriter terminal;
  private ProgressListener listener = ProgressListener.NONE;

  public Planner(PrintWriter terminal) {
    this.terminal = terminal;
  }

  /** Who hears of the plan's progress besides the terminal (run --live); returns this planner. */
  public Planner listening(ProgressListener value) {
    listener = value;
    return this;
  }

  /** The time, rows, data and capacity units of the cells the options choose, before anything runs. */
  public PlanEstimate estimate(PlanOptions options) {
    EstimateAssumptions assumed = options.assumptions();
    if (options.embeddedMock() == null) {
      return PlanEstimate.of(options.matrix(), cells(options), assumed);
    }
    // The mock's partition capacity is known: no need to assume one. It serves the loads without it.
    return PlanEstimate.of(options.matrix(), cells(options),
        assumed.withPartitionRowsPerSecond(options.embeddedMock().partitionCapacity()),
        assumed.withPartitionRowsPerSecond(0));
  }

  /**
   * What plan.json will record of a plan against the endpoint of its properties file (the matrix's own
   * properties override the file's, as they do for the runners).
   */
  public PlanRecord endpointRecord(PlanOptions options) throws IOException {
    return PlanRecord.endpoint(options.command(), options.matrix(), options.quick(), options.endpointProperties());
  }

  /**
   * Runs the plan: adds its start to plan.json, then per partition count the table, the load and the cells
   * (finished cells of an earlier start are kept). With an embedded mock, a fresh one serves this plan only.
   * Returns how many cells failed.
   */
  public int run(PlanOptions options) throws Exception {
    List<PlannedCell> cells = cells(options);
    if (options.embeddedMock() == null) {
      endpointRecord(options).append(options.out());
      Path properties = options.endpointProperties();
      return runCells(options, cells, properties == null ? null : properties.toAbsolutePath(), null);
    }
    double capacity = options.embeddedMock().partitionCapacity();
    try (MockTablestore mock = MockTablestore.builder().partitionCapacity(capacity).start()) {
      Files.createDirectories(options.out());
      Path properties = options.out().resolve("mock.properties");
      mock.writeProperties(properties);
      PlanRecord.embeddedMock(options.command(), options.matrix(), mock, options.embeddedMock().sizing()).append(options.out());
      terminal.printf("mock Tablestore on %s, %,.0f rows/s per partition%n", mock.endpoint(), capacity);
      return runCells(options, cells, properties, mock);
    }
  }

  /** The report of this plan's output directory, written there, judged by the matrix's {@code fail-if}. */
  public int report(PlanOptions options) throws Exception {
    return report(List.of(options.out()), options.out(), options.sloOverride(),
        options.matrix().failIf());
  }

  /**
   * Writes the report of the runner outputs under {@code dirs} into {@code out}, prints the paper's table,
   * the SLO answer and the report's path; 1 when a cell failed or there was none, else 0.
   *
   * @param sloOverride the objective every cell is judged by, or null for each plan's own
   */
  public int report(List<Path> dirs, Path out, Slo sloOverride) throws Exception {
    return report(dirs, out, sloOverride, List.of());
  }

  /**
   * {@link #report(List, Path, Slo)}, then the thresholds judged against its cells and printed: 1 when a cell failed
   * or there was none, else {@link Threshold#EXIT_BREACHED} when one was breached, else 0.
   */
  public int report(List<Path> dirs, Path out, Slo sloOverride, List<Threshold> failIf) throws Exception {
    ReportData data = ReportData.collect(dirs, sloOverride);
    Path html = ReportWriter.write(data, out, PlanTimelines.read(dirs));
    terminal.print(ReportWriter.terminalTable(data.rows()));
    terminal.print(SloTable.terminal(data.rows()));
    if (!data.failures().isEmpty()) {
      terminal.println();
      terminal.println(data.failures().size() + " cell(s) failed; see the 'Failed cells' section of the report.");
    }
    terminal.println();
    terminal.println("report: " + html.toAbsolutePath());
    terminal.flush();
    int gate = Gate.print(Gate.judge(failIf, data.rows()), terminal);
    return data.rows().isEmpty() || !data.failures().isEmpty() ? 1 : gate;
  }

  /** The cells the options choose, in run order; refused when the filter leaves none. */
  public static List<PlannedCell> cells(PlanOptions options) {
    List<PlannedCell> cells = CellOrder.of(options.matrix(), options.only(), options.sweep());
    if (cells.isEmpty()) {
      throw new IllegalArgumentException("no cell of " + options.matrix().source() + " matches the --only filter");
    }
    return cells;
  }

  /** @param embeddedMock the mock this JVM started for the plan, or null for an endpoint of its own */
  private int runCells(PlanOptions options, List<PlannedCell> cells, Path endpointProperties,
      MockTablestore embeddedMock) throws Exception {
    Matrix matrix = options.matrix();
    Files.createDirectories(options.out());
    terminal.printf("plan %s (%s): %d cells, %d runners each; output %s%n", matrix.name(), matrix.instanceType(),
        cells.size(), matrix.runners(), options.out().toAbsolutePath());
    terminal.flush();
    PrintStream progressOut = new PrintStream(new WriterOutputStream(terminal), true, StandardCharsets.UTF_8);
    TableAdmin tables = !matrix.usesTablestore() ? TableAdmin.NONE
        : embeddedMock == null ? new BindingTableAdmin(endpointProperties)
        : new EmbeddedMockTableAdmin(new BindingTableAdmin(endpointProperties), embeddedMock);
    CellExecutor executor = options.executor().launcher(new CellExecutors(options.out()));
    Progress progress = new Progress(progressOut, options.progressInterval());
    progress.listener(listener);
    Plan plan = new Plan(matrix, new RunnerSpecFactory(matrix, endpointProperties, options.runnerJvmOptions()),
        executor, tables, options.out(), progress);
    int failed;
    try {
      failed = plan.run(cells);
    } finally {
      if (executor instanceof AutoCloseable runners) {
        // A plan's runner JVMs or pods end with its last cell, not when this JVM exits after the report.
        runners.close();
      }
    }
    progressOut.flush();
    terminal.printf("plan %s: %d of %d cells failed%n", matrix.name(), failed, cells.size());
    return failed;
  }

  /** Lets the progress lines (a PrintStream) go to the terminal's writer, a line at a time. */
  private static final class WriterOutputStream extends OutputStream {
    private final PrintWriter writer;
    private final ByteArrayOutputStream line = new ByteArrayOutputStream();

    WriterOutputStream(PrintWriter writer) {
      this.writer = writer;
    }

    @Override
    public synchronized void write(int b) {
      line.write(b);
      if (b == '\n') {
        flush();
      }
    }

    @Override
    public synchronized void flush() {
      writer.print(line.toString(StandardCharsets.UTF_8));
      writer.flush();
      line.reset();
    }
  }
}
