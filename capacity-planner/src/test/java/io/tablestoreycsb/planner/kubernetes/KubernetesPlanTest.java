package io.tablestoreycsb.planner.kubernetes;

import io.tablestoreycsb.cluster.kubernetes.ClusterAccess;
import io.tablestoreycsb.cluster.kubernetes.KubernetesGroups;
import io.tablestoreycsb.cluster.kubernetes.KubernetesSettings;
import io.tablestoreycsb.cluster.kubernetes.KubernetesTestCluster;
import io.tablestoreycsb.cluster.kubernetes.TestKubelet;
import io.tablestoreycsb.cluster.kubernetes.RunnerImages;
import io.tablestoreycsb.planner.analysis.CellResult;
import io.tablestoreycsb.planner.analysis.CellStop;
import io.tablestoreycsb.planner.plan.StopFile;
import io.tablestoreycsb.planner.live.LiveSnapshot;
import io.tablestoreycsb.planner.live.LiveView;
import io.tablestoreycsb.planner.text.StopText;
import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.tablestoreycsb.mock.junit.MockTablestoreExtension;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.matrix.MatrixParser;
import io.tablestoreycsb.planner.analysis.MeasuredWindow;
import io.tablestoreycsb.planner.report.ReportData;
import io.tablestoreycsb.planner.analysis.RunnerResult;
import io.tablestoreycsb.cluster.objectstore.EmbeddedS3;
import io.tablestoreycsb.planner.plan.BindingTableAdmin;
import io.tablestoreycsb.planner.plan.CellFilter;
import io.tablestoreycsb.planner.plan.CellOrder;
import io.tablestoreycsb.planner.plan.Plan;
import io.tablestoreycsb.planner.plan.Directories;
import io.tablestoreycsb.planner.plan.Progress;
import io.tablestoreycsb.planner.plan.RunnerSpecFactory;
import io.tablestoreycsb.planner.plan.PlannedCell;
import io.tablestoreycsb.planner.runner.CellDone;
import io.tablestoreycsb.planner.runner.CellExecutor;
import io.tablestoreycsb.planner.runner.CellOutcome;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import io.tablestoreycsb.planner.runner.RunnerRecord;
import io.tablestoreycsb.planner.ycsb.YcsbOutput;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Plans through the Kubernetes executor: fabric8's mock API server (CRUD), a test kubelet running each
 * Job index as local processes, the real SDK against the Tablestore mock on 127.0.0.1, result sets
 * uploaded to and downloaded from a real S3 server on 127.0.0.1.
 */
class KubernetesPlanTest {
  private static final Path WORKLOADS = Path.of("..", "workloads").toAbsolutePath().normalize();
  private static final String NAMESPACE = "test";

  @RegisterExtension
  static final KubernetesTestCluster cluster = new KubernetesTestCluster(NAMESPACE, "results");
  @RegisterExtension
  static final MockTablestoreExtension tablestore = MockTablestoreExtension.withDefaults();

  private Path dir;
  private Path endpointProperties;
  private TestKubelet kubelet;
  private RemoteCellExecutor cellExecutor;
  /** The last plan's progress (the live view listens to it). */
  private Progress progress;
  private final ByteArrayOutputStream log = new ByteArrayOutputStream();

  @BeforeEach
  void setUp(org.junit.jupiter.api.TestInfo test) throws Exception {
    dir = Path.of("target", "kubernetes-plan-test", test.getTestMethod().orElseThrow().getName()).toAbsolutePath();
    Directories.deleteRecursively(dir);
    Files.createDirectories(dir);
    endpointProperties = dir.resolve("mock.properties");
    tablestore.mock().writeProperties(endpointProperties);
    cluster.putSecret("capacity-plan", endpointProperties);
    kubelet = cluster.startKubelet(dir.resolve("kubelet"));
  }

