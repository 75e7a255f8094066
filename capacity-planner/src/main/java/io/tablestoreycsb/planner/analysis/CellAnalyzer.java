package io.tablestoreycsb.planner.analysis;

import io.tablestoreycsb.kit.hdr.HdrLogs;
import io.tablestoreycsb.planner.matrix.Slo;
import io.tablestoreycsb.planner.matrix.TargetLabel;
import io.tablestoreycsb.kit.resources.ClockReading;
import io.tablestoreycsb.planner.runner.CellKey;
import io.tablestoreycsb.planner.runner.CellShape;
import io.tablestoreycsb.planner.runner.HostCpuSample;
import io.tablestoreycsb.planner.runner.RunnerRecord;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Comparator;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;

/**
 * Turns the runners of one cell into its {@link CellResult}: the figures of its measured window and the
 * verdict on what bound it.
 */
public final class CellAnalyzer {
  /** Below this measured / predicted ratio the runners' threads were often not waiting on the service. */
  public static final double IDENTITY_TOLERANCE = 0.90;
  /**
   * Above this measured / predicted ratio the window was too short for the cell's latency spread:
   * requests begun before the window count their whole latency inside it. Such a cell is not
   * evidence of anything and is labelled so rather than called service-bound.
   */
  public static final double IDENTITY_OVERSHOOT = 1.10;
  /**
   * A window shorter than this many mean latencies is no evidence. Requests in flight at the window's
   * edges complete just inside or just outside it, and runners released together complete their first
   * requests in waves, so the count inside a window of W seconds is off by about L / (4W) for a mean
   * latency L (batch writes of 1 s in 2.4 s windows came out 9% high against a mock's fixed capacity);
   * five latencies keep that near the 5% a cell may exceed the service's rate by.
   */
  public static final int MIN_WINDOW_LATENCIES = 5;
  /** At or above this share of the host's processors the runners' own CPU inflates the latency. */
  public static final double HOST_CPU_LIMIT = 0.85;

  /** The service's codes of a throttled request. */
  static final Set<String> THROTTLING = Set.of("OTSServerBusy", "OTSNotEnoughCapacityUnit",
      "OTSCapacityUnitExhausted", "OTSQuotaExhausted");
  /** The service's codes of a server that could not answer. */
  static final Set<String> UNAVAILABLE = Set.of("OTSPartitionUnavailable", "OTSServerUnavailable", "OTSTimeout",
      "OTSRequestTimeout");
  /** Injected latency at or above this share of the mean latency set the cell's pace. */
  static final double INJECTED_SHARE = 0.5;

  /**
   * What the cell's surroundings showed over its window: its runner hosts, the mock's own view, the service's
   * refusals.
   *
   * @param hosts each runner host's processors (empty: not read, an older runner)
   * @param endpoint the mock's view, or null
   * @param errors the service's throttling and server-busy errors
   * @param meanLatencyMs the cell's mean request latency
   * @param requestsPerSecond the cell's requests per second
   */
  record Seen(List<HostCpu> hosts, EndpointView endpoint, ServiceErrors errors, double meanLatencyMs,
      double requestsPerSecond) {
    static final Seen NONE = new Seen(List.of(), null, ServiceErrors.NONE, 0, 0);

    /** The most loaded runner host that was saturated or throttled, if any. */
    Optional<HostCpu> saturatedHost() {
      return hosts.stream().filter(HostCpu::saturated).max(Comparator.comparingDouble(HostCpu::busy));
    }
  }

  private CellAnalyzer() {}

  public static CellResult analyze(List<RunnerResult> runners) {
    return analyze(runners, null, null);
  }

  /**
   * The result of the cell whose runner directories are the directories in {@code cellDir}, judged by
   * {@code slo} (null: none), measured after its warm-up as {@code stop} (null: not recorded) says.
   */
  public static CellResult analyze(Path cellDir, Slo slo, CellStop stop) throws IOException {
    List<RunnerResult> results = new ArrayList<>();
    try (Stream<Path> dirs = Files.list(cellDir)) {
      for (Path d : dirs.filter(Files::isDirectory).sorted().toList()) {
        results.add(RunnerResult.read(d));
      }
    }
    return analyze(results, slo, stop);
  }

