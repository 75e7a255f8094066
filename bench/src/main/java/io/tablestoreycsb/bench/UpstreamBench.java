package io.tablestoreycsb.bench;

import com.alicloud.openservices.tablestore.SyncClient;
import io.tablestoreycsb.binding.client.SharedClients;
import io.tablestoreycsb.binding.config.ClientConfig;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.function.ToDoubleFunction;

/**
 * This binding against YCSB's own Tablestore binding ({@code site.ycsb.db.tablestore.TableStoreClient},
 * SDK 4.8.0, built outside this repository), on the same mock, table, key format ({@link
 * io.tablestoreycsb.binding.TablestoreWorkload} on both sides), YCSB core and requests. The two SDKs
 * cannot share a JVM, so every run of a side is a JVM of its own, alternating in rounds ({@link Rounds}):
 * <ul>
 *   <li>ours-vs-upstream-cpu-{read,update,scan,insert}: client CPU per operation past warm-up (a window
 *       after {@code --settle} seconds, JIT threads apart), with the allocation per operation and the
 *       start-up CPU of the same runs ({@link YcsbChild}) as detail lines;</li>
 *   <li>ours-vs-upstream-launch: the whole CPU time (JIT and GC included) of each binding's launcher
 *       doing one read per thread: the distribution's {@code bin/ycsb run tablestore} (its class path
 *       and Log4j 2 configuration) against YCSB's {@code site.ycsb.Client} on the upstream library
 *       directory.</li>
 * </ul>
 * Ratios are ours over upstream. The upstream binding returns OK for every read and scan, found or
 * not, and its scans do not follow the next start key (they can come back short): its figures per scan
 * cover fewer rows when that happens.
 *
 * <p>Usage: UpstreamBench --properties MOCK.properties --upstream-lib DIR --ours-lib DIR --workload-jar JAR
 * --child-classes DIR [--records N] [--threads 4] [--settle 6] [--only read|update|scan|insert|launch] + round options
 */
public final class UpstreamBench {
  static final String OURS_DB = "io.tablestoreycsb.binding.TablestoreClient";
  static final String UPSTREAM_DB = "site.ycsb.db.tablestore.TableStoreClient";
  private static final String INSERT_TABLE = "inserttable";
  private static final long KEYS_PER_RUN = 10_000_000L;

  public static void main(String[] args) throws Exception {
    BenchArgs options = new BenchArgs(args, BenchArgs.withPlanOptions("properties", "upstream-lib", "ours-lib",
        "workload-jar", "child-classes", "ours-classpath", "records", "threads", "settle", "only", "work"));
    Rounds.Plan plan = options.plan();
    long records = options.number("records", 100_000);
    int threads = options.integer("threads", 4);
    double settle = options.decimal("settle", 6);
    String only = options.string("only", null);
    Path work = Files.createDirectories(Path.of(options.required("work")));
    Properties endpoint = BenchArgs.load(Path.of(options.required("properties")));
    String upstreamLib = Path.of(options.required("upstream-lib")).toAbsolutePath() + "/*";
    String workloadJar = options.required("workload-jar");
    String childClasses = options.required("child-classes");
    String oursChildCp = childClasses + ":" + options.required("ours-classpath");
    String upstreamChildCp = childClasses + ":" + workloadJar + ":" + upstreamLib;
    Report report = new Report();
    Properties base = baseProperties(endpoint, records);
    SyncClient client = SharedClients.newClient(ClientConfig.from(base), 0);
    try {
      PaperRows.createTable(client);
      PaperRows.load(client, 0, records, 4);
      System.err.printf("preloaded %d rows%n", records);
      Launch launch = new Launch(work, threads, settle, plan.seconds());
      if (selected(only, "read")) {
        warm(report, "read", launch, BenchArgs.with(base, "readproportion", "1", "updateproportion", "0"), false,
            oursChildCp, upstreamChildCp, plan, null);
      }
      if (selected(only, "update")) {
        warm(report, "update", launch, BenchArgs.with(base, "readproportion", "0", "updateproportion", "1", "writeallfields", "true"),
            false, oursChildCp, upstreamChildCp, plan, null);
      }
      if (selected(only, "scan")) {
        warm(report, "scan", launch, BenchArgs.with(base, "readproportion", "0", "updateproportion", "0", "scanproportion", "1",
            "minscanlength", "100", "maxscanlength", "100"), false, oursChildCp, upstreamChildCp, plan, null);
      }
      if (selected(only, "insert")) {
        warm(report, "insert", launch, BenchArgs.with(base, "table", INSERT_TABLE), true, oursChildCp, upstreamChildCp, plan,
            client);
      }
      if (selected(only, "launch")) {
        launchers(report, launch, BenchArgs.with(base, "readproportion", "1", "updateproportion", "0"),
            Path.of(options.required("ours-lib")).toAbsolutePath().resolveSibling("bin").resolve("ycsb"),
            workloadJar + ":" + upstreamLib, plan);
      }
    } catch (GaveUp e) {
      report.gaveUp(e);
    } finally {
      client.shutdown();
    }
    report.finish();
  }