  @AfterEach
  void tearDown() {
    if (cellExecutor != null) {
      cellExecutor.close(); // before the cluster closes the kubelet
    }
  }

  private Matrix matrix(String plan, String... cases) throws Exception {
    return matrix(plan, 2, cases);
  }

  private Matrix matrix(String plan, int runners, String... cases) throws Exception {
    List<String> lines = new ArrayList<>(List.of(
        "[plan]",
        "name = " + plan,
        "instance-type = mock",
        "runners = " + runners,
        "partitions = 4",
        "rows-per-partition = 250",
        "load-threads = 2",
        "load-workload = " + WORKLOADS.resolve("tablestore-batch-write"),
        "property.fieldcount = 5",
        "property.fieldlength = 100"));
    lines.addAll(List.of(cases));
    Path file = dir.resolve("matrix");
    Files.writeString(file, String.join("\n", lines) + "\n");
    return MatrixParser.parse(file);
  }

  private static String readCase(String name, String duration) {
    return String.join("\n", "[case " + name + "]",
        "workload = " + WORKLOADS.resolve("tablestore-random-read"),
        "phase = run", "measure = READ", "threads = 2", "duration = " + duration);
  }

  /** Long enough for a first request on a busy 2-core machine (JVMs of two pods and two runners). */
  private static final String SHORT = "8s";

  private static String batchWriteCase(String duration) {
    return String.join("\n", "[case batch-write]",
        "workload = " + WORKLOADS.resolve("tablestore-batch-write"),
        "phase = load", "measure = BATCH_WRITE", "rows-per-request = 200", "threads = 1", "duration = " + duration,
        "property.tablestore.batchsize = 200");
  }

  private Plan executor(Matrix matrix, String resultsPrefix) {
    return executor(matrix, resultsPrefix, RunnerImages.runnerImage());
  }

  private Plan executor(Matrix matrix, String resultsPrefix, String image) {
    KubernetesSettings settings = new KubernetesSettings(NAMESPACE, image, "1", "1Gi", Map.of(),
        List.of(), "capacity-plan", cluster.results().settings(resultsPrefix), 5);
    cellExecutor = new RemoteCellExecutor(new KubernetesGroups(new ClusterAccess(cluster.client(), kubelet::tail,
        s -> cluster.results().client()), settings, "this planner"));
    return new Plan(matrix, new RunnerSpecFactory(matrix, endpointProperties, List.of("-Xmx256m")),
        cellExecutor, new BindingTableAdmin(endpointProperties),
        dir.resolve("out"), progress = new Progress(new PrintStream(log, true, StandardCharsets.UTF_8), Duration.ofSeconds(1)));
  }

  private String output() throws Exception {
    String output = log.toString(StandardCharsets.UTF_8);
    Files.writeString(dir.resolve("planner.log"), output);
    return output;
  }