  /**
   * The result of a cell judged by {@code slo} (null: none), measured after its warm-up when {@code stop}
   * (null: not recorded) says from when its rate was steady.
   */
  public static CellResult analyze(List<RunnerResult> runners, Slo slo, CellStop stop) {
    if (runners.isEmpty()) {
      throw new IllegalArgumentException("a cell needs at least one runner");
    }
    RunnerRecord first = runners.get(0).record();
    MeasuredWindow window = MeasuredWindow.of(runners, stop == null ? 0 : stop.steadyFromEpochMs());
    double seconds = Math.max(0.001, window.seconds());
    List<Histogram> histograms = new ArrayList<>();
    List<Histogram> intendedHistograms = new ArrayList<>();
    double requests = 0;
    double rows = 0;
    double readCu = 0;
    double writeCu = 0;
    boolean cuReported = true;
    long failed = 0;
    double cpuCores = 0;
    double peakMem = 0;
    double ioMbPerSecond = 0;
    Map<String, Double> cpuPerHost = new TreeMap<>();
    Map<String, Integer> cpusOfHost = new TreeMap<>();
    int threadsTotal = 0;
    List<PartitionMerge.Part> partitionParts = new ArrayList<>();
    double throttled = 0;
    double unavailable = 0;
    for (RunnerResult r : runners) {
      histograms.add(window.latencyIn(r));
      intendedHistograms.add(window.latencyIn(r.intendedIntervals()));
      double inWindow = window.requestsIn(r);
      requests += inWindow;
      rows += inWindow * r.rowsPerRequest();
      if (r.stats().isPresent()) {
        // Whole-run counters, scaled to the window by its share of the runner's requests.
        double share = r.allRequests() == 0 ? 0 : inWindow / r.allRequests();
        readCu += r.stats().get().readCu() * share;
        writeCu += r.stats().get().writeCu() * share;
        failed += r.stats().get().rowsFailed();
        partitionParts.add(new PartitionMerge.Part(r.stats().get().partitions(), share));
        throttled += r.stats().get().errorsOf(THROTTLING) * share;
        unavailable += r.stats().get().errorsOf(UNAVAILABLE) * share;
      } else {
        cuReported = false;
      }
      failed += r.output().failedOperations();
      double cores = r.record().use().cpuSeconds() / r.processSeconds();
      cpuCores += cores;
      cpuPerHost.merge(r.record().host().host(), cores, Double::sum);
      cpusOfHost.put(r.record().host().host(), r.record().host().hostCpus());
      peakMem = Math.max(peakMem, r.record().use().peakRssBytes() / 1e6);
      ioMbPerSecond += (r.record().use().ioReadBytes() + r.record().use().ioWriteBytes()) / 1e6 / r.processSeconds();
      threadsTotal += r.record().cell().threads();
    }
    double rowsPerSecond = rows / seconds;
    Histogram all = HdrLogs.merge(histograms);
    double meanUs = all.getTotalCount() == 0 ? 0 : all.getMean();
    String sweep = first.cell().sweep() == null ? "" : first.cell().sweep();
    double target = TargetLabel.target(sweep);
    boolean openLoop = !Double.isNaN(target);
    // Rows per request as measured (a range read near the end of the key space returns fewer than 100).
    double rowsPerRequest = requests > 0 ? rows / requests : first.shape().rowsPerRequest();
    double predicted = meanUs > 0 ? 1_000_000.0 / meanUs * threadsTotal * rowsPerRequest : 0;
    double ratio = predicted > 0 ? rowsPerSecond / predicted : 0;
    Optional<EndpointView> endpoint = RunnerHosts.endpoint(runners, window);
    List<HostCpu> hosts = RunnerHosts.of(runners, window, endpoint);
    ServiceErrors errors = new ServiceErrors(throttled / seconds, unavailable / seconds);
    Seen seen = new Seen(hosts, endpoint.orElse(null), errors, meanUs / 1000, requests / seconds);
    Set<String> saturatedHosts = hosts.stream().filter(HostCpu::saturated).map(HostCpu::host)
        .collect(Collectors.toSet());
    List<RunnerWarmth> warmth = runners.stream().map(r -> warmth(r, window, saturatedHosts)).toList();
    Verdict verdict;
    if (!window.common()) {
      verdict = new Verdict.NoCommonWindow();
    } else if (window.seconds() < MIN_WINDOW_LATENCIES * meanUs / 1e6) {
      verdict = new Verdict.ShortWindow(window.seconds(), MIN_WINDOW_LATENCIES, meanUs / 1e6);
    } else if (mostCompiling(warmth).isPresent()) {
      RunnerWarmth w = mostCompiling(warmth).get();
      verdict = new Verdict.StillCompiling(w.runnerIndex(), w.compileShare(), w.warmUp().warmUpSeconds(),
          w.warmUp().warmUpOutcome());
    } else if (openLoop) {
      verdict = openLoopLimit(rowsPerSecond / target, ratio, cpuPerHost, cpusOfHost, seen);
    } else {
      verdict = limit(ratio, cpuPerHost, cpusOfHost, seen);
    }
    int n = runners.size();
    CellKey cell = new CellKey(first.cell().instanceType(), first.cell().caseName(), first.cell().partitions(), first.cell().threads(), sweep);
    Rates rates = new Rates(rowsPerSecond, requests / seconds, all.getTotalCount(), failed,
        rowsPerSecond * first.rowBytes() / 1e6, cuReported ? readCu / seconds : Double.NaN,
        cuReported ? writeCu / seconds : Double.NaN);
    Resources resources = new Resources(cpuCores / n, peakMem, ioMbPerSecond / n, List.copyOf(cpuPerHost.keySet()));
    ClockReading.Spread clocks = ClockReading.spread(runners.stream().map(RunnerResult::clock).toList())
        .orElse(null);
    return new CellResult(cell, new CellShape(n, first.shape().measure(), first.shape().rowsPerRequest()), new CellFigures(rates, all,
        new Prediction(predicted, ratio), openLoop ? new OpenLoop(target, HdrLogs.merge(intendedHistograms)) : null),
        window, new RunnerSide(resources, clocks, hosts, warmth),
        new EndpointSide(endpoint.orElse(null), errors, PartitionMerge.of(partitionParts, window.seconds())),
        new Judgement(slo, verdict, stop, false));
  }

