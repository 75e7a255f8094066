package io.tablestoreycsb.planner.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.cluster.kubernetes.KubernetesTestCluster;
import io.tablestoreycsb.cluster.kubernetes.TestKubelet;
import io.tablestoreycsb.cluster.kubernetes.RunnerImages;
import io.tablestoreycsb.mock.junit.MockTablestoreExtension;
import io.tablestoreycsb.cluster.objectstore.EmbeddedS3;
import io.tablestoreycsb.planner.plan.Directories;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code capacity-plan run --executor kubernetes} as a user runs it: a separate planner process that finds
 * the cluster through KUBECONFIG and the object store's key in its environment, against fabric8's mock API
 * server with the test kubelet, the Tablestore mock and a real S3 server, all on 127.0.0.1. The same matrix
 * run locally gives a report with the same columns and the same cells. The same command line on a real cluster:
 * {@link KubernetesCommandLineRealClusterTest}.
 */
class KubernetesCommandLineTest {
  private static final Path WORKLOADS = Path.of("..", "workloads").toAbsolutePath().normalize();
  private static final String NAMESPACE = "cli";

  @RegisterExtension
  static final KubernetesTestCluster cluster = new KubernetesTestCluster(NAMESPACE, "results");
  @RegisterExtension
  static final MockTablestoreExtension tablestore = MockTablestoreExtension.withDefaults();

  /** A fresh directory with the endpoint's properties, a matrix of one read case and a kubeconfig. */
  private static Path prepare(String name, String threads, String duration) throws Exception {
    Path dir = Path.of("target", "kubernetes-cli-test", name).toAbsolutePath();
    Directories.deleteRecursively(dir);
    Files.createDirectories(dir);
    Path endpoint = dir.resolve("mock.properties");
    tablestore.mock().writeProperties(endpoint);
    Files.writeString(dir.resolve("matrix"), String.join("\n",
        "[plan]", "name = " + name, "instance-type = mock", "runners = 2", "partitions = 2",
        "rows-per-partition = 250", "load-threads = 2", "load-workload = " + WORKLOADS.resolve("tablestore-batch-write"),
        "property.fieldcount = 5", "property.fieldlength = 100",
        "[case random-read]", "workload = " + WORKLOADS.resolve("tablestore-random-read"),
        "phase = run", "measure = READ", "threads = " + threads, "duration = " + duration) + "\n");
    cluster.putSecret("capacity-plan", endpoint);
    Files.writeString(dir.resolve("kubeconfig"), String.join("\n",
        "apiVersion: v1", "kind: Config", "current-context: mock",
        "clusters:", "- name: mock", "  cluster:", "    server: " + cluster.client().getMasterUrl(),
        "    insecure-skip-tls-verify: true",
        "contexts:", "- name: mock", "  context:", "    cluster: mock", "    user: tester",
        "    namespace: " + NAMESPACE,
        "users:", "- name: tester", "  user:", "    token: not-a-secret") + "\n");
    return dir;
  }

  /** The environment a user gives the planner: the cluster through KUBECONFIG, the store's key. */
  private static Map<String, String> userEnvironment(Path dir) {
    return Map.of("KUBECONFIG", dir.resolve("kubeconfig").toString(),
        "AWS_ACCESS_KEY_ID", EmbeddedS3.ACCESS_KEY_ID, "AWS_SECRET_ACCESS_KEY", EmbeddedS3.SECRET_ACCESS_KEY);
  }

  /** {@code run --executor kubernetes} of the directory's matrix into DIR/k8s. */
  private List<String> kubernetesRun(Path dir) {
    return List.of("run", "--matrix", dir.resolve("matrix").toString(), "-P", dir.resolve("mock.properties").toString(),
        "--out", dir.resolve("k8s").toString(), "--executor", "kubernetes", "--image", RunnerImages.runnerImage(),
        "--runner-cpu", "1", "--runner-memory", "1Gi", "--start-lead", "5", "--progress-interval", "1",
        "--results", "s3://results/" + dir.getFileName(), "--results-endpoint", cluster.results().endpoint().toString(),
        "--results-path-style", "--results-region", "us-east-1");
  }