  /** Child JVM launches: their settings, scratch files and what each run measured beyond its SideRun. */
  private record Launch(Path work, int threads, double settle, double seconds) {}

  /** What a {@link YcsbChild} run measured besides its window's CPU. */
  private record ChildFigures(double allocatedPerOp, double startupCpu, long startupClasses, int startupThreads) {}

  private static void warm(Report report, String op, Launch launch, Properties props, boolean load, String oursCp,
                           String upstreamCp, Rounds.Plan plan, SyncClient tables) throws Exception {
    String name = "ours-vs-upstream-cpu-" + op;
    Map<SideRun, ChildFigures> figures = new IdentityHashMap<>();
    Rounds.Side ours = childSide(launch, "ours-" + op, oursCp, OURS_DB, props, load, figures, tables);
    Rounds.Side upstream = childSide(launch, "upstream-" + op, upstreamCp, UPSTREAM_DB, props, load, figures, tables);
    Comparison c = Rounds.compare(name, "ours", ours, "upstream", upstream, plan,
        new Rounds.Decider(Metric.CLIENT_CPU, Ratio.Goal.AT_MOST, 1.0));
    report.detail(c.detailLine());
    report.detail(c.estimateLine("ours-vs-upstream-" + op, Metric.THROUGHPUT, "ops/s, ours over upstream"));
    report.detail(figureLine("ours-vs-upstream-alloc-" + op, c, figures, ChildFigures::allocatedPerOp, "bytes allocated/op"));
    report.detail(figureLine("ours-vs-upstream-startup-cpu-" + op, c, figures, ChildFigures::startupCpu,
        "s CPU from JVM start to every thread's first operation"));
    report.detail(figureLine("ours-vs-upstream-startup-classes-" + op, c, figures, f -> f.startupClasses(),
        "classes loaded by then"));
    report.detail(figureLine("ours-vs-upstream-startup-threads-" + op, c, figures, f -> f.startupThreads(),
        "live threads then"));
    report.ratio(Ratio.of(name, c.estimate(Metric.CLIENT_CPU), Ratio.Goal.AT_MOST, 1.0));
  }

  /** Medians of a figure on each side and the interval of its per-round ratio, ours over upstream. */
  private static String figureLine(String name, Comparison c, Map<SideRun, ChildFigures> figures,
                                   ToDoubleFunction<ChildFigures> figure, String unit) {
    List<Double> ours = new ArrayList<>();
    List<Double> upstream = new ArrayList<>();
    List<Double> ratios = new ArrayList<>();
    for (int i = 0; i < c.rounds(); i++) {
      double a = figure.applyAsDouble(figures.get(c.runsA().get(i)));
      double b = figure.applyAsDouble(figures.get(c.runsB().get(i)));
      ours.add(a);
      upstream.add(b);
      ratios.add(a / b);
    }
    return String.format(Locale.ROOT, "detail %s medians ours %.3f | upstream %.3f %s | ratio %s", name,
        Stats.median(ours), Stats.median(upstream), unit, RatioInterval.of(ratios));
  }