  /** A runner's warm-up, and its compile seconds per second over the readings around the window. */
  static RunnerWarmth warmth(RunnerResult r, MeasuredWindow window, Set<String> saturatedHosts) {
    List<HostCpuSample> compiled = r.hostCpu().stream().filter(s -> s.runnerCompileSeconds() != null).toList();
    double share = WindowReadings.around(compiled, HostCpuSample::epochMs, window.startEpochMs(), window.endEpochMs())
        .filter(p -> p.to().epochMs() > p.from().epochMs())
        .map(p -> Math.max(0, p.to().runnerCompileSeconds() - p.from().runnerCompileSeconds())
            / ((p.to().epochMs() - p.from().epochMs()) / 1000.0))
        .orElse(Double.NaN);
    return new RunnerWarmth(r.record().runnerIndex(), r.record().warmUp(), share,
        saturatedHosts.contains(r.record().host().host()));
  }

  /** The runner that compiled most in the window, if one was still compiling. */
  static Optional<RunnerWarmth> mostCompiling(List<RunnerWarmth> warmth) {
    return warmth.stream().filter(RunnerWarmth::compiling).max(Comparator.comparingDouble(RunnerWarmth::compileShare));
  }

  /**
   * An open-loop cell's threads wait by design when the service keeps up, so the identity check does not
   * judge it; what matters is whether it reached its target and, if not, whether its threads were all
   * waiting on the service (then the service, or too few threads for its latency, held it back) or not
   * (the client did).
   */
  static Verdict openLoopLimit(double ofTarget, double ratio, Map<String, Double> cpuPerHost,
      Map<String, Integer> cpusOfHost) {
    return openLoopLimit(ofTarget, ratio, cpuPerHost, cpusOfHost, Seen.NONE);
  }

  static Verdict openLoopLimit(double ofTarget, double ratio, Map<String, Double> cpuPerHost,
      Map<String, Integer> cpusOfHost, Seen seen) {
    Verdict closedLoop = limit(ratio, cpuPerHost, cpusOfHost, seen);
    // The mock's partitions below capacity say nothing of an open loop, whose threads wait by design.
    if (closedLoop instanceof Verdict.ClientCpu || closedLoop instanceof Verdict.RunnerHost
        || closedLoop instanceof Verdict.Unsteady) {
      return closedLoop;
    }
    if (ofTarget >= CellResult.TARGET_REACHED) {
      return new Verdict.TargetMet();
    }
    return new Verdict.TargetNotReached(ofTarget, ratio >= IDENTITY_TOLERANCE ? new Verdict.ThreadsWaited()
        : closedLoop);
  }

  /**
   * The paper's identity holds when every runner thread is always inside a request: rows/s =
   * 1000 / avg latency (ms) x runners x threads x rows per request. When the measured figure is more
   * than 10% below, threads spent time outside requests (client CPU, GC, the binding's buffering): the
   * client, not the service, limited the cell. When the runners used 85% or more of their host's
   * processors, the measured latency itself includes client-side queueing, so the cell is client-bound
   * even if the identity holds. Well above 100% (Little's law caps a steady closed loop at it), the
   * measurement window was too short for the latency spread and the cell is marked unsteady.
   */
  static Verdict limit(double ratio, Map<String, Double> cpuPerHost, Map<String, Integer> cpusOfHost) {
    return limit(ratio, cpuPerHost, cpusOfHost, Seen.NONE);
  }

