package io.tablestoreycsb.planner;

import io.tablestoreycsb.binding.config.ClientConfig;
import io.tablestoreycsb.binding.config.PropertiesFiles;
import io.tablestoreycsb.kit.cli.ToolVersion;
import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.matrix.MatrixParser;
import io.tablestoreycsb.planner.matrix.Slo;
import io.tablestoreycsb.planner.report.PlanInfo;
import io.tablestoreycsb.planner.run.BindingTableAdmin;
import io.tablestoreycsb.planner.run.LocalCellExecutor;
import io.tablestoreycsb.planner.run.CellFilter;
import io.tablestoreycsb.planner.run.CellOrder;
import io.tablestoreycsb.planner.run.PlanEstimate;
import io.tablestoreycsb.planner.run.PlanExecutor;
import io.tablestoreycsb.planner.run.PlannedCell;
import io.tablestoreycsb.planner.run.Progress;
import io.tablestoreycsb.planner.run.RunnerSpecFactory;
import io.tablestoreycsb.planner.run.Sweep;
import io.tablestoreycsb.planner.run.TableAdmin;
import io.tablestoreycsb.planner.runner.CellExecutor;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code capacity-plan run --matrix FILE -P ENDPOINT_PROPERTIES --out DIR [--quick] [--only ...] [--sweep ...]}. */
@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = ToolVersion.class,
    description = "Run a matrix: pre-split tables, load, runner processes per cell; resumes an interrupted plan.")
final class RunCommand implements Callable<Integer> {
  static final String TABLESTORE_DB = "io.tablestoreycsb.binding.TablestoreClient";

  @Option(names = "--matrix", required = true, paramLabel = "FILE",
      description = "Matrix file (workloads/matrix/high-performance, capacity, quick, or your own).")
  Path matrixFile;

  @Option(names = "-P", paramLabel = "FILE",
      description = "Endpoint properties (endpoint, instance, credentials); given to every runner with -P"
          + " so that secrets never appear on a command line.")
  Path endpointProperties;

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory (kept cells are resumed).")
  Path out;

  @Option(names = "--quick", description = "Shrink the matrix with its [quick] section (short cells, small data, "
      + "fewer thread points).")
  boolean quick;

  @Option(names = "--only", paramLabel = "FILTER",
      description = {"Run only some cells. FILTER is all or part of",
          "case=NAME,partitions=N,threads=N", "(repeat a key to widen the choice, e.g. case=random-read and case=range-read)"})
  String only;

  @Option(names = "--sweep", paramLabel = "PROPERTY=VALUES",
      description = {"Run the write cases once per value, e.g.", "tablestore.batchsize=1,10,50,100,200",
          "fieldlength=100,500,1024,4096"})
  String sweep;

  @Option(names = "--runner-jvm-opts", paramLabel = "OPTS", defaultValue = "",
      description = "JVM options for each runner process, e.g. \"-Xmx2g\".")
  String runnerJvmOpts;

  @Option(names = "--progress-interval", paramLabel = "SECONDS", defaultValue = "10",
      description = "Seconds between progress lines (default 10).")
  int progressInterval;

  @Option(names = "--executor", defaultValue = "local", paramLabel = "local|kubernetes",
      description = "Where runners run: local (JVMs on this machine, default) or kubernetes (an Indexed Job per "
          + "cell, results through object storage; see docs/distributed-runs.md).")
  String executor;

  @CommandLine.Mixin
  KubernetesOptions kubernetes = new KubernetesOptions();

  @CommandLine.Mixin
  EstimateOptions estimate = new EstimateOptions();

  @Option(names = "--slo", paramLabel = "OBJECTIVE",
      description = "Latency objective the report answers for, e.g. \"p99 < 10ms\" (overrides the matrix's slo).")
  String slo;

  @Option(names = "--yes", description = "Run without asking, also against an endpoint that is not on this machine"
      + " (which may cost money: see the estimate printed first).")
  boolean yes;

  /** Who is asked before a plan runs against an endpoint elsewhere; tests replace it. */
  Confirmation confirmation = Confirmation.ofConsole();

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Override
  public Integer call() throws Exception {
    OutputDirectory.check(out);
    // A directory, a missing file, a bad escape: named now, not after the estimate.
    Properties connection = endpointProperties == null ? null : PropertiesFiles.load(endpointProperties);
    Matrix matrix = MatrixParser.parse(matrixFile);
    if (quick) {
      matrix = matrix.quickened();
    }
    Slo sloOverride = ReportCommand.parseSlo(slo);
    if (sloOverride != null) {
      matrix = matrix.withSlo(sloOverride);
    }
    boolean tablestore = matrix.db().equals(TABLESTORE_DB);
    if (tablestore && endpointProperties == null) {
      throw new IllegalArgumentException("-P ENDPOINT_PROPERTIES is required (tablestore.endpoint, "
          + "tablestore.instance, credentials); see distribution/src/conf/tablestore.properties");
    }
    if (tablestore) {
      // The settings the tables are created with (BindingTableAdmin): a bad endpoint is a usage
      // error now (exit 2; a password in it is not echoed), not a failure of every cell.
      ClientConfig.from(connection);
    }
    PlanInfo plan = PlanInfo.endpoint("run", matrix, quick, endpointProperties);
    PrintWriter terminal = spec.commandLine().getOut();
    PlanEstimate cost = EstimateCommand.of(matrix, only, sweep, estimate);
    terminal.print(cost.text());
    terminal.flush();
    if (!yes && costsMoney(plan.endpointKind()) && !confirmed(plan, cost)) {
      return 1;
    }
    plan.append(out);
    int failed = execute(matrix, endpointProperties == null ? null : endpointProperties.toAbsolutePath(),
        out, only == null ? CellFilter.ALL : CellFilter.parse(only), sweep == null ? null : Sweep.parse(sweep),
        jvmOptions(runnerJvmOpts), tablestore ? new BindingTableAdmin(endpointProperties) : TableAdmin.NONE,
        cellExecutor(executor, kubernetes), Duration.ofSeconds(progressInterval), terminal);
    int reportExit = ReportCommand.write(List.of(out), out, terminal, sloOverride);
    return failed > 0 ? 1 : reportExit;
  }