  private static Rounds.Side childSide(Launch launch, String label, String classpath, String db, Properties props,
                                       boolean load, Map<SideRun, ChildFigures> figures, SyncClient tables) {
    long[] nextInsertStart = {0};
    int[] runs = {0};
    return seconds -> {
      Properties p = BenchArgs.with(props);
      if (load) {
        PaperRows.recreateTable(tables, INSERT_TABLE);
        p.setProperty("dotransactions", "false");
        p.setProperty("insertstart", Long.toString(nextInsertStart[0]));
        p.setProperty("insertorder", "ordered");
        p.setProperty("insertcount", Long.toString(KEYS_PER_RUN));
        p.setProperty("recordcount", Long.toString(nextInsertStart[0] + KEYS_PER_RUN));
        nextInsertStart[0] += KEYS_PER_RUN;
      }
      Path file = launch.work().resolve(label + ".properties");
      store(p, file);
      Path log = launch.work().resolve(label + "-" + (++runs[0]) + ".log");
      List<String> command = new ArrayList<>(List.of(javaCommand(), "-Xmx1g"));
      command.addAll(extraOptions());
      command.addAll(List.of("-cp", classpath, YcsbChild.class.getName(), "--db", db, "--properties", file.toString(),
          "--threads", Integer.toString(launch.threads()), "--load", Boolean.toString(load),
          "--settle", Double.toString(launch.settle()), "--seconds", Double.toString(seconds)));
      String line = runForLine(command, log, "ycsb-child ");
      Map<String, String> f = fields(line);
      long ops = Long.parseLong(f.get("ops"));
      long failures = Long.parseLong(f.get("failures")) + Long.parseLong(f.get("idle-threads"));
      SideRun run = new SideRun(ops, Double.parseDouble(f.get("seconds")), Double.parseDouble(f.get("cpu")), Double.NaN,
          Double.parseDouble(f.get("jit")), Double.NaN, ops + failures, failures,
          failures > 0 ? failures + " failed operation(s) or idle thread(s); see " + log : null);
      figures.put(run, new ChildFigures(Long.parseLong(f.get("allocated")) / (double) Math.max(1, ops),
          Double.parseDouble(f.get("startup-cpu")), Long.parseLong(f.get("startup-classes")),
          Integer.parseInt(f.get("startup-threads"))));
      return run;
    };
  }

  /**
   * Each binding's launcher as its users start it, doing one read per thread, under /usr/bin/time: the
   * CPU of the whole process (start-up, the table check ours makes first, JIT, GC, shutdown) over 1 op.
   */
  private static void launchers(Report report, Launch launch, Properties props, Path oursLauncher, String upstreamCp,
                                Rounds.Plan plan) throws Exception {
    Properties p = BenchArgs.with(props, "operationcount", Integer.toString(launch.threads()));
    Path file = launch.work().resolve("launch.properties");
    store(p, file);
    String threads = Integer.toString(launch.threads());
    Rounds.Side ours = launcherSide(launch, "launch-ours", List.of(oursLauncher.toString(), "run", "tablestore",
        "-P", file.toString(), "-threads", threads));
    List<String> upstreamCommand = new ArrayList<>(List.of(javaCommand()));
    upstreamCommand.addAll(extraOptions());
    upstreamCommand.addAll(List.of("-cp", upstreamCp, "site.ycsb.Client", "-db", UPSTREAM_DB, "-t", "-P", file.toString(),
        "-threads", threads));
    Rounds.Side upstream = launcherSide(launch, "launch-upstream", upstreamCommand);
    String name = "ours-vs-upstream-launch";
    Comparison c = Rounds.compare(name, "ours", ours, "upstream", upstream, plan,
        new Rounds.Decider(Metric.CLIENT_CPU, Ratio.Goal.AT_MOST, 1.0));
    report.detail(c.detailLine().replace("us/op", "us per launch"));
    report.ratio(Ratio.of(name, c.estimate(Metric.CLIENT_CPU), Ratio.Goal.AT_MOST, 1.0));
  }

