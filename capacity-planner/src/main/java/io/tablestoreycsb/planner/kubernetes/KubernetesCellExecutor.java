package io.tablestoreycsb.planner.kubernetes;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.tablestoreycsb.cluster.kubernetes.KubernetesSettings;
import io.tablestoreycsb.cluster.kubernetes.PodLogs;
import io.tablestoreycsb.cluster.kubernetes.PodStates;
import io.tablestoreycsb.cluster.kubernetes.RunningJob;
import io.tablestoreycsb.planner.results.LiveCell;
import io.tablestoreycsb.planner.results.ResultStore;
import io.tablestoreycsb.planner.run.PlanExecutorSupport;
import io.tablestoreycsb.planner.runner.CellKey;
import io.tablestoreycsb.planner.runner.CellOutcome;
import io.tablestoreycsb.planner.runner.CellExecutor;
import io.tablestoreycsb.planner.runner.ResultFiles;
import io.tablestoreycsb.planner.runner.RunnerRecord;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Runs a cell's runners as the pods of one Indexed Job, follows their phases, then downloads every
 * runner's latest result set from the object store into its local directory, where the report reads it
 * as it reads a local runner's. A runner whose pod failed without uploading a record gets one carrying
 * the pod's reason and its last log lines. Interrupting the planner deletes the Job and its pods.
 */
public final class KubernetesCellExecutor implements CellExecutor {
  private static final long POLL_MS = 1000;
  private static final int LOG_TAIL_LINES = 15;
  /** Pods' rates are read from their logs this often: one log request per running pod each time. */
  private static final int RATE_EVERY_POLLS = 5;
  /** A stoppable cell's runners' interval logs are read this often (they share them every few seconds). */
  private static final int LIVE_EVERY_POLLS = 3;
  /** What {@link PodRunner} logs of its runner's rate. */
  private static final Pattern RATE = Pattern.compile("pod-runner: ([0-9.]+) ops/s");

  private final KubernetesClient client;
  private final KubernetesSettings settings;
  private final ResultStore results;
  private final PodLogs logs;

  public KubernetesCellExecutor(KubernetesClient client, KubernetesSettings settings, ResultStore results) {
    this(client, settings, results, PodLogs.of(client));
  }

  /** @param logs where pods' logs are read (tests: the test kubelet's container logs) */
  public KubernetesCellExecutor(KubernetesClient client, KubernetesSettings settings, ResultStore results,
      PodLogs logs) {
    this.client = client;
    this.settings = settings;
    this.results = results;
    this.logs = logs;
  }

  /** Kubernetes stops a Job's pods after its start lead, the run and the local executor's grace. */
  public static long activeDeadlineSeconds(KubernetesSettings settings, long expectedSeconds) {
    long capped = Math.min(expectedSeconds, 7L * 24 * 3600);
    return settings.startLeadSeconds() + capped + 120 + capped / 10;
  }

  @Override
  public CellOutcome run(CellKey key, List<RunnerSpec> specs, long expectedSeconds, Listener listener)
      throws IOException, InterruptedException {
    long started = System.nanoTime();
    long startAt = System.currentTimeMillis() + settings.startLeadSeconds() * 1000;
    CellManifests manifests = new CellManifests(settings, specs, startAt, expectedSeconds,
        activeDeadlineSeconds(settings, expectedSeconds));
    // what earlier runs of this cell left in the store: this run counts only newer attempts
    Map<Integer, Integer> earlierAttempts = results.latestCompleteAttempts(manifests.plan(), manifests.resultCell());
    Map<Integer, Pod> lastPods = new TreeMap<>();
    Map<Integer, String> failureLogs = new TreeMap<>();
    LiveCell live = PodRunner.stoppable(specs.get(0))
        ? results.live(manifests.plan(), manifests.resultCell(), Long.toString(startAt)) : null;
    // a Job left by an interrupted earlier run of this cell goes first; this one goes at the end, or on exit
    try (RunningJob job = RunningJob.start(client, settings.namespaceIn(client), manifests.job(),
        List.of(manifests.configMap()))) {
      follow(job, specs, startAt, expectedSeconds, listener, live);
      lastPods.putAll(job.pods());
      // before the Job goes: its pods' logs go with it
      lastPods.forEach((index, pod) -> {
        if (!"Succeeded".equals(pod.getStatus().getPhase())) {
          failureLogs.put(index, logTail(pod));
        }
      });
    } finally {
      if (live != null) {
        try {
          live.delete();
        } catch (RuntimeException e) {
          System.err.println("capacity-plan: could not delete the cell's live/ objects (no result is among them): " + e);
        }
      }
    }
    return new CellOutcome(key, collect(manifests, specs, lastPods, failureLogs, earlierAttempts),
        (System.nanoTime() - started) / 1e9);
  }