  @Test
  void aPlanRunsOnTheWarmPodsOfOneIndexedJobAndItsReportMergesTheUploadedResultSets() throws Exception {
    Matrix matrix = matrix("kube", batchWriteCase(SHORT), readCase("random-read", SHORT));
    int failed = executor(matrix, "plans").run(CellOrder.of(matrix, CellFilter.ALL, null));
    cellExecutor.close(); // the plan is over: its Job goes
    String output = output();
    assertThat(failed).as(output).isZero();
    assertThat(kubelet.failures()).isEmpty();
    assertThat(output).contains("verified 1,000 rows").contains("starting 2 runners")
        .containsPattern("starting 2 runners \\(\\d ready; pods: [^)]*(Pending \\(ContainerCreating\\)|Running)");
    // every runner read the endpoint's clock; on one machine the clocks agree within the readings' bounds
    assertThat(output).containsPattern("random-read p=4 threads=2: done.*\\(clocks \\d+ ± \\d+ ms apart\\)");

    // one Indexed Job for the plan's load and two cells, deleted once the plan ended; it held no secret
    assertThat(kubelet.createdJobs()).hasSize(1);
    for (Job job : kubelet.createdJobs()) {
      assertThat(job.getSpec().getCompletionMode()).isEqualTo("Indexed");
      assertThat(job.getSpec().getCompletions()).isEqualTo(2);
      assertThat(Serialization.asYaml(job)).doesNotContain(tablestore.mock().accessKeySecret())
          .doesNotContain(EmbeddedS3.SECRET_ACCESS_KEY);
    }
    assertThat(cluster.client().batch().v1().jobs().inNamespace(NAMESPACE).list().getItems()).isEmpty();
    // told the plan had ended, the pods exited by themselves before the Job went (Completed, not SIGTERM's 143)
    assertThat(kubelet.exitCodes()).hasSize(2).containsOnly(
        Map.entry(kubelet.createdJobs().get(0).getMetadata().getName() + "-0", 0),
        Map.entry(kubelet.createdJobs().get(0).getMetadata().getName() + "-1", 0));
    S3Client s3 = cluster.results().client();
    assertThat(s3.listObjectsV2(b -> b.bucket("results").prefix("plans/kube/mock/p4/random-read/t2/runner-1/attempt-1/"))
        .contents()).extracting(o -> o.key().substring(o.key().lastIndexOf('/') + 1))
        .contains("runner.json", "ycsb.out", "READ.hdr", "resources.json", "tablestore-stats.json", "clock.json");

    // each index's pod started once: one runner JVM served the load and both cells, one after another
    List<String> cells = List.of("batch-write/t1", "load", "random-read/t2");
    for (int r = 0; r < 2; r++) {
      List<CellDone> served = new ArrayList<>();
      for (String cell : cells) {
        served.add(CellDone.read(dir.resolve("out/mock/p4/" + cell + "/runner-" + r)).orElseThrow());
      }
      assertThat(served).extracting(CellDone::pid).as("runner %d", r).containsOnly(served.get(0).pid());
      assertThat(served).extracting(CellDone::cellsServed).as("runner %d", r).containsExactlyInAnyOrder(1, 2, 3);
      // a cell after a different workload holds only its own operations
      Path read = dir.resolve("out/mock/p4/random-read/t2/runner-" + r);
      assertThat(read.resolve("READ.hdr")).exists();
      assertThat(read.resolve("BATCH_WRITE.hdr")).doesNotExist();
      YcsbOutput ycsb = YcsbOutput.read(read.resolve("ycsb.out"));
      assertThat(ycsb.operations("READ")).isPositive();
      assertThat(ycsb.operations("BATCH_WRITE") + ycsb.operations("INSERT")).isZero();
    }
    assertThat(dir.resolve("out/mock/p4/batch-write/t1/runner-0/READ.hdr")).doesNotExist();

    ReportData data = ReportData.collect(List.of(dir.resolve("out")));
    assertThat(data.failures()).isEmpty();
    Map<String, CellResult> rows = data.rows().stream().collect(Collectors.toMap(r -> r.cell().caseName(),
        Function.identity()));
    assertThat(rows).containsOnlyKeys("batch-write", "random-read");
    rows.values().forEach(r -> {
      assertThat(r.shape().runners()).isEqualTo(2);
      assertThat(r.rates().qpsRows()).isPositive();
      assertThat(r.rates().failed()).isZero();
    });
    // the row holds both runners' requests of the common window: merged, never averaged
    List<RunnerResult> results = new ArrayList<>();
    for (int r = 0; r < 2; r++) {
      results.add(RunnerResult.read(dir.resolve("out/mock/p4/random-read/t2/runner-" + r)));
    }
    MeasuredWindow window = MeasuredWindow.of(results);
    long windowRequests = results.stream().mapToLong(r -> window.latencyIn(r).getTotalCount()).sum();
    assertThat(windowRequests).isPositive();
    assertThat(rows.get("random-read").rates().requests()).isEqualTo(windowRequests);
  }

