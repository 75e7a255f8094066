package io.tablestoreycsb.planner.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.tablestoreycsb.cluster.kubernetes.ClusterAccess;
import io.tablestoreycsb.cluster.kubernetes.KubernetesGroups;
import io.tablestoreycsb.cluster.kubernetes.KubernetesSettings;
import io.tablestoreycsb.cluster.kubernetes.PodLogs;
import io.tablestoreycsb.cluster.kubernetes.RunnerImages;
import io.tablestoreycsb.cluster.kubernetes.RealCluster;
import io.tablestoreycsb.cluster.kubernetes.RunningJob;
import io.tablestoreycsb.cluster.objectstore.TestBucket;
import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.planner.matrix.Matrix;
import io.tablestoreycsb.planner.matrix.MatrixParser;
import io.tablestoreycsb.planner.report.ReportData;
import io.tablestoreycsb.planner.plan.BindingTableAdmin;
import io.tablestoreycsb.planner.plan.CellFilter;
import io.tablestoreycsb.planner.plan.CellOrder;
import io.tablestoreycsb.planner.plan.Plan;
import io.tablestoreycsb.planner.plan.Directories;
import io.tablestoreycsb.planner.plan.Progress;
import io.tablestoreycsb.planner.plan.RunnerSpecFactory;
import io.tablestoreycsb.planner.runner.RunnerRecord;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * Plans through the Kubernetes executor on the real one-node cluster {@code .ci/with-kubernetes} runs: a real
 * kube-apiserver, Job controller, scheduler, garbage collector and kubelet, pods of the runner image Jib
 * built, the Tablestore mock and the S3 server bound to the address of the pods' bridge. What fabric8's
 * mock API server and the test kubelet ({@link KubernetesPlanTest}) cannot show: the Job controller's own
 * reaction to a lost pod, pods that end Completed, and what the garbage collector leaves.
 */
@EnabledIfEnvironmentVariable(named = RealCluster.KUBECONFIG_ENV, matches = ".+",
    disabledReason = "no real cluster: .ci/with-kubernetes starts one and exports its kubeconfig")
class KubernetesRealClusterTest {
  private static final Path WORKLOADS = Path.of("..", "workloads").toAbsolutePath().normalize();

  private static RealCluster cluster;
  private static TestBucket bucket;
  private static MockTablestore tablestore;

  private Path dir;
  private Path endpointProperties;
  private RemoteCellExecutor cellExecutor;
  private final ByteArrayOutputStream log = new ByteArrayOutputStream();

  @BeforeAll
  static void startServers() throws Exception {
    cluster = RealCluster.fromEnvironment("cp-test").orElseThrow();
    bucket = new TestBucket("results", cluster.host());
    bucket.start();
    tablestore = MockTablestore.builder().host(cluster.host()).start();
  }

  @AfterAll
  static void stopServers() throws Exception {
    if (tablestore != null) {
      tablestore.close();
    }
    if (bucket != null) {
      bucket.close();
    }
    if (cluster != null) {
      cluster.close();
    }
  }

  @BeforeEach
  void setUp(org.junit.jupiter.api.TestInfo test) throws Exception {
    dir = Path.of("target", "kubernetes-real-cluster-test", test.getTestMethod().orElseThrow().getName())
        .toAbsolutePath();
    Directories.deleteRecursively(dir);
    Files.createDirectories(dir);
    endpointProperties = dir.resolve("mock.properties");
    tablestore.writeProperties(endpointProperties);
    cluster.putSecret("capacity-plan", endpointProperties);
  }

  @AfterEach
  void tearDown() throws Exception {
    if (cellExecutor != null) {
      cellExecutor.close();
    }
    Files.writeString(dir.resolve("planner.log"), log.toString(StandardCharsets.UTF_8));
  }

  private Matrix matrix(String plan, String... cases) throws Exception {
    List<String> lines = new ArrayList<>(List.of("[plan]", "name = " + plan, "instance-type = mock", "runners = 2",
        "partitions = 4", "rows-per-partition = 250", "load-threads = 2",
        "load-workload = " + WORKLOADS.resolve("tablestore-batch-write"),
        "property.fieldcount = 5", "property.fieldlength = 100"));
    lines.addAll(List.of(cases));
    Path file = dir.resolve("matrix");
    Files.writeString(file, String.join("\n", lines) + "\n");
    return MatrixParser.parse(file);
  }

  private static String readCase(String name, String duration) {
    return String.join("\n", "[case " + name + "]", "workload = " + WORKLOADS.resolve("tablestore-random-read"),
        "phase = run", "measure = READ", "threads = 2", "duration = " + duration);
  }

