package io.tablestoreycsb.tunnelbench;

import io.tablestoreycsb.cluster.launch.ChildGroups;
import io.tablestoreycsb.cluster.launch.ChildLauncher;
import io.tablestoreycsb.cluster.options.Executor;
import io.tablestoreycsb.kit.report.BuildInfo;
import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.tunnelbench.child.Endpoint;
import io.tablestoreycsb.cluster.kubernetes.ClusterAccess;
import io.tablestoreycsb.tunnelbench.kubernetes.RemoteLauncher;
import io.tablestoreycsb.tunnelbench.report.BenchReport;
import io.tablestoreycsb.tunnelbench.report.ReportFiles;
import io.tablestoreycsb.tunnelbench.report.RunFacts;
import io.tablestoreycsb.tunnelbench.report.ScenarioResult;
import io.tablestoreycsb.tunnelbench.report.SpeedGoal;
import io.tablestoreycsb.tunnelbench.run.BenchEstimate;
import io.tablestoreycsb.tunnelbench.run.BenchProgress;
import io.tablestoreycsb.tunnelbench.run.Coordinator;
import io.tablestoreycsb.tunnelbench.run.LocalLauncher;
import io.tablestoreycsb.tunnelbench.run.ProcessLauncher;
import io.tablestoreycsb.tunnelbench.run.ScenarioPlanRun;
import io.tablestoreycsb.tunnelbench.scenario.BenchPlan;
import io.tablestoreycsb.tunnelbench.scenario.Scenario;
import io.tablestoreycsb.tunnelbench.speed.SpeedRun;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The façade {@code bin/tunnel-bench} calls: runs what {@link TunnelBenchOptions} asks (the scenarios or the
 * speed goals, against the endpoint or a mock it starts, with the processes where the executor puts them),
 * writes the report into the output directory and prints the progress, the tables and the report's path.
 */
public final class TunnelBench {
  private final Supplier<ClusterAccess> cluster;
  private final PrintWriter terminal;

  /**
   * @param cluster how a Kubernetes run reaches the cluster and the object store
   * @param terminal where progress and the tables go
   */
  public TunnelBench(Supplier<ClusterAccess> cluster, PrintWriter terminal) {
    this.cluster = cluster;
    this.terminal = terminal;
  }

  /** Runs, writes the report and returns it. */
  public BenchReport run(TunnelBenchOptions options) throws IOException, InterruptedException {
    Path outDir = options.out();
    Files.createDirectories(outDir);
    BenchProgress progress = new BenchProgress(terminal, 2000);
    List<String> jvmOptions = options.childJvmOptions();
    BenchPlan plan = options.measure() instanceof TunnelBenchOptions.Scenarios s ? s.plan() : null;
    long started = System.currentTimeMillis();
    MockTablestore mock = null;
    try {
      Endpoint endpoint;
      if (options.endpoint() == null) {
        mock = MockTablestore.builder().start();
        Path props = outDir.resolve("mock.properties");
        mock.writeProperties(props);
        endpoint = Endpoint.read(props);
        terminal.printf("mock Tablestore on %s (this JVM)%n", mock.endpoint());
      } else {
        endpoint = options.endpoint();
        terminal.printf("endpoint %s%n", endpoint);
      }
      Coordinator co = new Coordinator(endpoint, mock, jvmOptions, progress);
      ProcessLauncher launcher = launcher(options.executor(), co, plan, outDir, jvmOptions);
      List<ScenarioResult> results = new ArrayList<>();
      List<SpeedGoal> goals = new ArrayList<>();
      List<String> details = new ArrayList<>();
      if (options.measure() instanceof TunnelBenchOptions.SpeedGoals speed) {
        SpeedRun.Outcome o = SpeedRun.run(co, speed.partitions(), speed.rows(), speed.rounds(),
            outDir.resolve("speed"));
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
      BenchReport report = new BenchReport(facts(options, plan, co, launcher, started), results, goals, details);
      Path html = ReportFiles.write(report, outDir);
      terminal.printf("%ntunnel-bench ran in %.0f s%n", (System.currentTimeMillis() - started) / 1000.0);
      // The report's path is the last line.
      terminal.println(html);
      terminal.flush();
      return report;
    } finally {
      if (mock != null) {
        mock.close();
      }
    }
  }

  /** The launcher of the executor's processes. */
  private ProcessLauncher launcher(Executor executor, Coordinator co, BenchPlan plan, Path outDir,
      List<String> jvmOptions) throws IOException, InterruptedException {
    try {
      return executor.launcher(new Executor.Launchers<>() {
        @Override
        public ProcessLauncher children(ChildLauncher children) {
          return new LocalLauncher(co, children);
        }

        @Override
        public ProcessLauncher groups(ChildGroups groups) {
          return remoteLauncher(groups, plan, outDir, jvmOptions);
        }

        @Override
        public String parent() {
          return "tunnel-bench";
        }

        @Override
        public ClusterAccess clusterAccess() {
          return cluster.get();
        }
      });
    } catch (IOException | InterruptedException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** The pods' launcher: this run's directory in the results location is named as its output directory. */
  private ProcessLauncher remoteLauncher(ChildGroups groups, BenchPlan plan, Path outDir, List<String> jvmOptions) {
    String run = "tunnel-bench/" + outDir.getFileName();
    long longest = plan.scenarios().stream().mapToLong(sc -> sc.settings().writeTime().toSeconds()
        + sc.settings().drainTimeout().toSeconds()).max().orElse(0);
    terminal.printf("%s; results in %s/%s%n", groups.place(), groups.results().location(), run);
    return new RemoteLauncher(groups, run, jvmOptions, longest);
  }

  private static RunFacts facts(TunnelBenchOptions options, BenchPlan plan, Coordinator co, ProcessLauncher launcher,
      long started) {
    List<String> jvmOptions = options.childJvmOptions();
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
    if (options.measure() instanceof TunnelBenchOptions.SpeedGoals speed) {
      lines.put("Speed goals", String.format(Locale.ROOT, "%,d rows read by the tunnel and by GetRange",
          speed.rows()));
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