  /**
   * A side that runs {@code command} under /usr/bin/time. Ours is the distribution's bin/ycsb, given
   * this JVM's java (JAVA_HOME) and the child options (TSY_JAVA_OPTS) as a user would give them.
   */
  private static Rounds.Side launcherSide(Launch launch, String label, List<String> command) {
    Map<String, String> environment = new HashMap<>();
    Path java = Path.of(javaCommand()).toAbsolutePath();
    environment.put("JAVA_HOME", java.getParent().getParent().toString());
    environment.put("TSY_JAVA_OPTS", String.join(" ", extraOptions()));
    int[] runs = {0};
    return seconds -> {
      Path log = launch.work().resolve(label + "-" + (++runs[0]) + ".log");
      List<String> timed = new ArrayList<>(List.of("/usr/bin/time", "-f", "launch-cpu %U %S %e"));
      timed.addAll(command);
      String line = runForLine(timed, environment, log, "launch-cpu ");
      String[] parts = line.split(" ");
      double cpu = Double.parseDouble(parts[1]) + Double.parseDouble(parts[2]);
      return new SideRun(1, Double.parseDouble(parts[3]), cpu, Double.NaN, 0, Double.NaN, 1, 0, null);
    };
  }

  /** Runs {@code command}, its output into {@code log}, and returns the last line starting with {@code prefix}. */
  private static String runForLine(List<String> command, Path log, String prefix) throws Exception {
    return runForLine(command, Map.of(), log, prefix);
  }

  /** {@link #runForLine(List, Path, String)} with {@code environment} added to the command's. */
  private static String runForLine(List<String> command, Map<String, String> environment, Path log, String prefix)
      throws Exception {
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    builder.environment().putAll(environment);
    Process process = builder.start();
    int status = process.waitFor();
    String found = null;
    for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
      if (line.startsWith(prefix)) {
        found = line;
      }
    }
    if (found == null) {
      throw new IllegalStateException("no '" + prefix.trim() + "' line (exit status " + status + "); see " + log);
    }
    return found;
  }

  private static Map<String, String> fields(String line) {
    Map<String, String> out = new java.util.HashMap<>();
    for (String part : line.split(" ")) {
      int eq = part.indexOf('=');
      if (eq > 0) {
        out.put(part.substring(0, eq), part.substring(eq + 1));
      }
    }
    return out;
  }

  private static String javaCommand() {
    return ProcessHandle.current().info().command().orElse("java");
  }

  /** UPSTREAM_CHILD_JAVA_OPTS: options for every child JVM of both sides (e.g. a flight recording). */
  private static List<String> extraOptions() {
    String opts = System.getenv().getOrDefault("UPSTREAM_CHILD_JAVA_OPTS", "").trim();
    return opts.isEmpty() ? List.of() : List.of(opts.split("\\s+"));
  }

  private static void store(Properties p, Path file) throws IOException {
    try (var out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      p.store(out, null);
    }
  }

  /**
   * The run's properties in the names both bindings read: YCSB's binding knows only
   * {@code alibaba.cloud.tablestore.*}, which ours takes as aliases.
   */
  private static Properties baseProperties(Properties endpoint, long records) {
    Properties p = PaperRows.workload(records);
    p.setProperty("alibaba.cloud.tablestore.end_point", endpoint.getProperty("tablestore.endpoint"));
    p.setProperty("alibaba.cloud.tablestore.instance_name", endpoint.getProperty("tablestore.instance"));
    p.setProperty("alibaba.cloud.tablestore.access_id", endpoint.getProperty("tablestore.accesskeyid"));
    p.setProperty("alibaba.cloud.tablestore.access_key", endpoint.getProperty("tablestore.accesskeysecret"));
    p.setProperty("alibaba.cloud.tablestore.primary_key", PaperRows.KEY_COLUMN);
    p.setProperty("workload", "io.tablestoreycsb.binding.TablestoreWorkload");
    return p;
  }

  private static boolean selected(String only, String comparison) {
    return only == null || only.equals(comparison);
  }
}