  /** Polls the Job's pods until every index has ended or the Job has; tells their phases meanwhile. */
  private void follow(RunningJob job, List<RunnerSpec> specs, long startAt, long expectedSeconds, Listener listener,
      LiveCell live) throws InterruptedException {
    int runners = specs.size();
    boolean stopRequested = false;
    long deadline = startAt + activeDeadlineSeconds(settings, expectedSeconds) * 1000;
    double opsPerSecond = Double.NaN; // no pod has told its rate yet
    for (long poll = 0; System.currentTimeMillis() < deadline; poll++) {
      Map<Integer, Pod> pods = job.poll();
      if (job.hopeless().isPresent()) {
        return; // the cell fails with the pod's waiting reason; the Job goes in run()
      }
      int ended = job.ended();
      int running = job.running();
      if (ended == runners || job.finished()) {
        return;
      }
      if (System.currentTimeMillis() < startAt || running < runners - ended) {
        listener.starting(running, runners, "pods: " + PodStates.describe(pods.values(), runners));
      } else {
        if (poll % RATE_EVERY_POLLS == 0) {
          OptionalDouble[] rates = pods.values().stream().filter(PodStates::running)
              .map(p -> lastRate(logs.tail(p, 3))).toArray(OptionalDouble[]::new);
          opsPerSecond = Arrays.stream(rates).noneMatch(OptionalDouble::isPresent) ? Double.NaN
              : Arrays.stream(rates).mapToDouble(r -> r.orElse(0)).sum();
        }
        listener.running(opsPerSecond);
        if (live != null && !stopRequested && poll % LIVE_EVERY_POLLS == 0) {
          stopRequested = stopIfSteady(specs, listener, live);
        }
      }
      Thread.sleep(POLL_MS);
    }
  }

  /** The rate in the last {@code pod-runner: N ops/s} line of a log tail. */
  static OptionalDouble lastRate(String tail) {
    Matcher m = RATE.matcher(tail);
    OptionalDouble last = OptionalDouble.empty();
    while (m.find()) {
      last = OptionalDouble.of(Double.parseDouble(m.group(1)));
    }
    return last;
  }

  /**
   * Brings the runners' interval logs so far into their local directories, where the planner's steady
   * watch reads them as it reads a local runner's, and asks the runners to stop once it finds the cell's
   * rate steady.
   *
   * @return whether the stop was requested
   */
  private static boolean stopIfSteady(List<RunnerSpec> specs, Listener listener, LiveCell live) {
    try {
      for (RunnerSpec spec : specs) {
        Files.createDirectories(spec.dir());
        String log = ResultFiles.hdrLog(spec.measure());
        live.get(spec.runnerIndex(), log, spec.dir().resolve(log));
      }
      if (listener.stopNow()) {
        live.requestStop();
        return true;
      }
    } catch (IOException | RuntimeException e) {
      // the cell runs to its duration; its results come in as ever
      System.err.println("capacity-plan: could not read the runners' interval logs or ask them to stop: " + e);
    }
    return false;
  }

  /** Downloads the cell's result sets into the runners' directories; records for runners that left none. */
  private List<RunnerRecord> collect(CellManifests manifests, List<RunnerSpec> specs, Map<Integer, Pod> pods,
      Map<Integer, String> failureLogs, Map<Integer, Integer> earlierAttempts) throws IOException {
    Path staging = Files.createTempDirectory("cell-download");
    try {
      Map<Integer, Integer> downloaded = results.downloadCell(manifests.plan(), manifests.resultCell(), staging,
          earlierAttempts);
      List<RunnerRecord> records = new ArrayList<>();
      for (RunnerSpec spec : specs) {
        Path target = spec.dir();
        Files.createDirectories(target);
        if (downloaded.containsKey(spec.runnerIndex())) {
          moveFiles(staging.resolve("runner-" + spec.runnerIndex()), target);
          records.add(RunnerRecord.read(target.resolve(RunnerRecord.FILE_NAME)));
        } else {
          RunnerRecord failed = failedRecord(spec, pods.get(spec.runnerIndex()),
              failureLogs.getOrDefault(spec.runnerIndex(), ""));
          failed.write(target);
          records.add(failed);
        }
      }
      return records;
    } finally {
      PlanExecutorSupport.deleteRecursively(staging);
    }
  }

  private static RunnerRecord failedRecord(RunnerSpec spec, Pod pod, String logTail) {
    String error = pod == null ? "no pod ran (not scheduled before the Job ended)"
        : "pod " + pod.getMetadata().getName() + " left no result set: " + PodStates.failure(pod) + logTail;
    return new RunnerRecord(spec.key().instanceType(), spec.plan(), spec.key().caseName(), spec.key().partitions(),
        spec.runners(), spec.threads(), spec.runnerIndex(), spec.key().sweep(), spec.measure(), spec.rowsPerRequest(),
        spec.rowBytes(), pod == null || pod.getSpec() == null ? "" : String.valueOf(pod.getSpec().getNodeName()), 0,
        spec.insertStart(), spec.insertCount(), 0, 0, 0, 0, 0, -1, 0, 0, 0, 0, error);
  }

  private String logTail(Pod pod) {
    String log = logs.tail(pod, LOG_TAIL_LINES);
    return log.isBlank() ? "" : "\nlast log lines of the pod:\n" + log.strip();
  }

  private static void moveFiles(Path from, Path to) throws IOException {
    try (Stream<Path> files = Files.list(from)) {
      for (Path f : files.toList()) {
        Files.move(f, to.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
      }
    }
  }

}