  @Test
  void theSamePlanOnKubernetesAndLocallyReportsTheSameCellsInTheSameColumns() throws Exception {
    Path dir = prepare("same-report", "1,2", "8s");
    Path matrix = dir.resolve("matrix");
    Path endpoint = dir.resolve("mock.properties");

    TestKubelet kubelet = cluster.startKubelet(dir.resolve("kubelet"));
    PlannerProcess.Result kubernetes = planner(dir, userEnvironment(dir), kubernetesRun(dir).toArray(String[]::new));
    assertThat(kubelet.failures()).isEmpty();
    assertThat(kubelet.createdJobs()).as("one Job serving a load and two cells").hasSize(1);
    assertThat(kubernetes.exit()).as(kubernetes.output()).isZero();
    assertThat(kubernetes.output()).contains("plan same-report (mock): 2 cells, 2 runners each")
        .contains("pods: ").contains("report: ");
    assertThat(cluster.client().batch().v1().jobs().inNamespace(NAMESPACE).list().getItems())
        .as("every Job deleted").isEmpty();

    PlannerProcess.Result local = planner(dir, Map.of(), "run", "--matrix", matrix.toString(), "-P", endpoint.toString(),
        "--out", dir.resolve("local").toString(), "--progress-interval", "1");
    assertThat(local.exit()).as(local.output()).isZero();

    List<String> k8sCsv = Files.readAllLines(dir.resolve("k8s/report.csv"));
    List<String> localCsv = Files.readAllLines(dir.resolve("local/report.csv"));
    assertThat(k8sCsv.get(0)).isEqualTo(localCsv.get(0));
    assertThat(cells(k8sCsv)).isEqualTo(cells(localCsv)).hasSize(2);
    // the Kubernetes report is merged from what the pods uploaded: a merged row per cell, nothing failed
    int failedColumn = List.of(k8sCsv.get(0).split(",")).indexOf("failed");
    for (String row : k8sCsv.subList(1, k8sCsv.size())) {
      assertThat(row.split(",")[failedColumn]).isEqualTo("0");
    }
    assertThat(Files.readString(dir.resolve("k8s/report.md"))).doesNotContain(EmbeddedS3.SECRET_ACCESS_KEY)
        .doesNotContain(tablestore.mock().accessKeySecret());
  }

  @Test
  void sigtermToThePlannerDeletesTheRunningJobBeforeItExits() throws Exception {
    Path dir = prepare("sigterm", "1", "60s");
    Path log = dir.resolve("planner.log");
    TestKubelet kubelet = cluster.startKubelet(dir.resolve("kubelet"));
    Process planner = PlannerProcess.start(log, userEnvironment(dir), kubernetesRun(dir).toArray(String[]::new));
    String cellJob = null;
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
    while (cellJob == null && System.nanoTime() < deadline && planner.isAlive()) {
      for (var job : kubelet.createdJobs()) {
        String name = job.getMetadata().getName();
        if (kubelet.started(name, 0) && kubelet.started(name, 1)) { // the plan's Job: its pods serve the load first
          cellJob = name;
        }
      }
      Thread.sleep(200);
    }
    assertThat(cellJob).as(Files.readString(log)).isNotNull();

    planner.destroy(); // SIGTERM, as kill or a CI runner's cancel sends it

    assertThat(planner.waitFor(60, TimeUnit.SECONDS)).as("the planner exits").isTrue();
    assertThat(kubelet.deletedJobs()).as(Files.readString(log)).contains(cellJob);
    assertThat(cluster.client().batch().v1().jobs().inNamespace(NAMESPACE).withName(cellJob).get()).isNull();
    assertThat(kubelet.failures()).isEmpty();
  }

  /** Runs the planner as a separate process, as bin/capacity-plan does, with {@code env} added. */
  private static PlannerProcess.Result planner(Path dir, Map<String, String> env, String... args)
      throws IOException, InterruptedException {
    return PlannerProcess.run(dir, env, Duration.ofMinutes(5), args);
  }

  private static Set<String> cells(List<String> csv) {
    return PlannerProcess.cells(csv);
  }
}
