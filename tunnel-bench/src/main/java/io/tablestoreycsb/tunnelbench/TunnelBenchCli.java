package io.tablestoreycsb.tunnelbench;

import io.tablestoreycsb.binding.config.ConfigException;
import io.tablestoreycsb.kit.cli.Launcher;
import io.tablestoreycsb.kit.cli.ToolVersion;
import io.tablestoreycsb.kit.cli.UsageErrors;
import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.kit.report.BuildInfo;
import io.tablestoreycsb.tunnelbench.child.Endpoint;
import io.tablestoreycsb.tunnelbench.report.BenchReport;
import io.tablestoreycsb.tunnelbench.report.ReportFiles;
import io.tablestoreycsb.tunnelbench.report.RunFacts;
import io.tablestoreycsb.tunnelbench.report.ScenarioResult;
import io.tablestoreycsb.tunnelbench.report.SpeedGoal;
import io.tablestoreycsb.tunnelbench.run.BenchProgress;
import io.tablestoreycsb.tunnelbench.run.Coordinator;
import io.tablestoreycsb.tunnelbench.run.ScenarioPlanRun;
import io.tablestoreycsb.tunnelbench.scenario.BenchPlan;
import io.tablestoreycsb.tunnelbench.scenario.Scenario;
import io.tablestoreycsb.tunnelbench.scenario.ScenarioParser;
import io.tablestoreycsb.tunnelbench.speed.SpeedRun;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import io.tablestoreycsb.cluster.kubernetes.KubernetesSettings;
import io.tablestoreycsb.cluster.objectstore.ObjectStore;
import io.tablestoreycsb.cluster.options.Executor;
import io.tablestoreycsb.cluster.options.KubernetesOptions;
import io.tablestoreycsb.tunnelbench.kubernetes.ClusterAccess;
import io.tablestoreycsb.tunnelbench.kubernetes.KubernetesLauncher;
import io.tablestoreycsb.tunnelbench.run.BenchEstimate;
import io.tablestoreycsb.tunnelbench.run.LocalLauncher;
import io.tablestoreycsb.tunnelbench.run.ProcessLauncher;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bin/tunnel-bench}: the Tunnel Service incremental-sync white paper's measurements. Per
 * scenario of a scenarios file: a pre-split table, a Stream tunnel, TunnelWorker consumer processes and
 * a BatchWriteRow writer process; the report has the paper's columns with its figures beside ours,
 * end-to-end lag and a check that every written row was consumed. {@code --speed} measures the speed
 * goals instead. Exit status: 0 done (every row consumed, every goal met), 1 a scenario or goal failed,
 * 2 bad options, scenarios file or endpoint properties.
 */
@Command(name = "tunnel-bench", mixinStandardHelpOptions = true, versionProvider = ToolVersion.class,
    sortOptions = false, exitCodeOnInvalidInput = 2, subcommands = {RenderCommand.class, EstimateCommand.class},
    description = {"Reproduces the Tunnel Service incremental-sync white paper: writers load a pre-split table with"
        + " BatchWriteRow while TunnelWorker consumer processes sync it; reports rows synced/s, ms per 1,000 rows,"
        + " consumer CPU, memory, bandwidth, end-to-end lag and whether every written row was consumed.",
        "Give --embedded (the mock in this JVM) or -P FILE (endpoint and credentials, binding format; blank"
        + " credentials come from TABLESTORE_ACCESS_KEY_ID / TABLESTORE_ACCESS_KEY_SECRET)."})
public final class TunnelBenchCli implements Callable<Integer> {
  static final String PAPER_SCENARIOS = "workloads/tunnel/paper";
  static final String QUICK_SCENARIOS = "workloads/tunnel/quick";
  /** Consumers and writers are small JVMs; a fixed heap keeps their memory figure comparable between runs. */
  static final String DEFAULT_CHILD_JVM_OPTS = "-Xms256m -Xmx1g -XX:+UseParallelGC";

  @Option(names = "--quick", description = "Run " + QUICK_SCENARIOS + " (1, 4 and 8 partitions with one and two"
      + " consumers, a few minutes) instead of the paper's scenarios.")
  boolean quick;

