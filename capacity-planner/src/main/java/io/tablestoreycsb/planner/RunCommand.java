package io.tablestoreycsb.planner;

import io.tablestoreycsb.binding.config.ClientConfig;
import io.tablestoreycsb.binding.config.PropertiesFiles;
import io.tablestoreycsb.kit.cli.ToolVersion;
import io.tablestoreycsb.kit.report.Formats;
import io.tablestoreycsb.cluster.options.Executor;
import io.tablestoreycsb.cluster.options.KubernetesOptions;
import io.tablestoreycsb.planner.report.PlanRecord;
import io.tablestoreycsb.planner.plan.PlanEstimate;
import io.tablestoreycsb.planner.gate.Gate;
import io.tablestoreycsb.planner.live.LiveServer;
import io.tablestoreycsb.planner.live.LiveView;
import io.tablestoreycsb.planner.matrix.CaseSpec;
import io.tablestoreycsb.planner.threshold.Threshold;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code capacity-plan run --matrix FILE -P ENDPOINT_PROPERTIES --out DIR [--quick] [--only ...] [--sweep ...]}. */
@Command(name = "run", mixinStandardHelpOptions = true, versionProvider = ToolVersion.class,
    description = "Run a matrix: pre-split tables, load, runner processes per cell; resumes an interrupted plan.")
final class RunCommand implements Callable<Integer> {
  @CommandLine.Mixin
  MatrixOptions matrixOptions = new MatrixOptions();

  @Option(names = "-P", paramLabel = "FILE",
      description = "Endpoint properties (endpoint, instance, credentials); given to every runner with -P"
          + " so that secrets never appear on a command line.")
  Path endpointProperties;

  @Option(names = "--out", required = true, paramLabel = "DIR", description = "Output directory (kept cells are resumed).")
  Path out;

  @Option(names = "--runner-jvm-opts", paramLabel = "OPTS", defaultValue = "",
      description = "JVM options for each runner process, e.g. \"-Xmx2g\".")
  String runnerJvmOpts;

  @Option(names = "--progress-interval", paramLabel = "SECONDS", defaultValue = "10",
      description = "Seconds between progress lines (default 10).")
  int progressInterval;

  @Option(names = "--executor", defaultValue = "local", paramLabel = Executor.NAMES,
      description = "Where runners run: local (JVMs on this machine, default) or kubernetes (the pods of one "
          + "Indexed Job per plan, results through object storage; see docs/distributed-runs.md).")
  String executor;

  @CommandLine.Mixin
  KubernetesOptions kubernetes = new KubernetesOptions();

  @CommandLine.Mixin
  EstimateOptions estimate = new EstimateOptions();

  @Option(names = "--slo", paramLabel = "OBJECTIVE",
      description = "Latency objective the report answers for, e.g. \"p99 < 10ms\" (overrides the matrix's slo).")
  String slo;

  @CommandLine.Mixin
  ThresholdOptions thresholds = new ThresholdOptions();

  @Option(names = "--live", description = "Serve a live view of the plan on 127.0.0.1 while it runs (its address is"
      + " printed before the first cell): progress, the running cell's rows/s and latency per runner and merged,"
      + " finished cells; /metrics in the Prometheus text format.")
  boolean live;

  @Option(names = "--live-port", paramLabel = "PORT", defaultValue = "0",
      description = "The live view's port on 127.0.0.1 (default: a free one).")
  int livePort;

  @Option(names = "--live-keep", paramLabel = "SECONDS", defaultValue = "0",
      description = "Keep serving the live view this long after the report is written (default 0).")
  int liveKeepSeconds;

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
    PlanOptions plan = matrixOptions.plan("run", out).slo(ReportCommand.parseSlo(slo)).endpointProperties(endpointProperties)
        .runnerJvmOptions(PlanOptions.runnerJvmOptions(runnerJvmOpts)).executor(Executor.parse(executor, kubernetes))
        .assumptions(estimate.assumptions()).progressInterval(Duration.ofSeconds(progressInterval)).build();
    if (plan.matrix().usesTablestore()) {
      if (endpointProperties == null) {
        throw new IllegalArgumentException("-P ENDPOINT_PROPERTIES is required (tablestore.endpoint, "
            + "tablestore.instance, credentials); see distribution/src/conf/tablestore.properties");
      }
      // The settings the tables are created with (BindingTableAdmin): a bad endpoint is a usage
      // error now (exit 2; a password in it is not echoed), not a failure of every cell.
      ClientConfig.from(connection);
    }
    // Thresholds are checked now, not after hours of cells: the matrix's fail-if, then --fail-if.
    List<Threshold> failIf = new ArrayList<>(plan.matrix().failIf());
    failIf.addAll(thresholds.thresholds());
    Gate.checkSinglePlan(failIf, "--fail-if");
    Gate.checkCases(failIf, plan.matrix().cases().stream().map(CaseSpec::name).toList(), "--fail-if");
    PrintWriter terminal = spec.commandLine().getOut();
    Planner planner = new Planner(terminal);
    PlanEstimate cost = planner.estimate(plan);
    terminal.print(cost.text());
    terminal.flush();
    PlanRecord record = planner.endpointRecord(plan);
    if (!yes && costsMoney(record.target().endpointKind()) && !confirmed(record, cost)) {
      return 1;
    }
    if (livePort < 0 || livePort > 65535 || liveKeepSeconds < 0) {
      throw new IllegalArgumentException("--live-port must be 0..65535 and --live-keep 0 or more");
    }
    LiveServer server = null;
    if (live) {
      LiveView view = new LiveView(plan.matrix(), plan.out(), Planner.cells(plan));
      server = LiveServer.start(view, livePort);
      terminal.println("live view: " + server.address() + " (Prometheus text: " + server.address() + "metrics)");
      terminal.flush();
      planner.listening(view);
    }
    try {
      int failed = planner.run(plan);
      int reportExit = planner.report(List.of(plan.out()), plan.out(), plan.sloOverride(), failIf);
      if (server != null) {
        server.view().done();
        if (liveKeepSeconds > 0) {
          terminal.printf("live view: kept for %d s at %s%n", liveKeepSeconds, server.address());
          terminal.flush();
          Thread.sleep(liveKeepSeconds * 1000L);
        }
      }
      return failed > 0 ? 1 : reportExit;
    } finally {
      if (server != null) {
        server.close();
      }
    }
  }

  /** An endpoint not on this machine may be the paid service (or a proxy in front of it). */
  static boolean costsMoney(PlanRecord.EndpointKind kind) {
    return kind == PlanRecord.EndpointKind.TABLESTORE || kind == PlanRecord.EndpointKind.OTHER_HOST;
  }

  /** Asks before running; refuses when no one can answer. */
  private boolean confirmed(PlanRecord record, PlanEstimate cost) {
    PlanRecord.Target target = record.target();
    String where = "the endpoint " + target.endpoint() + (target.instance() == null ? ""
        : " (instance " + target.instance() + ")");
    String answer = confirmation.ask(String.format(Locale.ROOT, "%nThis plan runs against %s, which is not"
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
}
