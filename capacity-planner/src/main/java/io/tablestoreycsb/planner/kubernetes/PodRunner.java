package io.tablestoreycsb.planner.kubernetes;

import io.tablestoreycsb.cluster.kubernetes.RunningJob;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tablestoreycsb.planner.results.LiveCell;
import io.tablestoreycsb.cluster.objectstore.ObjectStoreCredentials;
import io.tablestoreycsb.cluster.objectstore.ObjectStoreSettings;
import io.tablestoreycsb.cluster.options.PodResultsOptions;
import io.tablestoreycsb.planner.results.ResultStore;
import io.tablestoreycsb.cluster.objectstore.S3Clients;
import io.tablestoreycsb.planner.run.LocalCellExecutor;
import io.tablestoreycsb.planner.runner.CellOutcome;
import io.tablestoreycsb.planner.runner.CellExecutor;
import io.tablestoreycsb.planner.runner.ResultFiles;
import io.tablestoreycsb.planner.runner.RunnerRecord;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import io.tablestoreycsb.planner.runner.StoppableWorkload;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * What a runner pod runs: picks its runner from the cell's specs by {@code JOB_COMPLETION_INDEX}, runs
 * it exactly as a local runner (a {@code RunnerMain} JVM started at the cell's instant, judged into its
 * {@code runner.json}), then uploads the result set as the next attempt of its index. It exits non-zero
 * when the runner failed, so the pod (and its Job) fail with it; the record, error and stderr tail
 * included, is uploaded either way.
 */
@Command(name = "pod-runner", mixinStandardHelpOptions = true,
    description = "Runs runner JOB_COMPLETION_INDEX of a capacity-plan cell in a pod and uploads its results.")
public final class PodRunner implements Callable<Integer> {
  /** How often a stoppable runner shares its interval log and looks for the planner's stop request. */
  static final long LIVE_EVERY_MS = 3000;
  private static final ObjectMapper JSON = new ObjectMapper();

  @Option(names = "--cell", required = true, description = "JSON list of the cell's runner specs.")
  Path cell;

  @Option(names = "--workload", required = true, description = "The cell's workload file.")
  Path workload;

  @Option(names = "--endpoint-properties", description = "The endpoint properties (mounted from the Secret).")
  Path endpointProperties;

  @Option(names = "--result-dir", required = true, description = "Local directory for the result set.")
  Path resultDir;

  @Option(names = "--start-at", required = true, paramLabel = "EPOCH_MS", description = "The cell's start instant.")
  long startAt;

  @Option(names = "--expected-seconds", required = true, description = "How long the runner should run once started.")
  long expectedSeconds;

  @picocli.CommandLine.Mixin
  PodResultsOptions results = new PodResultsOptions();

  public static void main(String[] args) {
    System.exit(new CommandLine(new PodRunner()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    int index = indexFromEnvironment(System.getenv(RunningJob.INDEX_ENV));
    List<RunnerSpec> specs = JSON.readValue(cell.toFile(), new TypeReference<List<RunnerSpec>>() { });
    if (index >= specs.size()) {
      throw new IllegalArgumentException(RunningJob.INDEX_ENV + "=" + index + " but the cell has " + specs.size()
          + " runners");
    }
    RunnerSpec spec = localPaths(specs.get(index));
    ObjectStoreSettings store = results.settings();
    // Fail before the run, not after it, when the results cannot be uploaded.
    ObjectStoreCredentials credentials = ObjectStoreCredentials.fromEnvironment(System.getenv());
    RunnerRecord record;

    try (S3Client s3 = S3Clients.create(store, credentials)) {
      String cellPath = spec.key().relativeDir();
      LiveCell live = stoppable(spec) ? new LiveCell(s3, store.location(), spec.plan(), cellPath,
          Long.toString(startAt)) : null;
      CellOutcome outcome = LocalCellExecutor.ofThisJvm().startingAt(startAt)
          .run(spec.key(), List.of(spec), expectedSeconds, new PodListener(live, spec));
      record = outcome.records().get(0);
      ResultStore resultStore = new ResultStore(s3, store.location(), RunnerRecord.FILE_NAME);
      int attempt = resultStore.nextAttempt(spec.plan(), cellPath, index);
      int objects = resultStore.upload(new ResultStore.AttemptKey(spec.plan(), cellPath, index, attempt), spec.dir());
      System.err.printf("pod-runner: runner %d uploaded %d files as attempt %d to %s%n", index, objects, attempt,
          store.location());
    }
    if (record.error() != null) {
      System.err.println("pod-runner: runner " + index + " failed: " + record.error());
      return 1;
    }
    return 0;
  }

  static int indexFromEnvironment(String value) {
    if (value == null || !value.matches("\\d{1,6}")) {
      throw new IllegalArgumentException(RunningJob.INDEX_ENV + " is '" + value
          + "': a runner pod must belong to an Indexed Job (completionMode: Indexed)");
    }
    return Integer.parseInt(value);
  }

  private RunnerSpec localPaths(RunnerSpec s) throws java.io.IOException {
    Files.createDirectories(resultDir);
    Map<String, String> properties = new LinkedHashMap<>(s.properties());
    if (properties.containsKey(StoppableWorkload.STOP_FILE)) {
      // the planner named a file on its own machine; in the pod the runner watches its own directory
      properties.put(StoppableWorkload.STOP_FILE, resultDir.resolve(ResultFiles.STOP_FILE).toString());
    }
    return new RunnerSpec(s.key(), s.plan(), s.runnerIndex(), s.runners(), s.db(), workload,
        s.endpointProperties() == null ? null : endpointProperties, properties, s.threads(), s.phaseFlag(),
        s.measure(), s.rowsPerRequest(), s.rowBytes(), s.insertStart(), s.insertCount(), resultDir, s.jvmOptions());
  }

  /** Whether the cell may end early ({@code stop = steady}): its runner watches for a stop file. */
  static boolean stoppable(RunnerSpec spec) {
    return spec.properties().containsKey(StoppableWorkload.STOP_FILE);
  }

  /**
   * The pod's log shows the runner's start and its rate, as the planner's progress line does locally.
   * For a cell that may end early, it also shares the runner's interval log with the planner every
   * {@value #LIVE_EVERY_MS} ms and ends the run once the planner asks ({@link LiveCell}).
   */
  private static final class PodListener implements CellExecutor.Listener {
    private final LiveCell live;
    private final RunnerSpec spec;
    private long lastShared;
    private boolean stopAsked;

    PodListener(LiveCell live, RunnerSpec spec) {
      this.live = live;
      this.spec = spec;
    }

    @Override
    public void starting(int ready, int total) {
      System.err.printf("pod-runner: %s%n", ready == total ? "ready, waiting for the start instant" : "starting");
    }

    @Override
    public void running(double opsPerSecond) {
      if (!Double.isNaN(opsPerSecond)) { // NaN: no YCSB status line yet
        System.err.printf("pod-runner: %.0f ops/s%n", opsPerSecond);
      }
    }

    @Override
    public boolean stopNow() {
      if (live == null || stopAsked || System.currentTimeMillis() - lastShared < LIVE_EVERY_MS) {
        return stopAsked;
      }
      lastShared = System.currentTimeMillis();
      try {
        Path log = spec.dir().resolve(ResultFiles.hdrLog(spec.measure()));
        if (Files.isRegularFile(log)) {
          live.put(spec.runnerIndex(), log);
        }
        stopAsked = live.stopRequested();
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
