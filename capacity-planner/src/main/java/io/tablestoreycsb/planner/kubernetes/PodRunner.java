package io.tablestoreycsb.planner.kubernetes;

import io.tablestoreycsb.planner.runner.YcsbCall;
import io.tablestoreycsb.cluster.kubernetes.RunningJob;
import io.tablestoreycsb.planner.store.LiveCell;
import io.tablestoreycsb.planner.store.PlanCells;
import io.tablestoreycsb.planner.plan.Directories;
import io.tablestoreycsb.cluster.objectstore.ObjectStoreCredentials;
import io.tablestoreycsb.cluster.objectstore.ObjectStoreSettings;
import io.tablestoreycsb.cluster.options.PodResultsOptions;
import io.tablestoreycsb.planner.store.ResultStore;
import io.tablestoreycsb.cluster.objectstore.S3Clients;
import io.tablestoreycsb.planner.local.LocalCellExecutor;
import io.tablestoreycsb.planner.runner.CellOutcome;
import io.tablestoreycsb.planner.runner.CellExecutor;
import io.tablestoreycsb.planner.runner.ResultFiles;
import io.tablestoreycsb.planner.runner.RunnerRecord;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import io.tablestoreycsb.planner.runner.StoppableWorkload;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import software.amazon.awssdk.core.exception.SdkException;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * What a runner pod runs: it serves the plan's cells one after another. It reads the next
 * {@link CellHandover} the planner stored ({@link PlanCells}), runs its own runner of the cell (picked by
 * {@code JOB_COMPLETION_INDEX}) exactly as a local warm runner runs (a {@code RunnerMain --serve} JVM that
 * this pod starts once and keeps, released at the cell's instant, judged into its {@code runner.json}),
 * uploads the result set as the next attempt of its index, and waits for the next cell. A runner that
 * failed still has its result set (error and stderr tail included) uploaded, and the pod goes on serving;
 * a runner JVM that died is replaced for the next cell. The pod ends at the plan's end marker, or after
 * {@code --idle-timeout} without a cell (its planner has gone).
 */
@Command(name = "pod-runner", mixinStandardHelpOptions = true,
    description = "Serves runner JOB_COMPLETION_INDEX of a capacity plan's cells in a pod and uploads its results.")
public final class PodRunner implements Callable<Integer> {
  /** How often a runner shares its interval log (the planner's live view, its steady watch) and looks for a stop. */
  static final long LIVE_EVERY_MS = 3000;
  /** How often an idle pod looks for the next cell. */
  private static final long POLL_MS = 500;

  @Option(names = "--cells", required = true, paramLabel = "PLAN/cells/SESSION",
      description = "Where the planner stores the cell requests, below the --results location.")
  String cells;

  @Option(names = "--endpoint-properties", description = "The endpoint properties (mounted from the Secret).")
  Path endpointProperties;

  @Option(names = "--result-dir", required = true, description = "Local directory for the cells' result sets.")
  Path resultDir;

  @Option(names = "--idle-timeout", defaultValue = "3600", paramLabel = "SECONDS",
      description = "End after this long without a cell (default ${DEFAULT-VALUE}).")
  long idleTimeoutSeconds;

  @picocli.CommandLine.Mixin
  PodResultsOptions results = new PodResultsOptions();

  public static void main(String[] args) {
    System.exit(new CommandLine(new PodRunner()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    int index = indexFromEnvironment(System.getenv(RunningJob.INDEX_ENV));
    String[] parts = cells.split("/", -1);
    if (parts.length != 3 || parts[0].isEmpty() || !parts[1].equals("cells") || parts[2].isEmpty()) {
      throw new IllegalArgumentException("--cells '" + cells + "' must be PLAN/cells/SESSION");
    }
    ObjectStoreSettings store = results.settings();
    // Fail at the start, not after the first cell, when the results cannot be uploaded.
    ObjectStoreCredentials credentials = ObjectStoreCredentials.fromEnvironment(System.getenv());
    Files.createDirectories(resultDir);
    // The runner JVM starts with the first cell and serves every later one: start-up and JIT warm-up once.
    LocalCellExecutor executor = LocalCellExecutor.ofThisJvm().keepingRunnersWarm(resultDir.resolve("runner-jvm"));
    try (S3Client s3 = S3Clients.create(store, credentials)) {
      PlanCells plan = new PlanCells(s3, store.location(), parts[0], parts[2]);
      ResultStore resultStore = new ResultStore(s3, store.location(), RunnerRecord.FILE_NAME);
      System.err.printf("pod-runner: runner %d serving the cells of %s%n", index, cells);
      long idleSince = System.nanoTime();
      CellHandover previous = null;
      for (int seq = 1; ; ) {
        Optional<String> request;
        try {
          request = plan.get(seq, resultDir.resolve("request.json"));
        } catch (SdkException e) {
          // a store that does not answer for a moment costs this pod nothing; the idle time-out still counts
          System.err.println("pod-runner: could not look for cell " + seq + ": " + e.getMessage());
          if (System.nanoTime() - idleSince > idleTimeoutSeconds * 1_000_000_000L) {
            return 1;
          }
          Thread.sleep(POLL_MS);
          continue;
        }
        if (request.isPresent()) {
          CellHandover cell = CellHandover.fromJson(request.get());
          if (cell.startAtEpochMs() == 0 && previous != null) {
            awaitEveryRunner(previous, resultStore);
          }
          serve(cell, index, executor, s3, store, resultStore);
          previous = cell;
          seq++;
          idleSince = System.nanoTime();
        } else if (plan.ended()) {
          System.err.printf("pod-runner: the plan has ended after %d cells%n", seq - 1);
          return 0;
        } else if (System.nanoTime() - idleSince > idleTimeoutSeconds * 1_000_000_000L) {
          System.err.printf("pod-runner: no cell for %d s: the planner has gone; ending%n", idleTimeoutSeconds);
          return 0;
        } else {
          Thread.sleep(POLL_MS);
        }
      }
    } finally {
      executor.close();
    }
  }

  /**
   * A rendered plan's cells have no planner to hand them over one at a time: before the next, each pod
   * waits until every runner has uploaded the one before, so that no two cells load the endpoint at once.
   */
  private void awaitEveryRunner(CellHandover cell, ResultStore resultStore) throws InterruptedException {
    long deadline = System.nanoTime() + idleTimeoutSeconds * 1_000_000_000L;
    while (resultStore.latestCompleteAttempts(cell.plan(), cell.resultCell()).size() < cell.specs().size()) {
      if (System.nanoTime() > deadline) {
        System.err.printf("pod-runner: cell %d: not every runner uploaded it within %d s; going on%n", cell.seq(),
            idleTimeoutSeconds);
        return;
      }
      Thread.sleep(POLL_MS);
    }
  }

  /** Runs this pod's runner of one cell and uploads its result set. */
  private void serve(CellHandover cell, int index, LocalCellExecutor executor, S3Client s3, ObjectStoreSettings store,
      ResultStore resultStore) throws IOException, InterruptedException {
    if (index >= cell.specs().size()) {
      System.err.printf("pod-runner: cell %d has %d runners; runner %d sits it out%n", cell.seq(), cell.specs().size(),
          index);
      return;
    }
    // each cell's result set in a directory of its own: nothing of one cell is uploaded with the next
    Path cellDir = resultDir.resolve("cell-" + cell.seq());
    Directories.deleteRecursively(cellDir);
    Files.createDirectories(cellDir);
    Path workload = resultDir.resolve("cell-" + cell.seq() + "-" + PodLayout.WORKLOAD_FILE);
    Files.writeString(workload, cell.workload(), StandardCharsets.UTF_8);
    RunnerSpec spec = localPaths(cell.specs().get(index), workload, cellDir);
    System.err.printf("pod-runner: cell %d: %s%n", cell.seq(), spec.key().label());
    LiveCell live = new LiveCell(s3, store.location(), spec.plan(), cell.resultCell(),
        Long.toString(cell.startAtEpochMs()));
    CellOutcome outcome = executor.runStartingAt(cell.startAtEpochMs(), spec.key(), List.of(spec),
        cell.expectedSeconds(), new PodListener(live, spec, cell.seq(), stoppable(spec)));
    RunnerRecord record = outcome.records().get(0);
    int attempt = resultStore.nextAttempt(spec.plan(), cell.resultCell(), index);
    int objects = resultStore.upload(new ResultStore.AttemptKey(spec.plan(), cell.resultCell(), index, attempt),
        cellDir);
    System.err.printf("pod-runner: cell %d: runner %d uploaded %d files as attempt %d to %s%n", cell.seq(), index,
        objects, attempt, store.location());
    if (record.error() != null) {
      System.err.println("pod-runner: cell " + cell.seq() + ": runner " + index + " failed: " + record.error());
    }
    Directories.deleteRecursively(cellDir);
    Files.deleteIfExists(workload);
  }

  static int indexFromEnvironment(String value) {
    if (value == null || !value.matches("\\d{1,6}")) {
      throw new IllegalArgumentException(RunningJob.INDEX_ENV + " is '" + value
          + "': a runner pod must belong to an Indexed Job (completionMode: Indexed)");
    }
    return Integer.parseInt(value);
  }

  private RunnerSpec localPaths(RunnerSpec s, Path workload, Path cellDir) {
    Map<String, String> properties = new LinkedHashMap<>(s.ycsb().properties());
    if (properties.containsKey(StoppableWorkload.STOP_FILE)) {
      // the planner named a file on its own machine; in the pod the runner watches its own directory
      properties.put(StoppableWorkload.STOP_FILE, cellDir.resolve(ResultFiles.STOP_FILE).toString());
    }
    YcsbCall y = s.ycsb();
    return new RunnerSpec(s.key(), s.shape(), s.plan(), s.runnerIndex(), new YcsbCall(y.db(), workload,
        y.endpointProperties() == null ? null : endpointProperties, properties, y.threads(), y.phaseFlag()),
        s.rowBytes(), s.slice(), cellDir, s.jvmOptions());
  }

  /** Whether the cell may end early ({@code stop = steady}): its runner watches for a stop file. */
  static boolean stoppable(RunnerSpec spec) {
    return spec.ycsb().properties().containsKey(StoppableWorkload.STOP_FILE);
  }

  /**
   * The pod's log shows the runner's start and its rate, as the planner's progress line does locally.
   * It shares the runner's interval log with the planner every {@value #LIVE_EVERY_MS} ms ({@link LiveCell}),
   * for the live view's per-runner figures and a steady watch; a cell that may end early ends once the
   * planner asks.
   */
  private static final class PodListener implements CellExecutor.Listener {
    private final LiveCell live;
    private final RunnerSpec spec;
    private final int seq;
    private final boolean stoppable;
    private long lastShared;
    private boolean stopAsked;

    PodListener(LiveCell live, RunnerSpec spec, int seq, boolean stoppable) {
      this.live = live;
      this.spec = spec;
      this.seq = seq;
      this.stoppable = stoppable;
    }

    @Override
    public void starting(int ready, int total) {
      System.err.printf("pod-runner: cell %d: %s%n", seq, ready == total ? "ready, waiting for the start instant"
          : "starting");
    }

    @Override
    public void running(double opsPerSecond) {
      if (!Double.isNaN(opsPerSecond)) { // NaN: no YCSB status line yet
        // the planner reads this cell's rate from these lines (RemoteCellExecutor)
        System.err.printf("pod-runner: cell %d: %.0f ops/s%n", seq, opsPerSecond);
      }
    }

    @Override
    public boolean stopNow() {
      if (stopAsked || System.currentTimeMillis() - lastShared < LIVE_EVERY_MS) {
        return stopAsked;
      }
      lastShared = System.currentTimeMillis();
      try {
        Path log = spec.dir().resolve(ResultFiles.hdrLog(spec.shape().measure()));
        if (Files.isRegularFile(log)) {
          live.put(spec.runnerIndex(), log);
        }
        stopAsked = stoppable && live.stopRequested();
        if (stopAsked) {
          System.err.println("pod-runner: the planner found the cell's rate steady; ending the run");
        }
      } catch (RuntimeException e) {
        // the run goes on to its duration; the result set is uploaded as ever
        System.err.println("pod-runner: could not share the interval log or read a stop request: " + e);
      }
      return stopAsked;
    }
  }
}