  @Option(names = "--scenarios", paramLabel = "FILE", description = "Scenarios file (default: " + PAPER_SCENARIOS + ").")
  String scenarios;

  @Option(names = "--embedded", description = "Start the Tablestore mock in this JVM (127.0.0.1) and run against it.")
  boolean embedded;

  @Option(names = {"-P", "--endpoint-properties"}, paramLabel = "FILE",
      description = "Endpoint, instance and credentials (conf/tablestore.properties format). Never put the secret on"
          + " the command line.")
  Path endpointProperties;

  @Option(names = "--out", paramLabel = "DIR",
      description = "Output directory (default: tunnel-bench-out/<UTC time> in the working directory).")
  Path out;

  @Option(names = "--speed", description = "Measure the speed goals (consumer CPU per row, mock CPU per record,"
      + " tunnel rows/s against GetRange rows/s) instead of the scenarios; with --quick, on fewer rows.")
  boolean speed;

  @Option(names = "--speed-rows", paramLabel = "ROWS", description = "Rows the speed goals read (default: 400000,"
      + " 200000 with --quick).")
  Long speedRows;

  @Option(names = "--speed-partitions", paramLabel = "N", defaultValue = "4",
      description = "Partitions of the speed goals' table (default: ${DEFAULT-VALUE}).")
  int speedPartitions;

  @Option(names = "--child-jvm-opts", paramLabel = "OPTS", defaultValue = DEFAULT_CHILD_JVM_OPTS,
      description = {"JVM options of the consumer, writer and scanner processes; default:", "${DEFAULT-VALUE}"})
  String childJvmOpts;

  @Option(names = "--executor", defaultValue = "local", paramLabel = "local|kubernetes",
      description = {"Where the writer and the consumers run: local (JVMs on this machine, default) or kubernetes",
          "(a writer Job and a consumers' Job per scenario, results through object storage; see docs/tunnel.md)."})
  String executor;

  @CommandLine.Mixin
  KubernetesOptions kubernetes = new KubernetesOptions();

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  /** How a Kubernetes run reaches the cluster and the object store (tests: the test cluster). */
  private final Supplier<ClusterAccess> cluster;

  public TunnelBenchCli() {
    this(ClusterAccess::fromEnvironment);
  }

  TunnelBenchCli(Supplier<ClusterAccess> cluster) {
    this.cluster = cluster;
  }

  public static void main(String[] args) {
    Launcher.exit((out, err) -> run(args, out, err));
  }

  /** Runs the command and returns its exit status (for tests). */
  public static int run(String[] args, PrintWriter out, PrintWriter err) {
    return run(args, out, err, ClusterAccess::fromEnvironment);
  }

  /** Runs the command with {@code --executor kubernetes} reaching {@code cluster}; returns its exit status. */
  static int run(String[] args, PrintWriter out, PrintWriter err, Supplier<ClusterAccess> cluster) {
    return Launcher.execute(new CommandLine(new TunnelBenchCli(cluster)), "tunnel-bench", args, out, err, (e, cmd, parsed) -> {
      if (e instanceof IllegalArgumentException || e instanceof ConfigException) {
        cmd.getErr().println("tunnel-bench: " + e.getMessage());
        return UsageErrors.USAGE;
      }
      cmd.getErr().println("tunnel-bench: failed: " + e);
      return 1;
    });
  }