  /** An endpoint not on this machine may be the paid service (or a proxy in front of it). */
  static boolean costsMoney(PlanInfo.EndpointKind kind) {
    return kind == PlanInfo.EndpointKind.TABLESTORE || kind == PlanInfo.EndpointKind.OTHER_HOST;
  }

  /** Asks before running; refuses when no one can answer. */
  private boolean confirmed(PlanInfo plan, PlanEstimate cost) {
    String where = "the endpoint " + plan.endpoint() + (plan.instance() == null ? "" : " (instance " + plan.instance()
        + ")");
    String answer = confirmation.ask(String.format(java.util.Locale.ROOT, "%nThis plan runs against %s, which is not"
        + " on this machine: up to %s and the capacity units above. Run it? [y/N] ", where,
        Formats.clock(cost.cellSeconds() + cost.loadSeconds())));
    if (answer == null) {
      throw new IllegalArgumentException("the plan runs against " + where + ", which is not on this machine and may"
          + " cost money (the estimate is above); standard input is not a terminal, so no one can confirm it: add"
          + " --yes to run it");
    }
    if (!Confirmation.isYes(answer)) {
      spec.commandLine().getOut().println("not run: answered '" + answer.strip() + "'");
      return false;
    }
    return true;
  }

  /** The executor named by {@code --executor}. */
  static CellExecutor cellExecutor(String executor, KubernetesOptions kubernetes) {
    return switch (executor) {
      case "local" -> LocalCellExecutor.ofThisJvmSharingClasses();
      case "kubernetes" -> kubernetes.cellExecutor(kubernetes.settings());
      default -> throw new IllegalArgumentException("--executor '" + executor + "': use local or kubernetes");
    };
  }

  /** Runs the cells of a matrix and returns how many failed. */
  static int execute(Matrix matrix, Path endpointProperties, Path out, CellFilter filter, Sweep sweep,
      List<String> jvmOptions, TableAdmin tables, CellExecutor executor, Duration progressInterval,
      PrintWriter terminal) throws Exception {
    List<PlannedCell> cells = CellOrder.of(matrix, filter, sweep);
    if (cells.isEmpty()) {
      throw new IllegalArgumentException("no cell of " + matrix.source() + " matches the --only filter");
    }
    Files.createDirectories(out);
    terminal.printf("plan %s (%s): %d cells, %d runners each; output %s%n", matrix.name(), matrix.instanceType(),
        cells.size(), matrix.runners(), out.toAbsolutePath());
    terminal.flush();
    PrintStream progressOut = new PrintStream(new WriterOutputStream(terminal), true);
    PlanExecutor plan = new PlanExecutor(matrix, new RunnerSpecFactory(matrix, endpointProperties, jvmOptions),
        executor, tables, out, new Progress(progressOut, progressInterval));
    int failed;
    try {
      failed = plan.run(cells);
    } finally {
      if (executor instanceof AutoCloseable pods) {
        pods.close(); // the pods of a Kubernetes plan end with it, not when this JVM exits after the report
      }
    }
    progressOut.flush();
    terminal.printf("plan %s: %d of %d cells failed%n", matrix.name(), failed, cells.size());
    return failed;
  }

  static List<String> jvmOptions(String opts) {
    List<String> list = new ArrayList<>();
    if (!opts.isBlank()) {
      list.addAll(Arrays.asList(opts.strip().split("\\s+")));
    }
    String log4j = System.getProperty("log4j2.configurationFile");
    if (log4j != null) {
      list.add("-Dlog4j2.configurationFile=" + log4j);
    }
    return list;
  }

  /** Lets the progress lines (a PrintStream) go to picocli's writer. */
  private static final class WriterOutputStream extends java.io.OutputStream {
    private final PrintWriter writer;
    private final java.io.ByteArrayOutputStream line = new java.io.ByteArrayOutputStream();

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
      writer.print(line.toString(java.nio.charset.StandardCharsets.UTF_8));
      writer.flush();
      line.reset();
    }
  }
}
