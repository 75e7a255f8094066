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
import java.util.Optional;
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
 * <p>YCSB's classes and the DB class are loaded, and the Tablestore binding's client has sent a few
 * requests ({@link ClientWarmUp}), before the runner announces itself ready, so what is left after the
 * release (reading the workload, creating threads) takes the same few milliseconds on every runner. YCSB ends with {@code System.exit}; the figures are written by a shutdown hook.
 */
@Command(name = "runner", mixinStandardHelpOptions = true,
    description = "Runs one YCSB runner of a capacity plan: waits at the start gate, then site.ycsb.Client.")
public final class RunnerMain implements Callable<Integer> {
  private static final long SAMPLE_PERIOD_MS = 1000;
  private static final int WARM_UP_REQUESTS = 20;

  @Option(names = "--result-dir", required = true, description = "Where resources.json is written.")
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
    if (startAt <= 0 && releaseFile == null) {
      throw new CommandLine.ParameterException(new CommandLine(this), "give --start-at or --release-file");
    }
    parentWatch.startIfAsked("runner");
    SelfReport report = new SelfReport(resultDir.resolve(ResultFiles.RESOURCES_FILE),
        resultDir.resolve(ResultFiles.HOST_CPU_FILE), endpointProbe(ycsbArgs, resultDir));
    report.start();
    preload(ycsbArgs);
    measureClock(ycsbArgs, resultDir.resolve(ResultFiles.CLOCK_FILE));
    warmUp(ycsbArgs);
    StartGate gate = new StartGate(startAt, readyFile, releaseFile, Duration.ofSeconds(gateTimeoutSeconds));
    report.ready(System.currentTimeMillis());
    long instant = gate.await();
    report.released(instant, System.currentTimeMillis());
    site.ycsb.Client.main(ycsbArgs.toArray(String[]::new));
    return 0; // YCSB exits by itself; this is reached only if a later version returns
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
   * Sends a few requests through the binding's client before the gate ({@link ClientWarmUp}), so the
   * measured window does not begin with a cold JVM's first requests; only for the Tablestore binding.
   */
  private static void warmUp(List<String> args) {
    int db = args.indexOf("-db");
    if (db < 0 || db + 1 >= args.size() || !args.get(db + 1).equals(TablestoreClient.class.getName())) {
      return;
    }
    try {
      long started = System.nanoTime();
      int answered = ClientWarmUp.run(YcsbArguments.properties(args), WARM_UP_REQUESTS);
      System.err.printf("runner: warm-up: %d of %d GetRow requests answered in %d ms%n", answered,
          WARM_UP_REQUESTS, (System.nanoTime() - started) / 1_000_000);
    } catch (IOException | RuntimeException e) {
      System.err.println("runner: no warm-up: " + e.getMessage());
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

  /** Samples this process and keeps resources.json current. */
  private static final class SelfReport {
    private final Path file;
    private final ResourceSampler sampler = ResourceSampler.ofThisProcess();
    private final HostCpuSampler hostCpu = HostCpuSampler.ofThisHost();
    private final Path hostCpuFile;
    private final EndpointLoadProbe endpointLoad;
    private final String host = hostName();
    private final long jvmStart = ManagementFactory.getRuntimeMXBean().getStartTime();
    private volatile long readyMs;
    private volatile long startAtMs;
    private volatile long releasedMs;

    SelfReport(Path file, Path hostCpuFile, EndpointLoadProbe endpointLoad) {
      this.file = file;
      this.hostCpuFile = hostCpuFile;
      this.endpointLoad = endpointLoad;
    }

    void start() throws IOException {
      write();
      Thread sampling = new Thread(() -> {
        try {
          while (true) {
            Thread.sleep(SAMPLE_PERIOD_MS);
            write();
            if (endpointLoad != null) {
              endpointLoad.sample();
            }
          }
        } catch (InterruptedException | IOException e) {
          // the last figures stay in the file; the shutdown hook writes the final ones
        }
      }, "runner-self-sample");
      sampling.setDaemon(true);
      sampling.start();
      Runtime.getRuntime().addShutdownHook(new Thread(() -> {
        try {
          write();
        } catch (IOException e) {
          System.err.println("runner: cannot write " + file + ": " + e.getMessage());
        }
      }, "runner-final-sample"));
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

    synchronized void write() throws IOException {
      sampler.sample();
      new RunnerResources(host, Runtime.getRuntime().availableProcessors(), jvmStart, readyMs, startAtMs,
          releasedMs, sampler.cpuSeconds(), sampler.peakRssBytes(), sampler.ioReadBytes(), sampler.ioWriteBytes(),
          System.currentTimeMillis()).write(file);
      Optional<HostCpuSample> host = hostCpu.sample(System.currentTimeMillis(), sampler.cpuSeconds());
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