  private Plan plan(Matrix matrix) {
    return plan(matrix, cluster.client());
  }

  private Plan plan(Matrix matrix, io.fabric8.kubernetes.client.KubernetesClient client) {
    // two pods of 900m on a node of 2 cores; the first cell's start lead covers scheduling and JVM start
    KubernetesSettings settings = new KubernetesSettings(cluster.namespace(), RunnerImages.runnerImage(), "900m",
        "1Gi", Map.of(), List.of(), "capacity-plan", bucket.settings("plans"), 45);
    cellExecutor = new RemoteCellExecutor(new KubernetesGroups(new ClusterAccess(client, PodLogs.of(client),
        s -> bucket.client()), settings, "this planner"));
    return new Plan(matrix, new RunnerSpecFactory(matrix, endpointProperties, List.of("-Xmx256m")), cellExecutor,
        new BindingTableAdmin(endpointProperties), dir.resolve("out"),
        new Progress(new PrintStream(log, true, StandardCharsets.UTF_8), Duration.ofSeconds(1)));
  }

  private String output() {
    return log.toString(StandardCharsets.UTF_8);
  }

  @Test
  void aPlannerWithOnlyTheRoleRenderWritesRunsAPlanToItsReportItsPodsEndCompletedAndNothingIsLeft() throws Exception {
    Matrix matrix = matrix("real", readCase("random-read", "8s"));
    for (var object : PlannerRole.objects(cluster.namespace())) {
      cluster.client().resource(object).createOr(r -> r.update());
    }
    int failed;
    try (var planner = cluster.clientAs(PlannerRole.NAME)) {
      // least privilege holds: the account can do nothing the Role does not grant
      org.assertj.core.api.Assertions.assertThatThrownBy(
          () -> planner.secrets().inNamespace(cluster.namespace()).withName("capacity-plan").get())
          .hasMessageContaining("forbidden");
      failed = plan(matrix, planner).run(CellOrder.of(matrix, CellFilter.ALL, null));
      cellExecutor.close();
    }

    assertThat(failed).as(output()).isZero();
    assertThat(output()).contains("verified 1,000 rows");
    assertThat(ReportData.collect(List.of(dir.resolve("out"))).rows()).singleElement()
        .satisfies(row -> assertThat(row.rates().failed()).isZero());
    // told that the plan had ended, each pod exited by itself: Completed, exit code 0 (not SIGTERM's 143)
    List<Pod> pods = cluster.lastSeenPods().values().stream()
        .filter(p -> p.getMetadata().getName().startsWith("cp-real-")).toList();
    assertThat(pods).hasSize(2).allSatisfy(pod -> {
      ContainerStateTerminated end = pod.getStatus().getContainerStatuses().get(0).getState().getTerminated();
      assertThat(end).as(pod.getMetadata().getName()).isNotNull();
      assertThat(end.getReason()).isEqualTo("Completed");
      assertThat(end.getExitCode()).isZero();
    });
    assertThat(cluster.emptiedWithin(60)).as("no Job and no pod left in " + cluster.namespace()).isTrue();
  }

