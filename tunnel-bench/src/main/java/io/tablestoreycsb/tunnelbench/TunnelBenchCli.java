package io.tablestoreycsb.tunnelbench;

import io.tablestoreycsb.binding.config.ConfigException;
import io.tablestoreycsb.kit.cli.Launcher;
import io.tablestoreycsb.kit.cli.ToolVersion;
import io.tablestoreycsb.kit.cli.UsageErrors;
import io.tablestoreycsb.tunnelbench.child.Endpoint;
import io.tablestoreycsb.tunnelbench.report.BenchReport;
import io.tablestoreycsb.tunnelbench.scenario.BenchPlan;
import io.tablestoreycsb.tunnelbench.scenario.ScenarioParser;
import io.tablestoreycsb.tunnelbench.speed.SpeedRun;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import io.tablestoreycsb.cluster.options.Executor;
import io.tablestoreycsb.cluster.options.KubernetesOptions;
import io.tablestoreycsb.cluster.kubernetes.ClusterAccess;
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

  @Option(names = "--executor", defaultValue = "local", paramLabel = Executor.NAMES,
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
    List<String> jvmOptions = Arrays.stream(childJvmOpts.trim().split("\\s+")).filter(s -> !s.isEmpty()).toList();
    TunnelBenchOptions.Measure measure = speed ? new TunnelBenchOptions.SpeedGoals(rows, speedPartitions,
        quick ? SpeedRun.QUICK_ROUNDS : SpeedRun.ROUNDS) : new TunnelBenchOptions.Scenarios(plan);
    BenchReport report = new TunnelBench(cluster, spec.commandLine().getOut()).run(new TunnelBenchOptions(measure,
        given, where, jvmOptions, outDir));
    return report.passed() ? 0 : 1;
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
}