  /**
   * As {@link #limit(double, Map, Map)}, with the cell's surroundings: a runner host near saturation (whatever
   * used it: the runners, a local endpoint, other processes, steal) or throttled binds the cell before anything
   * else, since every latency measured on it includes waiting for a processor; when the runners read their
   * hosts, the host-wide figure replaces the runners' own CPU. A cell whose threads waited on the service is
   * then told apart by what the service saw ({@link #serviceBound}).
   */
  static Verdict limit(double ratio, Map<String, Double> cpuPerHost, Map<String, Integer> cpusOfHost, Seen seen) {
    Optional<HostCpu> saturated = seen.saturatedHost();
    if (saturated.isPresent()) {
      // What a saturated runner host cannot fake is the mock's own account: its partitions at capacity, or its
      // latency rules adding most of the latency. Then the pace is the service model's, and only the latency
      // carries the host's queueing.
      Optional<Verdict> model = serviceModel(seen, saturated.get());
      return model.isPresent() ? model.get() : new Verdict.RunnerHost(saturated.get());
    }
    // Without host readings (older runners), the runners' own CPU is all there is to go by.
    if (seen.hosts().isEmpty()) {
      for (Map.Entry<String, Double> e : cpuPerHost.entrySet()) {
        int cpus = cpusOfHost.getOrDefault(e.getKey(), 0);
        if (cpus > 0 && e.getValue() >= HOST_CPU_LIMIT * cpus) {
          return new Verdict.ClientCpu(e.getKey(), e.getValue(), cpus);
        }
      }
    }
    if (ratio > 0 && ratio < IDENTITY_TOLERANCE) {
      return new Verdict.Client(ratio);
    }
    if (ratio > IDENTITY_OVERSHOOT) {
      return new Verdict.AboveIdentity();
    }
    return serviceBound(seen);
  }

  /**
   * The threads waited on the service; what the service saw says why. The mock: its busiest partition at
   * capacity, or its latency rules adding most of the latency; neither means its own processing was the limit,
   * not its model. A real service: its throttling and server-busy errors at {@link ServiceErrors#SHAPED_RATE}
   * of the requests or more. Otherwise nothing more is known.
   */
  static Verdict serviceBound(Seen seen) {
    EndpointView mock = seen.endpoint();
    if (mock != null) {
      Optional<Verdict> model = serviceModel(seen, null);
      if (model.isPresent()) {
        return model.get();
      }
      // Below capacity, a request still holds its partition for its rows' time: when that is most of the latency,
      // the model paced the threads. (Not on a saturated host: there the wait for a processor may be the rest.)
      if (mock.meanServeMs() >= INJECTED_SHARE * seen.meanLatencyMs()) {
        return new Verdict.PartitionServiceTime(mock.meanServeMs(), seen.meanLatencyMs());
      }
      EndpointView.PartitionLoad busiest = mock.busiest();
      return new Verdict.MockProcessing(busiest == null ? 0 : busiest.busy(), mock.endpointCores(), mock.local());
    }
    if (seen.errors().perSecond() > 0 && seen.errors().perSecond() >= ServiceErrors.SHAPED_RATE
        * seen.requestsPerSecond()) {
      return new Verdict.ServiceRefused(seen.errors().throttledPerSecond(), seen.errors().unavailablePerSecond(),
          seen.requestsPerSecond());
    }
    return new Verdict.Service();
  }

  /**
   * What the mock says bound the pace: its busiest partition at capacity, else its latency rules adding
   * {@link #INJECTED_SHARE} of the mean latency or more; empty without the mock's view or when neither held.
   *
   * @param saturatedHost a runner host that was saturated meanwhile, named in the verdict; null when none was
   */
  private static Optional<Verdict> serviceModel(Seen seen, HostCpu saturatedHost) {
    EndpointView mock = seen.endpoint();
    if (mock == null) {
      return Optional.empty();
    }
    EndpointView.PartitionLoad busiest = mock.busiest();
    if (busiest != null && busiest.busy() >= EndpointView.AT_CAPACITY) {
      return Optional.of(new Verdict.PartitionsAtCapacity(busiest.partition(), busiest.busy(), busiest.meanWaitMs(),
          mock.atCapacity(), mock.partitions().size(), saturatedHost));
    }
    EndpointView.InjectedLatency injected = mock.mostInjected();
    if (injected != null && injected.meanMs() >= INJECTED_SHARE * seen.meanLatencyMs()) {
      return Optional.of(new Verdict.InjectedLatency(injected.action(), injected.meanMs(), seen.meanLatencyMs(),
          saturatedHost));
    }
    return Optional.empty();
  }
}