  @Override
  public Integer call() throws Exception {
    if (embedded == (endpointProperties != null)) {
      throw new CommandLine.ParameterException(spec.commandLine(), "give either --embedded or -P FILE (endpoint"
          + " properties), not " + (embedded ? "both" : "neither"));
    }
    if (speed && scenarios != null) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--speed measures the speed goals, not a"
          + " scenarios file: drop --scenarios or --speed");
    }
    if (quick && scenarios != null) {
      throw new CommandLine.ParameterException(spec.commandLine(), "--quick runs " + QUICK_SCENARIOS
          + ": give --quick or --scenarios, not both");
    }
    if (speedPartitions < 1 || speedPartitions > 64) {
      throw new IllegalArgumentException("--speed-partitions must be from 1 to 64, got " + speedPartitions);
    }
    Executor where = Executor.parse(executor, kubernetes);
    if (!where.onThisMachine() && embedded) {
      throw new IllegalArgumentException("--executor kubernetes needs an endpoint the pods can reach: the embedded"
          + " mock listens on this machine's 127.0.0.1 only. Give -P FILE (an instance, or bin/tablestore-mock"
          + " started where the pods reach it)");
    }
    if (!where.onThisMachine() && speed) {
      throw new IllegalArgumentException("--speed measures this machine's processes; drop --executor kubernetes");
    }
    long rows = speedRows != null ? speedRows : quick ? 200_000 : 400_000;
    if (rows < 10_000 || rows > 20_000_000) {
      throw new IllegalArgumentException("--speed-rows must be from 10,000 to 20,000,000, got " + rows);
    }
    BenchPlan plan = speed ? null : ScenarioParser.parse(resolve(scenarios != null ? scenarios
        : quick ? QUICK_SCENARIOS : PAPER_SCENARIOS));
    Endpoint given = endpointProperties == null ? null : Endpoint.read(endpointProperties.toAbsolutePath());
    if (given != null) {
      reachable(given);
    }
    Path outDir = (out != null ? out : Path.of("tunnel-bench-out", DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss",
        Locale.ROOT).withZone(ZoneOffset.UTC).format(Instant.now()))).toAbsolutePath().normalize();
    if (Files.isDirectory(outDir)) {
      try (var entries = Files.list(outDir)) {
        if (entries.findAny().isPresent()) {
          throw new IllegalArgumentException("--out " + outDir + " is not empty; give a new directory");
        }
      }
    }
    Files.createDirectories(outDir);
    PrintWriter terminal = spec.commandLine().getOut();
    BenchProgress progress = new BenchProgress(terminal, 2000);
    List<String> jvmOptions = Arrays.stream(childJvmOpts.trim().split("\\s+")).filter(s -> !s.isEmpty()).toList();
    long started = System.currentTimeMillis();
    MockTablestore mock = null;
    try {
      Endpoint endpoint;
      if (embedded) {
        mock = MockTablestore.builder().start();
        Path props = outDir.resolve("mock.properties");
        mock.writeProperties(props);
        endpoint = Endpoint.read(props);
        terminal.printf("mock Tablestore on %s (this JVM)%n", mock.endpoint());
      } else {
        endpoint = given;
        terminal.printf("endpoint %s%n", endpoint);
      }
      Coordinator co = new Coordinator(endpoint, mock, jvmOptions, progress);
      ProcessLauncher launcher = where.launcher(new Executor.Launchers<>() {
        @Override
        public ProcessLauncher local() {
          return new LocalLauncher(co);
        }

        @Override
        public ProcessLauncher kubernetes(KubernetesSettings settings) {
          return kubernetesLauncher(settings, plan, outDir, jvmOptions, terminal);
        }
      });
      List<ScenarioResult> results = new ArrayList<>();
      List<SpeedGoal> goals = new ArrayList<>();
      List<String> details = new ArrayList<>();
      if (speed) {
        SpeedRun.Outcome o = SpeedRun.run(co, speedPartitions, rows,
            quick ? SpeedRun.QUICK_ROUNDS : SpeedRun.ROUNDS, outDir.resolve("speed"));
        goals.addAll(o.goals());
        details.addAll(o.details());
        terminal.println();
        details.forEach(d -> terminal.println("detail " + d));
        goals.forEach(g -> terminal.println(g.line()));
      } else {
        terminal.print(BenchEstimate.DEFAULT.text(plan));
        terminal.flush();
        results.addAll(ScenarioPlanRun.run(co, launcher, plan, outDir));
      }
      RunFacts facts = facts(plan, co, launcher, started, jvmOptions, speed, rows);
      BenchReport report = new BenchReport(facts, results, goals, details);
      Path html = ReportFiles.write(report, outDir);
      terminal.printf("%ntunnel-bench ran in %.0f s%n", (System.currentTimeMillis() - started) / 1000.0);
      // The report's path is the last line.
      terminal.println(html);
      terminal.flush();
      return report.passed() ? 0 : 1;
    } finally {
      if (mock != null) {
        mock.close();
      }
    }
  }

  /** The pods' launcher: this run's directory in the results location is named as its output directory. */
  private ProcessLauncher kubernetesLauncher(KubernetesSettings settings, BenchPlan plan, Path outDir,
      List<String> jvmOptions, PrintWriter terminal) {
    ClusterAccess access = cluster.get();
    ObjectStore store = new ObjectStore(access.s3().apply(settings.results()), settings.results().location());
    String run = "tunnel-bench/" + outDir.getFileName();
    long longest = plan.scenarios().stream().mapToLong(sc -> sc.settings().writeTime().toSeconds()
        + sc.settings().drainTimeout().toSeconds()).max().orElse(0);
    terminal.printf("pods on Kubernetes (namespace %s, image %s); results in %s/%s%n",
        settings.namespaceIn(access.client()), settings.image(), settings.results().location(), run);
    return new KubernetesLauncher(access.client(), settings, store, access.logs(), run, jvmOptions, longest);
  }

  /**
   * One ListTable before anything is created: an endpoint that refuses the credentials or cannot
   * be reached stops the run at once rather than failing every scenario in turn.
   */
  private static void reachable(Endpoint endpoint) {
    com.alicloud.openservices.tablestore.SyncClient client = endpoint.tableClient(1);
    try {
      client.listTable();
    } catch (RuntimeException e) {
      throw new IllegalStateException("the endpoint " + endpoint + " did not answer ListTable: " + e.getMessage(), e);
    } finally {
      client.shutdown();
    }
  }

  /** A scenarios file from the working directory, else from the installation (tsy.home, set by bin/ launchers). */
  static Path resolve(String file) {
    Path p = Path.of(file);
    if (Files.isRegularFile(p) || p.isAbsolute()) {
      return p;
    }
    String home = System.getProperty("tsy.home");
    if (home != null && Files.isRegularFile(Path.of(home).resolve(p))) {
      return Path.of(home).resolve(p);
    }
    return p;
  }

  private static RunFacts facts(BenchPlan plan, Coordinator co, ProcessLauncher launcher, long started,
      List<String> jvmOptions, boolean speed, long speedRows) {
    DateTimeFormatter time = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC);
    Map<String, String> lines = new LinkedHashMap<>();
    lines.put("Run", time.format(Instant.ofEpochMilli(started)) + " to " + time.format(Instant.now()) + " UTC");
    lines.put("Endpoint", co.embedded() ? "the embedded Tablestore mock (in the coordinator's JVM, "
        + co.mock().endpoint() + "); its CPU is the 'Mock CPU' column" : co.endpoint().toString());
    lines.put("Machine", hostName() + ": " + Runtime.getRuntime().availableProcessors() + " processors, "
        + System.getProperty("os.name") + " " + System.getProperty("os.arch") + ", Java "
        + System.getProperty("java.version") + "; " + launcher.where());
    BuildInfo build = BuildInfo.current();
    lines.put("Versions", "tablestore-ycsb " + build.toolVersion() + ", Tablestore Java SDK " + build.sdkVersion()
        + " (TunnelWorker, heartbeat 5 s)");
    lines.put("Child processes", "JVM options " + String.join(" ", jvmOptions));
    if (plan != null) {
      lines.put("Scenarios", plan.name() + " (" + plan.source() + "), " + plan.scenarios().size() + " scenarios");
      Scenario.Settings s = plan.scenarios().get(0).settings();
      lines.put("Rows", "4 primary-key columns (hash BINARY(4), writer, batch, row INTEGER) and 2 attributes (sent_us"
          + " INTEGER, payload STRING), " + s.rowBytes() + " bytes as Tablestore counts them");
      lines.put("Writers", s.writerThreads() + " threads in one writer process, BatchWriteRow of " + s.batchRows()
          + " rows, " + (s.rowsPerSecond() > 0 ? String.format(Locale.ROOT, "%,.0f rows/s", s.rowsPerSecond())
          : "as fast as the endpoint answers") + ", for " + s.writeTime().toSeconds() + " s (warm-up "
          + s.warmup().toSeconds() + " s) per scenario (scenarios may override)");
    }
    if (speed) {
      lines.put("Speed goals", String.format(Locale.ROOT, "%,d rows read by the tunnel and by GetRange", speedRows));
    }
    return new RunFacts(plan != null ? plan.name() : "speed goals", lines);
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (java.io.IOException e) {
      return "unknown host";
    }
  }
}