  @Test
  void theLiveViewShowsEachPodsFiguresMidCellAndAnUnwatchedCellsLogsStayInTheBucketUntilItEnds() throws Exception {
    // Without a live view a fixed-duration cell has no reader for the pods' interval logs while it runs.
    Matrix unwatched = matrix("unwatched", "table = unwatched", readCase("unwatched", "15s"));
    Plan quiet = executor(unwatched, "plans");
    MidCell alone = MidCell.watch(this, "unwatched", null);
    assertThat(quiet.run(CellOrder.of(unwatched, CellFilter.ALL, null))).as(output()).isZero();
    cellExecutor.close();
    alone.join();
    assertThat(alone.looks).as("looks at the cell's directory while it ran").isNotEmpty();
    assertThat(alone.lastLookSeconds).as("looked long enough for a watched cell's logs to arrive").isGreaterThan(5);
    assertThat(alone.looks).as("interval logs brought mid-cell").noneMatch(look -> look.logHere);

    // With one the planner brings them every few seconds and the page has each pod's figures.
    Directories.deleteRecursively(dir.resolve("out")); // a plan of its own: its load is not taken as done
    Matrix watched = matrix("watched", "table = watched", readCase("watched", "15s"));
    Plan plan = executor(watched, "plans");
    LiveView view = new LiveView(watched, dir.resolve("out"), CellOrder.of(watched, CellFilter.ALL, null));
    progress.listener(view);
    MidCell seen = MidCell.watch(this, "watched", view);
    assertThat(plan.run(CellOrder.of(watched, CellFilter.ALL, null))).as(output()).isZero();
    seen.join();
    assertThat(seen.looks).as("the page mid-cell").anySatisfy(look -> {
      assertThat(look.logHere).isTrue();
      assertThat(look.runnerRates).hasSize(2).allMatch(rate -> rate > 0);
    });
  }

  /** What a look at a running cell's first runner directory (and the live page) found. */
  private record Look(boolean logHere, List<Double> runnerRates) {}

  /**
   * Looks at a read cell's runner-0 directory every 200 ms from its pods' first rate line (the load of
   * the plan's own table is cell 1, the case cell 2) until its result set is downloaded or 10 s passed.
   */
  private static final class MidCell extends Thread {
    private final KubernetesPlanTest test;
    private final String caseName;
    private final LiveView view;
    final List<Look> looks = new ArrayList<>();
    double lastLookSeconds;

    private MidCell(KubernetesPlanTest test, String caseName, LiveView view) {
      this.test = test;
      this.caseName = caseName;
      this.view = view;
    }

    static MidCell watch(KubernetesPlanTest test, String caseName, LiveView view) {
      MidCell probe = new MidCell(test, caseName, view);
      probe.setDaemon(true);
      probe.start();
      return probe;
    }