  /** Runs the plan while {@code action} acts on its Job once runner 1 measures cell 2 (the load is cell 1). */
  private int runAndMidCell2(Matrix matrix, Consumer<Job> action) throws Exception {
    Plan plan = plan(matrix);
    Thread actor = new Thread(() -> {
      try {
        Job job = awaitJob();
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(4);
        while (System.nanoTime() < deadline) {
          Pod pod = pod(job, 1);
          String podLog = "";
          try {
            podLog = pod == null ? "" : cluster.client().pods().inNamespace(cluster.namespace())
                .withName(pod.getMetadata().getName()).getLog();
          } catch (io.fabric8.kubernetes.client.KubernetesClientException notYet) {
            // the container is still being created: no log yet
          }
          if (podLog != null && podLog.matches("(?s).*pod-runner: cell 2: \\d+ ops/s.*")) {
            action.accept(job);
            return;
          }
          Thread.sleep(500);
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (RuntimeException e) {
        e.printStackTrace();
      }
    });
    actor.start();
    int failed = plan.run(CellOrder.of(matrix, CellFilter.ALL, null));
    actor.join();
    return failed;
  }

  private Job awaitJob() throws InterruptedException {
    while (true) {
      List<Job> jobs = cluster.client().batch().v1().jobs().inNamespace(cluster.namespace()).list().getItems();
      if (!jobs.isEmpty()) {
        return jobs.get(0);
      }
      Thread.sleep(200);
    }
  }

  private Pod pod(Job job, int index) {
    return cluster.client().pods().inNamespace(cluster.namespace())
        .withLabel(RunningJob.LABEL_JOB_NAME, job.getMetadata().getName()).list().getItems().stream()
        .filter(p -> RunningJob.index(p) == index).findFirst().orElse(null);
  }

  @Test
  void aRunnerPodDeletedMidCellIsNamedAsTheCauseAndTheOtherAsStoppedByTheJobController() throws Exception {
    Matrix matrix = matrix("lost", readCase("random-read", "30s"), readCase("after", "8s"));
    String[] deleted = new String[1];
    int failed = runAndMidCell2(matrix, job -> {
      Pod pod = Objects.requireNonNull(pod(job, 1));
      deleted[0] = pod.getMetadata().getName();
      cluster.client().pods().inNamespace(cluster.namespace()).withName(deleted[0]).delete(); // kubectl delete pod
    });
    cellExecutor.close();

    assertThat(deleted[0]).as(output()).isNotNull();
    assertThat(failed).as(output()).isEqualTo(1);
    String lost = RunnerRecord.read(dir.resolve("out/mock/p4/random-read/t2/runner-1/runner.json")).error();
    String stopped = RunnerRecord.read(dir.resolve("out/mock/p4/random-read/t2/runner-0/runner.json")).error();
    assertThat(lost).as(output()).startsWith("pod " + deleted[0] + " was deleted").contains("BackoffLimitExceeded");
    assertThat(stopped).as(output()).contains("was stopped by the Job controller when the Job failed (BackoffLimitExceeded")
        .contains("after it lost runner 1 (pod " + deleted[0] + ")");
    assertThat(output()).contains("after p=4 threads=2: done");
    assertThat(cluster.emptiedWithin(60)).as("no Job and no pod left in " + cluster.namespace()).isTrue();
  }

  @Test
  void aJobDeletedByHandMidCellFailsTheCellAndTheNextCellRunsOnANewJob() throws Exception {
    Matrix matrix = matrix("deleted", readCase("random-read", "30s"), readCase("after", "8s"));
    String[] deleted = new String[1];
    int failed = runAndMidCell2(matrix, job -> {
      deleted[0] = job.getMetadata().getName();
      cluster.client().batch().v1().jobs().inNamespace(cluster.namespace()).withName(deleted[0])
          .withPropagationPolicy(io.fabric8.kubernetes.api.model.DeletionPropagation.BACKGROUND).delete();
    });
    cellExecutor.close();

    assertThat(deleted[0]).as(output()).isNotNull();
    assertThat(failed).as(output()).isEqualTo(1);
    assertThat(output()).contains("random-read p=4 threads=2: FAILED").contains("after p=4 threads=2: done");
    for (int r = 0; r < 2; r++) {
      assertThat(RunnerRecord.read(dir.resolve("out/mock/p4/random-read/t2/runner-" + r + "/runner.json")).error())
          .as(output()).contains("was deleted with its Job, which someone other than this planner deleted");
    }
    assertThat(cluster.emptiedWithin(60)).as("no Job and no pod left in " + cluster.namespace()).isTrue();
  }

  @Test
  void aKubeletStoppedMidCellTakesItsNodeNotReadyWhileItsPodsFinishTheCellAndThePlanReports() throws Exception {
    Matrix matrix = matrix("frozen", readCase("random-read", "75s"), readCase("after", "8s"));
    List<String> nodeStates = new java.util.concurrent.CopyOnWriteArrayList<>();
    int failed;
    try {
      failed = runAndMidCell2(matrix, job -> {
        try {
          cluster.freezeKubelet(true);
          // the node controller marks a node whose lease is not renewed Unknown within ~50 s
          long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
          while (System.nanoTime() < deadline && "True".equals(cluster.nodeReady())) {
            Thread.sleep(1000);
          }
          nodeStates.add(cluster.nodeReady());
        } catch (Exception e) {
          throw new IllegalStateException(e);
        } finally {
          try {
            cluster.freezeKubelet(false);
          } catch (Exception e) {
            e.printStackTrace();
          }
        }
      });
    } finally {
      cluster.freezeKubelet(false);
    }
    cellExecutor.close();

    assertThat(nodeStates).as(output()).containsExactly("Unknown");
    // the containers ran on while their node was NotReady: the cell and the one after it have every runner
    assertThat(failed).as(output()).isZero();
    assertThat(ReportData.collect(List.of(dir.resolve("out"))).rows()).hasSize(2)
        .allSatisfy(row -> assertThat(row.shape().runners()).isEqualTo(2));
    assertThat(cluster.emptiedWithin(120)).as("no Job and no pod left in " + cluster.namespace()).isTrue();
  }
}
