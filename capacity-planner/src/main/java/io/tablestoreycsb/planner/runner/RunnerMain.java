package io.tablestoreycsb.planner.runner;

import io.tablestoreycsb.binding.client.ClientWarmUp;
import io.tablestoreycsb.binding.TablestoreClient;
import io.tablestoreycsb.kit.child.ParentWatch;
import io.tablestoreycsb.kit.child.StartGate;
import io.tablestoreycsb.kit.resources.ClockProbe;
import io.tablestoreycsb.kit.resources.ClockReading;
import io.tablestoreycsb.kit.resources.ResourceSampler;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The process every runner runs, on this machine or in a pod: it measures itself into
 * {@link ResultFiles#RESOURCES_FILE}, waits at its cell's {@link StartGate}, then runs YCSB's
 * {@code site.ycsb.Client} in this JVM with the arguments after {@code --}.
 *
 * <p>YCSB's classes and the DB class are loaded, and the Tablestore binding's client has sent the cell's kinds
 * of request until the runner's JIT compilation settled ({@link WarmUpRun}), before the runner announces itself
 * ready, so what is left after the release (reading the workload, creating threads) takes the same few
 * milliseconds on every runner, and the measured window holds requests, not compilation.
 *
 * <p>Two modes. With {@code --} and YCSB's arguments it runs one cell and ends with YCSB's
 * {@code System.exit} (the figures are written by a shutdown hook). With {@value #SERVE_OPTION} it is a
 * warm runner: it reads one {@link CellRequest} a line from stdin, runs each cell ({@link YcsbRun}, which
 * returns instead of exiting), answers with {@link CellDone} in the cell's result directory and waits for
 * the next, so that a plan's cells after the first run on a started, JIT-compiled JVM. It exits when
 * stdin closes (the planner has gone) or when the state a cell left is not clean ({@link FreshState}).
 */
@Command(name = "runner", mixinStandardHelpOptions = true,
    description = "Runs YCSB runners of a capacity plan: waits at the start gate, then site.ycsb.Client.")
public final class RunnerMain implements Callable<Integer> {
  /** Serve cells read from stdin, one JSON line each. */
  public static final String SERVE_OPTION = "--serve";
  /** A runner that found a cell's leftovers exits with this status after failing the next cell. */
  public static final int NOT_CLEAN_STATUS = 4;
  private static final long SAMPLE_PERIOD_MS = 1000;
  /**
   * The system property of a runner JVM that switches its warm-up off ({@value #WARM_UP_OFF}): for tests that
   * need a cell measured on a cold runner.
   */
  public static final String WARM_UP_PROPERTY = "tablestoreycsb.runner.warmUp";
  public static final String WARM_UP_OFF = "off";
  /** A YCSB property the planner sets on a table load's runners: no warm-up ({@link WarmUp.Outcome#TABLE_LOAD}). */
  public static final String TABLE_LOAD_PROPERTY = "tablestoreycsb.runner.tableLoad";
  /**
   * The longest a warm-up goes on without its compilation settling. A fresh runner beside four others and the
   * mock on a 2-core machine settles in seconds once its request path is compiled; a runner that has not
   * after this long would not before a quickstart cell's end either, and a local runner must be ready within
   * the executor's 120 s.
   */
  public static final Duration WARM_UP_CAP = Duration.ofSeconds(20);
  /** Where in a cell's runner directory the warm-up's own YCSB run leaves its summary and statistics. */
  public static final String WARM_UP_DIR = "warm-up";

  @Option(names = SERVE_OPTION, description = "Serve cells one after another: one JSON request a line on stdin.")
  boolean serve;

  @Option(names = "--result-dir", description = "Where resources.json is written.")
  Path resultDir;

  @Option(names = "--start-at", paramLabel = "EPOCH_MS", description = "Start at this instant.")
  long startAt;

  @Option(names = "--ready-file", description = "Written when this runner is ready to start.")
  Path readyFile;

  @Option(names = "--release-file", description = "Holds the start instant once every runner is ready.")
  Path releaseFile;

  @Option(names = "--gate-timeout", paramLabel = "SECONDS", defaultValue = "600",
      description = "How long to wait for the release file (default: ${DEFAULT-VALUE}).")
  long gateTimeoutSeconds;

  /** Local runners are started with {@value ParentWatch#OPTION}: they end with the planner. */
  @Mixin
  ParentWatch parentWatch = new ParentWatch();

  @Parameters(paramLabel = "YCSB_ARGS", description = "Arguments of site.ycsb.Client (after --).")
  List<String> ycsbArgs = List.of();

  public static void main(String[] args) {
    int exit = new CommandLine(new RunnerMain()).execute(args);
    System.exit(exit);
  }

  @Override
  public Integer call() throws Exception {
    if (serve) {
      return new CellServer(CellConsole.install()).serve();
    }
    if (resultDir == null) {
      throw new CommandLine.ParameterException(new CommandLine(this), "give --result-dir (or " + SERVE_OPTION + ")");
    }
    if (startAt <= 0 && releaseFile == null) {
      throw new CommandLine.ParameterException(new CommandLine(this), "give --start-at or --release-file");
    }
    parentWatch.startIfAsked("runner");
    SelfReport report = SelfReport.of(resultDir, ycsbArgs);
    report.start();
    Runtime.getRuntime().addShutdownHook(new Thread(report::writeQuietly, "runner-final-sample"));
    preload(ycsbArgs);
    StartGate gate = new StartGate(startAt, readyFile, releaseFile, Duration.ofSeconds(gateTimeoutSeconds));
    WarmedUp warmedUp = prepare(ycsbArgs, resultDir, EnumSet.noneOf(ClientWarmUp.Operation.class),
        report.compileClock());
    report.warmedUp(warmedUp.warmUp());
    passGate(gate, warmedUp.hold(), report);
    // The warm-up's own YCSB run made YCSB's measurements with its properties; the cell's run makes its own.
    FreshState.forgetYcsbMeasurements();
    site.ycsb.Client.main(ycsbArgs.toArray(String[]::new));
    return 0; // YCSB exits by itself; this is reached only if a later version returns
  }

  /**
   * Waits at {@code gate} for the cell's start, reporting when the runner was ready and when it started; a held
   * warm-up ({@link WarmUpHold}) goes on until the gate opens and has ended before the start.
   */
  static void passGate(StartGate gate, WarmUpHold hold, SelfReport report) throws IOException, InterruptedException {
    if (hold.holding()) {
      gate.announceHolding();
    }
    report.ready(System.currentTimeMillis());
    long instant;
    try {
      instant = gate.awaitRelease();
    } finally {
      hold.end();
    }
    StartGate.sleepUntil(instant);
    report.released(instant, System.currentTimeMillis());
  }

  /**
   * What every cell does before its gate: the endpoint's clock, and a warm-up through the binding.
   *
   * @param warm the operations this runner has warmed up in earlier cells (updated)
   * @return the warm-up, and its run if it goes on sending until the caller ends it at the gate ({@link WarmUpHold})
   */
  static WarmedUp prepare(List<String> args, Path resultDir, Set<ClientWarmUp.Operation> warm, CompileClock clock)
      throws InterruptedException {
    measureClock(args, resultDir.resolve(ResultFiles.CLOCK_FILE));
    return warmUp(args, warm, clock, resultDir.resolve(WARM_UP_DIR));
  }

  /** Loads YCSB and the DB class of a warm runner's first cell. */
  static void preloadFor(List<String> args) {
    preload(args);
  }

  /** Loads YCSB's client and the DB class now, so that runners do not differ by class loading after the release. */
  private static void preload(List<String> args) {
    try {
      Class.forName("site.ycsb.Client");
      int db = args.indexOf("-db");
      if (db >= 0 && db + 1 < args.size()) {
        Class.forName(args.get(db + 1));
      }
    } catch (ClassNotFoundException | LinkageError e) {
      // YCSB reports a missing DB class itself, with its own message.
    }
  }

  /**
   * Reads the endpoint's clock before the gate (a few ms on a LAN), so the report can tell how far
   * apart the machines' clocks were; skipped when the run has no {@code tablestore.endpoint}.
   */
  private static void measureClock(List<String> args, Path file) {
    try {
      Optional<String> endpoint = YcsbArguments.property(args, "tablestore.endpoint");
      if (endpoint.isPresent()) {
        Optional<ClockReading> reading = new ClockProbe().measure(URI.create(endpoint.get().trim()));
        if (reading.isPresent()) {
          reading.get().write(file);
        }
      }
    } catch (IOException | IllegalArgumentException e) {
      System.err.println("runner: clock not measured: " + e.getMessage());
    }
  }

  /**
   * Sends the cell's kinds of request through the binding's client before the gate until this JVM's compilation
   * has settled ({@link WarmUpRun}), so the measured window does not hold a cold JVM's compilation; only for the
   * Tablestore binding.
   */
  private static WarmedUp warmUp(List<String> args, Set<ClientWarmUp.Operation> warm, CompileClock clock,
      Path warmUpDir) throws InterruptedException {
    int db = args.indexOf("-db");
    if (db < 0 || db + 1 >= args.size() || !args.get(db + 1).equals(TablestoreClient.class.getName())) {
      return WarmedUp.ended(new WarmUp(0, WarmUp.Outcome.NOT_THE_BINDING, List.of(), 0));
    }
    if (isTableLoad(args)) {
      System.err.println("runner: no warm-up for a table load (its rate is not judged; its cells warm up themselves)");
      return WarmedUp.ended(new WarmUp(0, WarmUp.Outcome.TABLE_LOAD, List.of(), 0));
    }
    if (WARM_UP_OFF.equals(System.getProperty(WARM_UP_PROPERTY))) {
      System.err.println("runner: no warm-up (" + WARM_UP_PROPERTY + "=" + WARM_UP_OFF + ")");
      return WarmedUp.ended(new WarmUp(0, WarmUp.Outcome.OFF, List.of(), 0));
    }
    long started = System.nanoTime();
    try {
      return new WarmUpRun(SettleRule.STANDARD, WARM_UP_CAP).run(args, YcsbArguments.properties(args), warm, clock,
          warmUpDir);
    } catch (IOException | RuntimeException e) {
      System.err.println("runner: warm-up stopped: " + e.getMessage());
      return WarmedUp.ended(new WarmUp((System.nanoTime() - started) / 1e9, WarmUp.Outcome.REFUSED, List.of(), 0));
    }
  }

  /** Whether the planner handed this runner a table load ({@link #TABLE_LOAD_PROPERTY}). */
  private static boolean isTableLoad(List<String> args) {
    try {
      return YcsbArguments.property(args, TABLE_LOAD_PROPERTY).filter("true"::equals).isPresent();
    } catch (IOException e) {
      return false; // a -P file that cannot be read: YCSB names it when it runs
    }
  }

  /** A probe of the endpoint's own load view, or null when the run names no tablestore.endpoint. */
  private static EndpointLoadProbe endpointProbe(List<String> args, Path resultDir) {
    try {
      Optional<String> endpoint = YcsbArguments.property(args, "tablestore.endpoint");
      return endpoint.isEmpty() ? null
          : EndpointLoadProbe.of(endpoint.get(), resultDir.resolve(ResultFiles.ENDPOINT_LOAD_FILE));
    } catch (IOException | IllegalArgumentException e) {
      return null;
    }
  }

  /**
   * Samples this process and keeps one cell's resources.json current. CPU time and I/O count from
   * when the report was made (a warm runner's cell does not carry the cells before it); the peak
   * resident set is the process's.
   */
  static final class SelfReport implements AutoCloseable {
    private final Path file;
    private final ResourceSampler sampler = ResourceSampler.ofThisProcess();
    private final HostCpuSampler hostCpu = HostCpuSampler.ofThisHost();
    private final Path hostCpuFile;
    private final EndpointLoadProbe endpointLoad;
    private final String host = hostName();
    private final long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
    private final CompileClock compileClock;
    private volatile WarmUp warmUp = WarmUp.NONE;
    private final double cpuAtStart;
    private final long ioReadAtStart;
    private final long ioWriteAtStart;
    private volatile long readyMs;
    private volatile long startAtMs;
    private volatile long releasedMs;
    private Thread sampling;

    private SelfReport(Path file, Path hostCpuFile, EndpointLoadProbe endpointLoad, boolean fromNow,
        CompileClock compileClock) {
      this.file = file;
      this.compileClock = compileClock;
      this.hostCpuFile = hostCpuFile;
      this.endpointLoad = endpointLoad;
      sampler.sample();
      this.cpuAtStart = fromNow ? sampler.cpuSeconds() : 0;
      this.ioReadAtStart = fromNow ? sampler.ioReadBytes() : 0;
      this.ioWriteAtStart = fromNow ? sampler.ioWriteBytes() : 0;
    }

    /** The report of a runner that runs one cell: the whole process counts. */
    static SelfReport of(Path resultDir, List<String> ycsbArgs) {
      return new SelfReport(resultDir.resolve(ResultFiles.RESOURCES_FILE), resultDir.resolve(ResultFiles.HOST_CPU_FILE),
          endpointProbe(ycsbArgs, resultDir), false, new CompileClock());
    }

    /** The report of one cell of a warm runner: what the process does from now on. */
    static SelfReport ofCell(Path resultDir, List<String> ycsbArgs, CompileClock compileClock) {
      return new SelfReport(resultDir.resolve(ResultFiles.RESOURCES_FILE), resultDir.resolve(ResultFiles.HOST_CPU_FILE),
          endpointProbe(ycsbArgs, resultDir), true, compileClock);
    }

    CompileClock compileClock() {
      return compileClock;
    }

    /** The warm-up before this cell's gate, reported from now on. */
    void warmedUp(WarmUp done) {
      warmUp = done;
    }

    WarmUp warmUp() {
      return warmUp;
    }

    void start() throws IOException {
      write();
      sampling = new Thread(() -> {
        try {
          while (true) {
            Thread.sleep(SAMPLE_PERIOD_MS);
            write();
            if (endpointLoad != null) {
              endpointLoad.sample();
            }
          }
        } catch (InterruptedException | IOException e) {
          // the last figures stay in the file; close() or the shutdown hook writes the final ones
        }
      }, "runner-self-sample");
      sampling.setDaemon(true);
      sampling.start();
    }

    void ready(long epochMs) {
      readyMs = epochMs;
    }

    void released(long instant, long epochMs) throws IOException {
      startAtMs = instant;
      releasedMs = epochMs;
      long late = epochMs - instant;
      if (late > 1000) {
        System.err.printf("runner: started %d ms after the cell's start instant (it became ready late)%n", late);
      }
      write();
    }

    /** Stops sampling and writes the final figures. */
    @Override
    public void close() throws InterruptedException {
      if (sampling != null) {
        sampling.interrupt();
        sampling.join(SAMPLE_PERIOD_MS * 5);
      }
      writeQuietly();
    }

    void writeQuietly() {
      try {
        write();
      } catch (IOException e) {
        System.err.println("runner: cannot write " + file + ": " + e.getMessage());
      }
    }

    synchronized void write() throws IOException {
      sampler.sample();
      double cpu = sampler.cpuSeconds() - cpuAtStart;
      new RunnerResources(host, Runtime.getRuntime().availableProcessors(), jvmStart, readyMs, startAtMs,
          releasedMs, cpu, sampler.peakRssBytes(), sampler.ioReadBytes() - ioReadAtStart,
          sampler.ioWriteBytes() - ioWriteAtStart, System.currentTimeMillis(), warmUp).write(file);
      Optional<HostCpuSample> host = hostCpu.sample(System.currentTimeMillis(), cpu, compileClock.seconds());
      if (host.isPresent()) {
        host.get().append(hostCpuFile);
      }
    }

    private static String hostName() {
      try {
        return InetAddress.getLocalHost().getHostName();
      } catch (IOException e) {
        return "unknown";
      }
    }
  }
}