    @Override
    public void run() {
      try {
        int jobs = test.kubelet.createdJobs().size();
        while (test.kubelet.createdJobs().size() == jobs) {
          Thread.sleep(100);
        }
        Job job = test.kubelet.createdJobs().get(jobs);
        Path podLog = test.dir.resolve("kubelet").resolve(job.getMetadata().getName() + "-0").resolve("container.log");
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (!Files.isRegularFile(podLog) || !Files.readString(podLog).matches("(?s).*pod-runner: cell 2: \\d+ ops/s.*")) {
          if (System.nanoTime() > deadline) {
            return; // the cell never ran: the assertions say so
          }
          Thread.sleep(100);
        }
        long first = System.nanoTime();
        Path runner = test.dir.resolve("out/mock/p4/" + caseName + "/t2/runner-0");
        while (System.nanoTime() - first < TimeUnit.SECONDS.toNanos(10)) {
          List<Double> rates = new ArrayList<>();
          if (view != null) {
            LiveSnapshot.Current current = view.snapshot().current();
            if (current != null) {
              current.runners().forEach(r -> rates.add(r.latest().rowsPerSecond()));
            }
          }
          boolean logHere = Files.isRegularFile(runner.resolve("READ.hdr"));
          if (Files.exists(runner.resolve(RunnerRecord.FILE_NAME))) {
            return; // the cell's result set is here: no longer mid-cell
          }
          looks.add(new Look(logHere, rates));
          lastLookSeconds = (System.nanoTime() - first) / 1e9;
          Thread.sleep(200);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
  }

  @Test
  void aRunnerKilledMidCellFailsThatCellWithThePodsReasonAndThePlanGoesOn() throws Exception {
    Matrix matrix = matrix("killed", readCase("random-read", "20s"), readCase("after", SHORT));
    Thread killer = new Thread(() -> {
      try {
        Job job = awaitPlanJob();
        // the load is cell 1, random-read cell 2: kill once runner 1 measures cell 2
        Path log = dir.resolve("kubelet").resolve(job.getMetadata().getName() + "-1").resolve("container.log");
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
        while (!Files.isRegularFile(log) || !Files.readString(log).matches("(?s).*pod-runner: cell 2: \\d+ ops/s.*")) {
          if (System.nanoTime() > deadline) {
            return; // the cell never ran: the assertions below say why
          }
          Thread.sleep(100);
        }
        kubelet.kill(job.getMetadata().getName(), 1, "OOMKilled");
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (java.io.IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    killer.start();
    int failed = executor(matrix, "plans").run(CellOrder.of(matrix, CellFilter.ALL, null));
    killer.join();
    String output = output();
    assertThat(failed).as(output).isEqualTo(1);
    assertThat(output).contains("random-read p=4 threads=2: FAILED").contains("runner 1: pod ")
        .contains("phase Failed, OOMKilled (exit code 137)")
        .contains("last log lines of the pod:\n    pod-runner: ")
        .contains("after p=4 threads=2: done");
    assertThat(output).containsPattern("random-read p=4 threads=2: \\d+s elapsed, [1-9][0-9,]* ops/s now");
    RunnerRecord killed = RunnerRecord.read(dir.resolve("out/mock/p4/random-read/t2/runner-1/runner.json"));
    assertThat(killed.error()).contains("OOMKilled");
    assertThat(RunnerRecord.read(dir.resolve("out/mock/p4/random-read/t2/runner-0/runner.json")).error()).isNull();
    // the pods of the first Job served the load and random-read; the cell after the kill ran on a new Job's pods
    assertThat(kubelet.createdJobs()).hasSize(2);
    assertThat(kubelet.deletedJobs()).contains(kubelet.createdJobs().get(0).getMetadata().getName());
    CellDone load = CellDone.read(dir.resolve("out/mock/p4/load/runner-0")).orElseThrow();
    CellDone read = CellDone.read(dir.resolve("out/mock/p4/random-read/t2/runner-0")).orElseThrow();
    CellDone after = CellDone.read(dir.resolve("out/mock/p4/after/t2/runner-0")).orElseThrow();
    // the same process serves on (its count goes on); the new Job's runner is a fresh process (its first
    // cell). Process ids alone do not tell: in a container every runner JVM may get the same small pid.
    assertThat(read.pid()).isEqualTo(load.pid());
    assertThat(read.cellsServed()).isEqualTo(load.cellsServed() + 1);
    assertThat(after.cellsServed()).isEqualTo(1);
    assertThat(YcsbOutput.read(dir.resolve("out/mock/p4/after/t2/runner-1/ycsb.out")).finished()).isTrue();
  }

  @Test
  void interruptingThePlannerDeletesTheRunningJobAndStopsItsPods() throws Exception {
    Matrix matrix = matrix("interrupted", readCase("random-read", "60s"));
    Plan executor = executor(matrix, "plans");
    Thread planner = new Thread(() -> {
      try {
        executor.run(CellOrder.of(matrix, CellFilter.ALL, null));
      } catch (InterruptedException expected) {
        // what Ctrl-C does to the planner's main thread
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    planner.start();
    Job job = awaitPlanJob();
    while (!kubelet.started(job.getMetadata().getName(), 1)) {
      Thread.sleep(100);
    }
    planner.interrupt();
    planner.join(TimeUnit.SECONDS.toMillis(30));
    assertThat(planner.isAlive()).isFalse();
    assertThat(kubelet.deletedJobs()).contains(job.getMetadata().getName());
    assertThat(cluster.client().batch().v1().jobs().inNamespace(NAMESPACE).withName(job.getMetadata().getName()).get())
        .isNull();
  }

  @Test
  void aRunnerImageTheNodesCannotPullFailsTheCellWithTheReasonWithoutWaitingForTheDeadline() throws Exception {
    Matrix matrix = matrix("unpullable", readCase("random-read", "60s"));
    kubelet.cannotPull("registry.invalid/runner:missing");
    long started = System.nanoTime();

    int failed = executor(matrix, "plans", "registry.invalid/runner:missing")
        .run(CellOrder.of(matrix, CellFilter.ALL, null));

    String output = output();
    long seconds = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started);
    assertThat(failed).as(output).isEqualTo(1);
    // the load is the first Job: it fails with the pod's reason, and the cell after it is not run
    assertThat(output).contains("load ").contains(": FAILED")
        .contains("random-read p=4 threads=2: FAILED (the load before it failed)")
        .contains("waiting: ImagePullBackOff (Back-off pulling image \"registry.invalid/runner:missing\")");
    // the load Job would only end at its deadline (start lead + its time + grace); the planner gave up at once
    assertThat(seconds).as(output).isLessThan(60);
    assertThat(cluster.client().batch().v1().jobs().inNamespace(NAMESPACE).list().getItems()).isEmpty();
  }

  @Test
  void aSteadyCellEndsEarlyOnceThePlannerFindsTheMergedRateOfItsPodsSteady() throws Exception {
    // Partition capacity makes the rate steady: 4 partitions of 300 rows/s each.
    Matrix matrix = matrix("steady", "stop = steady", "min-duration = 8s", "steady-tolerance = 10%",
        readCase("random-read", "90s"));
    tablestore.faultPlan().setPartitionCapacity(300);
    int failed;
    try {
      failed = executor(matrix, "plans").run(CellOrder.of(matrix, CellFilter.ALL, null));
    } finally {
      tablestore.faultPlan().setPartitionCapacity(0);
    }
    String output = output();
    assertThat(failed).as(output).isZero();
    Path cell = dir.resolve("out/mock/p4/random-read/t2");
    CellStop stop = StopFile.readCell(cell).orElseThrow();
    assertThat(stop.stoppedEarly()).as(output).isTrue();
    assertThat(StopText.reason(stop)).startsWith("steady after ");
    assertThat(output).contains("(steady after ");
    // both pods' YCSB runs ended (summaries printed) well before their maxexecutiontime of 90 s
    for (int r = 0; r < 2; r++) {
      YcsbOutput ycsb = YcsbOutput.read(cell.resolve("runner-" + r + "/ycsb.out"));
      assertThat(ycsb.finished()).isTrue();
      assertThat(ycsb.runtimeMs()).as("runner %d", r).isLessThan(60_000);
    }
    CellResult row = ReportData.collect(List.of(dir.resolve("out"))).rows().stream()
        .filter(x -> x.cell().caseName().equals("random-read")).findFirst().orElseThrow();
    assertThat(StopText.stopped(row.stop())).isEqualTo(StopText.reason(stop));
    assertThat(row.window().startEpochMs()).isEqualTo(stop.steadyFromEpochMs());
    assertThat(row.rates().qpsRows()).as("the 4 partitions' 1,200 rows/s bound the cell").isPositive().isLessThan(1200 * 1.05);
    // what the pods and the planner exchanged while the cell ran is gone; the result sets stay
    S3Client s3 = cluster.results().client();
    assertThat(s3.listObjectsV2(b -> b.bucket("results").prefix("plans/steady/mock/p4/random-read/t2/live/"))
        .contents()).isEmpty();
    assertThat(s3.listObjectsV2(b -> b.bucket("results").prefix("plans/steady/mock/p4/random-read/t2/runner-0/"))
        .contents()).isNotEmpty();
  }

  @Test
  void aCellOfFewerRunnersRunsOnTheFirstPodsAndACellOfMoreStartsAJobOfItsSize() throws Exception {
    // a table of its own: the rows this test writes must not be counted by another test's load
    Matrix two = matrix("sizes", 2, "table = sizes", batchWriteCase(SHORT));
    Matrix three = matrix("sizes", 3, "table = sizes", batchWriteCase(SHORT));
    new BindingTableAdmin(endpointProperties).ensureTable(RunnerSpecFactory.tableName(two, 4), 4);
    executor(two, "plans");
    PlannedCell cell = CellOrder.of(two, CellFilter.ALL, null).get(0);
    CellExecutor.Listener quiet = new CellExecutor.Listener() {
      @Override
      public void starting(int ready, int total) {
      }

      @Override
      public void running(double opsPerSecond) {
      }
    };
    List<RunnerSpec> ofTwo = new RunnerSpecFactory(two, endpointProperties, List.of("-Xmx256m"))
        .cell(cell, dir.resolve("out/two"));
    List<RunnerSpec> ofThree = new RunnerSpecFactory(three, endpointProperties, List.of("-Xmx256m"))
        .cell(CellOrder.of(three, CellFilter.ALL, null).get(0), dir.resolve("out/three"));

    CellOutcome first = cellExecutor.run(cell.key(), ofTwo, 8, quiet);
    CellOutcome fewer = cellExecutor.run(cell.key(),
        new RunnerSpecFactory(two, endpointProperties, List.of("-Xmx256m")).cell(cell, dir.resolve("out/one"))
            .subList(0, 1), 8, quiet);
    String firstJob = cellExecutor.jobName().orElseThrow();
    CellOutcome more = cellExecutor.run(cell.key(), ofThree, 8, quiet);

    assertThat(first.succeeded()).as(first.errors()).isTrue();
    assertThat(fewer.succeeded()).as(fewer.errors()).isTrue();
    assertThat(more.succeeded()).as(more.errors()).isTrue();
    assertThat(fewer.records()).hasSize(1);
    assertThat(more.records()).hasSize(3);
    // the one-runner cell ran on pod 0 of the plan's Job, which had served the cell before
    CellDone before = CellDone.read(dir.resolve("out/two/runner-0")).orElseThrow();
    CellDone after = CellDone.read(dir.resolve("out/one/runner-0")).orElseThrow();
    assertThat(after.pid()).isEqualTo(before.pid());
    assertThat(after.cellsServed()).isEqualTo(2);
    // three runners need three pods: a Job of that size, the two-pod one deleted
    assertThat(kubelet.createdJobs()).hasSize(2);
    assertThat(kubelet.createdJobs().get(0).getSpec().getCompletions()).isEqualTo(2);
    assertThat(kubelet.createdJobs().get(1).getSpec().getCompletions()).isEqualTo(3);
    assertThat(kubelet.deletedJobs()).contains(firstJob);
    assertThat(CellDone.read(dir.resolve("out/three/runner-2")).orElseThrow().cellsServed()).isEqualTo(1);
  }

  /** The plan's (first) Job. */
  private Job awaitPlanJob() throws InterruptedException {
    while (kubelet.createdJobs().isEmpty()) {
      Thread.sleep(100);
    }
    return kubelet.createdJobs().get(0);
  }
}
