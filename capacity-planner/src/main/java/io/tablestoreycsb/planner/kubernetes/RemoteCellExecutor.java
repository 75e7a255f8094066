package io.tablestoreycsb.planner.kubernetes;

import io.tablestoreycsb.cluster.launch.ChildGroup;
import io.tablestoreycsb.cluster.launch.ChildGroups;
import io.tablestoreycsb.cluster.launch.ChildState;
import io.tablestoreycsb.cluster.launch.LostChild;
import io.tablestoreycsb.planner.store.LiveCell;
import io.tablestoreycsb.planner.store.ResultStore;
import io.tablestoreycsb.planner.runner.CellKey;
import io.tablestoreycsb.planner.runner.CellOutcome;
import io.tablestoreycsb.planner.runner.CellExecutor;
import io.tablestoreycsb.planner.runner.ResultFiles;
import io.tablestoreycsb.planner.runner.RunnerRecord;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs a plan's cells on one group of runner pods per plan ({@link PlanManifests}), started and followed only
 * through the executor's {@link ChildGroups} and {@link ChildGroup} (on Kubernetes one Indexed Job): the pods
 * start once, with the plan's first cell, and serve cell after cell. Each cell is handed over as a request
 * object in the object store ({@link CellHandover}, {@link io.tablestoreycsb.planner.store.PlanCells})
 * with its start instant; the executor follows the pods until every runner has uploaded the cell's
 * result set, then downloads every runner's latest result set into its local directory, where the
 * report reads it as it reads a local runner's. A runner whose pod failed (or that did not finish the
 * cell in time) gets a record carrying why its group lost it ({@link ChildGroup#lost}) and its last log lines;
 * the group is then deleted and the next cell starts the pods of a new one. Interrupting the planner deletes the
 * group and its pods.
 */
public final class RemoteCellExecutor implements CellExecutor, AutoCloseable {
  private static final long POLL_MS = 1000;
  /** Pods' rates are read from their logs this often: one log request per running pod each time. */
  private static final int RATE_EVERY_POLLS = 5;
  /** A watched cell's runners' interval logs are read this often (they share them every few seconds). */
  private static final int LIVE_EVERY_POLLS = 3;
  /**
   * How far ahead a cell after the first starts when every pod is running: a warm pod finds the request
   * within a second and its runner is ready at the gate within another (clock reading, a few requests).
   */
  static final long WARM_START_LEAD_SECONDS = 10;
  /**
   * How long the pods of a finished plan have to exit by themselves before their Job is deleted: a pod
   * looks for the end marker every half second, then closes its runner JVM.
   */
  private static final Duration POD_EXIT_WAIT = Duration.ofSeconds(60);
  /** What {@link PodRunner} logs of its runner's rate in a cell. */
  private static final Pattern RATE = Pattern.compile("pod-runner: cell (\\d+): ([0-9.]+) ops/s");

  private final ChildGroups groups;
  private final ResultStore results;
  /** The plan's Job while it can serve cells; null before the first cell and after it was closed. */
  private PlanJob planJob;
  /** Jobs started per (plan, runners), so a Job replacing a broken one gets a name of its own. */
  private final Map<String, Integer> generations = new TreeMap<>();

  /** Its runners' result sets come from the object store {@code groups} names. */
  public RemoteCellExecutor(ChildGroups groups) {
    this.groups = groups;
    this.results = new ResultStore(groups.store(), groups.results().location(), RunnerRecord.FILE_NAME);
  }

  /**
   * How long after its start instant a cell's runners must have uploaded their results: the run and the
   * local executor's grace.
   */
  static long cellDeadlineSeconds(long expectedSeconds) {
    long capped = Math.min(expectedSeconds, 7L * 24 * 3600);
    return capped + 120 + capped / 10;
  }

  /** The name of the Job the plan's cells run on now, if it runs (for tests and diagnostics). */
  public Optional<String> jobName() {
    return planJob == null ? Optional.empty() : Optional.of(planJob.name());
  }

  @Override
  public CellOutcome run(CellKey key, List<RunnerSpec> specs, long expectedSeconds, Listener listener)
      throws IOException, InterruptedException {
    long started = System.nanoTime();
    PlanJob job = jobFor(specs);
    long lead = job.warm() ? Math.min(WARM_START_LEAD_SECONDS, groups.startLeadSeconds())
        : groups.startLeadSeconds();
    long startAt = System.currentTimeMillis() + lead * 1000;
    CellHandover cell = CellHandover.of(job.nextSeq(), startAt, expectedSeconds, specs);
    String plan = cell.plan();
    // what earlier runs of this cell left in the store: this run counts only newer attempts
    Map<Integer, Integer> earlierAttempts = results.latestCompleteAttempts(plan, cell.resultCell());
    LiveCell live = results.live(plan, cell.resultCell(), Long.toString(startAt));
    List<RunnerRecord> records;
    try {
      job.handOver(cell);
      follow(job, cell, specs, earlierAttempts, listener, live);
      records = collect(job, cell, specs, earlierAttempts);
    } catch (InterruptedException | IOException | RuntimeException e) {
      // the planner is going (Ctrl-C) or lost the cluster: no pod of this plan runs on behind its back
      closeJob();
      throw e;
    } finally {
      try {
        live.delete();
      } catch (RuntimeException e) {
        System.err.println("capacity-plan: could not delete the cell's live/ objects (no result is among them): " + e);
      }
    }
    if (job.broken()) {
      // a pod died or did not finish the cell: the next cell starts the pods of a new Job
      closeJob();
    }
    return new CellOutcome(key, records, (System.nanoTime() - started) / 1e9);
  }

  /** The plan's Job, started (or replaced) when there is none that can serve {@code specs}. */
  private PlanJob jobFor(List<RunnerSpec> specs) {
    String plan = specs.get(0).plan();
    if (planJob != null && planJob.manifests().plan().equals(plan)) {
      planJob.group().poll();
      if (planJob.serves(specs.size())) {
        return planJob;
      }
    }
    finishJob();
    int runners = specs.size();
    int generation = generations.merge(plan + "\n" + runners, 1, Integer::sum);
    String session = Long.toString(System.currentTimeMillis());
    PlanManifests manifests = new PlanManifests(groups.results(), plan, runners, generation, session,
        specs.get(0).ycsb().endpointProperties() != null);
    planJob = PlanJob.start(groups, manifests, results.planCells(plan, session));
    return planJob;
  }

  private void closeJob() {
    if (planJob != null) {
      planJob.close();
      planJob = null;
    }
  }

  /** Lets the pods of a Job that served its cells exit by themselves, then deletes it. */
  private void finishJob() {
    if (planJob != null) {
      try {
        planJob.finish(POD_EXIT_WAIT);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        planJob.close();
      }
      planJob = null;
    }
  }

  /** Ends the plan's pods (they exit by themselves once told so) and deletes its Job (the JVM's exit does too). */
  @Override
  public void close() {
    finishJob();
  }

  /**
   * Polls the Job's pods and the cell's result sets until every runner has uploaded one or its pod has
   * ended, or the cell's deadline passed; tells the pods' phases meanwhile.
   */
  private void follow(PlanJob job, CellHandover cell, List<RunnerSpec> specs, Map<Integer, Integer> earlierAttempts,
      Listener listener, LiveCell live) throws InterruptedException {
    int runners = cell.specs().size();
    boolean stopRequested = false;
    long deadline = cell.startAtEpochMs() + cellDeadlineSeconds(cell.expectedSeconds()) * 1000;
    double opsPerSecond = Double.NaN; // no pod has told its rate yet
    ChildGroup group = job.group();
    for (long poll = 0; System.currentTimeMillis() < deadline; poll++) {
      Map<Integer, ChildState> pods = group.poll();
      if (pods.values().stream().anyMatch(p -> p.stuck().isPresent())) {
        return; // the cell fails with the pod's waiting reason
      }
      Set<Integer> uploaded = newAttempts(cell, earlierAttempts).keySet();
      int finished = 0;
      for (int i = 0; i < runners; i++) {
        ChildState pod = pods.get(i);
        if (uploaded.contains(i) || pod != null && pod.ended()) {
          finished++;
        }
      }
      if (finished == runners || group.finished()) {
        return;
      }
      int running = (int) pods.entrySet().stream().filter(e -> e.getKey() < runners)
          .filter(e -> e.getValue().running()).count();
      if (System.currentTimeMillis() < cell.startAtEpochMs() || running < runners - finished) {
        listener.starting(running, runners, "pods: " + ChildState.describe(pods.values(), job.manifests().runners()));
      } else {
        if (poll % RATE_EVERY_POLLS == 0) {
          OptionalDouble[] rates = pods.values().stream().filter(ChildState::running)
              .map(p -> lastRate(group.logTail(p, 3), cell.seq())).toArray(OptionalDouble[]::new);
          opsPerSecond = Arrays.stream(rates).noneMatch(OptionalDouble::isPresent) ? Double.NaN
              : Arrays.stream(rates).mapToDouble(r -> r.orElse(0)).sum();
        }
        listener.running(opsPerSecond);
        if (!stopRequested && poll % LIVE_EVERY_POLLS == 0 && listener.readsIntervalLogs()) {
          stopRequested = bringLogsAndStopIfSteady(specs, listener, live);
        }
      }
      Thread.sleep(POLL_MS);
    }
  }

  /** The rate in the last {@code pod-runner: cell SEQ: N ops/s} line of a log tail (an earlier cell's do not count). */
  static OptionalDouble lastRate(String tail, int seq) {
    Matcher m = RATE.matcher(tail);
    OptionalDouble last = OptionalDouble.empty();
    while (m.find()) {
      if (Integer.parseInt(m.group(1)) == seq) {
        last = OptionalDouble.of(Double.parseDouble(m.group(2)));
      }
    }
    return last;
  }

  /**
   * Brings the runners' interval logs so far into their local directories, where the planner's live view
   * and steady watch read them as they read a local runner's, and asks the runners to stop once the watch
   * finds the cell's rate steady (never for a cell of a fixed duration).
   *
   * @return whether the stop was requested
   */
  private static boolean bringLogsAndStopIfSteady(List<RunnerSpec> specs, Listener listener, LiveCell live) {
    try {
      for (RunnerSpec spec : specs) {
        Files.createDirectories(spec.dir());
        String log = ResultFiles.hdrLog(spec.shape().measure());
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

  /** The attempts of the cell's runners uploaded after {@code earlierAttempts}: index to attempt. */
  private Map<Integer, Integer> newAttempts(CellHandover cell, Map<Integer, Integer> earlierAttempts) {
    Map<Integer, Integer> fresh = new TreeMap<>(results.latestCompleteAttempts(cell.plan(), cell.resultCell()));
    fresh.entrySet().removeIf(e -> e.getValue() <= earlierAttempts.getOrDefault(e.getKey(), 0));
    return fresh;
  }

  /**
   * Downloads the cell's result sets into the runners' directories; records for runners that left none, with
   * why their group tells ({@link ChildGroup#lost}) and, for a pod lost first, its log tail, and the Job marked
   * broken.
   */
  private List<RunnerRecord> collect(PlanJob job, CellHandover cell, List<RunnerSpec> specs,
      Map<Integer, Integer> earlierAttempts) throws IOException {
    Map<Integer, Integer> downloaded = ChildGroup.fetchResults(
        staging -> results.downloadCell(cell.plan(), cell.resultCell(), staging, earlierAttempts),
        index -> index < specs.size() ? specs.get(index).dir() : null);
    List<Integer> missing = specs.stream().map(RunnerSpec::runnerIndex).filter(i -> !downloaded.containsKey(i))
        .toList();
    ChildGroup group = job.group();
    Map<Integer, LostChild> lost = missing.isEmpty() ? Map.of() : group.lost(missing);
    Map<Integer, ChildState> pods = group.states();
    List<RunnerRecord> records = new ArrayList<>();
    for (RunnerSpec spec : specs) {
      Path target = spec.dir();
      Files.createDirectories(target);
      if (downloaded.containsKey(spec.runnerIndex())) {
        records.add(RunnerRecord.read(target.resolve(RunnerRecord.FILE_NAME)));
      } else {
        job.markBroken();
        ChildState pod = pods.get(spec.runnerIndex());
        LostChild why = lost.get(spec.runnerIndex());
        RunnerRecord failed = RunnerRecord.failed(spec, pod == null ? "" : pod.host().orElse(""),
            why.why() + (why.cause() && pod != null
            ? ChildGroup.logTailText(group.logTail(pod, ChildGroup.LOG_TAIL_LINES)) : ""));
        failed.write(target);
        records.add(failed);
      }
    }
    return records;
  }
}
