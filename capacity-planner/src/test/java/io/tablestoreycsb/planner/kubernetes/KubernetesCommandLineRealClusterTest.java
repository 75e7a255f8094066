package io.tablestoreycsb.planner.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.Pod;
import io.tablestoreycsb.cluster.kubernetes.RunnerImages;
import io.tablestoreycsb.cluster.kubernetes.RealCluster;
import io.tablestoreycsb.cluster.objectstore.EmbeddedS3;
import io.tablestoreycsb.cluster.objectstore.TestBucket;
import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.planner.plan.Directories;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * The planner's command line on the real one-node cluster {@code .ci/with-kubernetes} runs, as a user goes
 * from a matrix to a report: {@code capacity-plan render} (its Job and Secret template pass the API server's
 * validation, its Role is applied with kubectl), {@code capacity-plan run --executor kubernetes} as a separate
 * process acting as that Role's ServiceAccount through a kubeconfig, pods of the runner image Jib built, and
 * {@code capacity-plan report} of the results location. The matrix is {@code workloads/matrix/quick} as
 * shipped, shrunk to what one 2-core node holds in a minute or two: 2 runners, {@code --only
 * case=random-read,partitions=1} (a load and 2 cells). Skipped without a real cluster;
 * {@link KubernetesCommandLineTest} runs the command line on fabric8's mock API server.
 */
@EnabledIfEnvironmentVariable(named = RealCluster.KUBECONFIG_ENV, matches = ".+",
    disabledReason = "no real cluster: .ci/with-kubernetes starts one and exports its kubeconfig")
class KubernetesCommandLineRealClusterTest {
  private static final Path WORKLOADS = Path.of("..", "workloads").toAbsolutePath().normalize();
  private static final Pattern TOKEN_LINE = Pattern.compile("(?m)^(\\s+token:).*$");

  private static RealCluster cluster;
  private static TestBucket bucket;
  private static MockTablestore tablestore;

  @BeforeAll
  static void startServers() throws Exception {
    cluster = RealCluster.fromEnvironment("cp-cli").orElseThrow();
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

  @Test
  void theQuickMatrixShrunkRendersRunsOnTheClusterAsThePlannersServiceAccountAndReportsFromTheStore()
      throws Exception {
    Path dir = Path.of("target", "kubernetes-cli-real-cluster-test").toAbsolutePath();
    Directories.deleteRecursively(dir);
    Files.createDirectories(dir);
    Path endpoint = dir.resolve("mock.properties");
    tablestore.writeProperties(endpoint);
    cluster.putSecret("capacity-plan", endpoint);
    // workloads/matrix/quick as shipped, its workload paths made absolute and 2 runners rather than 5
    String quick = Files.readString(WORKLOADS.resolve("matrix/quick"));
    assertThat(quick).contains("runners = 5");
    Path matrix = dir.resolve("quick");
    Files.writeString(matrix, quick.replace("= workloads/", "= " + WORKLOADS + "/")
        .replace("runners = 5", "runners = 2"));
    String results = "s3://results/cli";
    List<String> planOptions = List.of("--matrix", matrix.toString(), "--only", "case=random-read,partitions=1",
        "--namespace", cluster.namespace(), "--image", RunnerImages.runnerImage(),
        "--runner-cpu", "900m", "--runner-memory", "1Gi", "--results", results);
    List<String> storeOptions = List.of("--results-endpoint", bucket.endpoint().toString(), "--results-path-style",
        "--results-region", "us-east-1");

    // render: the manifests a user applies; the API server accepts them, and the planner's Role is applied
    Path manifests = dir.resolve("manifests");
    PlannerProcess.Result render = PlannerProcess.run(dir, Map.of(), Duration.ofMinutes(2),
        concat(List.of("render", "--executor", "kubernetes", "--out", manifests.toString()), planOptions,
            storeOptions));
    assertThat(render.exit()).as(render.output()).isZero();
    Path job;
    try (Stream<Path> files = Files.list(manifests)) {
      job = files.filter(f -> f.getFileName().toString().startsWith("01-cp-quick-r2-")).findFirst().orElseThrow();
    }
    Kubectl.Result dryRun = Kubectl.run(dir, "apply", "--dry-run=server",
        "-f", manifests.resolve("00-secret-template.yaml").toString(), "-f", job.toString());
    assertThat(dryRun.exit()).as(dryRun.output()).isZero();
    assertThat(dryRun.output()).contains("job.batch/" + job.getFileName().toString()
        .replaceFirst("^01-", "").replaceFirst("\\.yaml$", "") + " created (server dry run)");
    Kubectl.Result role = Kubectl.run(dir, "apply", "-f", manifests.resolve("02-planner-role.yaml").toString());
    assertThat(role.exit()).as(role.output()).isZero();
    Path kubeconfig = plannerKubeconfig(dir);

    // run: the planner as the ServiceAccount render wrote, no more rights than its Role; --yes, since the
    // planner asks before a plan against any endpoint but loopback (here the mock on the pods' bridge)
    Map<String, String> env = Map.of("KUBECONFIG", kubeconfig.toString(),
        "AWS_ACCESS_KEY_ID", EmbeddedS3.ACCESS_KEY_ID, "AWS_SECRET_ACCESS_KEY", EmbeddedS3.SECRET_ACCESS_KEY);
    PlannerProcess.Result run = PlannerProcess.run(dir, env, Duration.ofMinutes(5),
        concat(List.of("run", "--executor", "kubernetes", "-P", endpoint.toString(), "--out", dir.resolve("k8s").toString(),
            "--start-lead", "15", "--progress-interval", "2", "--yes"), planOptions, storeOptions));
    Files.writeString(dir.resolve("planner.log"), run.output());
    assertThat(run.exit()).as(run.output()).isZero();
    assertThat(run.output()).contains("plan quick (mock): 2 cells, 2 runners each").contains("verified 2,000 rows")
        .contains("report: ");
    List<String> csv = Files.readAllLines(dir.resolve("k8s/report.csv"));
    assertThat(PlannerProcess.cells(csv)).containsExactly("mock/random-read/1/2", "mock/random-read/1/8");
    List<String> header = List.of(csv.get(0).split(","));
    for (String row : csv.subList(1, csv.size())) {
      String[] v = row.split(",");
      assertThat(v[header.indexOf("runners")]).as(row).isEqualTo("2");
      assertThat(v[header.indexOf("failed")]).as(row).isEqualTo("0");
      assertThat(Double.parseDouble(v[header.indexOf("qps_rows")])).as(row).isPositive();
    }
    // told that the plan had ended, each pod exited by itself (Completed), and nothing is left
    List<Pod> pods = cluster.lastSeenPods().values().stream()
        .filter(p -> p.getMetadata().getName().startsWith("cp-quick-")).toList();
    assertThat(pods).as(run.output()).hasSize(2).allSatisfy(pod -> {
      ContainerStateTerminated end = pod.getStatus().getContainerStatuses().get(0).getState().getTerminated();
      assertThat(end).as(pod.getMetadata().getName()).isNotNull();
      assertThat(end.getReason()).isEqualTo("Completed");
    });
    assertThat(cluster.emptiedWithin(60)).as("no Job and no pod left in " + cluster.namespace()).isTrue();

    // report: the same cells again, from what the pods uploaded to the results location
    PlannerProcess.Result report = PlannerProcess.run(dir, env, Duration.ofMinutes(2),
        concat(List.of("report", results, "--out", dir.resolve("from-store").toString()), List.of(), storeOptions));
    assertThat(report.exit()).as(report.output()).isZero();
    List<String> fromStore = Files.readAllLines(dir.resolve("from-store/report.csv"));
    assertThat(fromStore.get(0)).isEqualTo(csv.get(0));
    assertThat(PlannerProcess.cells(fromStore)).isEqualTo(PlannerProcess.cells(csv));
    assertThat(Files.readString(dir.resolve("k8s/report.md"))).doesNotContain(EmbeddedS3.SECRET_ACCESS_KEY)
        .doesNotContain(tablestore.accessKeySecret());
  }

  /**
   * The cluster's kubeconfig with the token of the ServiceAccount render's Role binds ({@code kubectl create
   * token}) in place of the admin's, in the test's namespace: what a user hands a planner of least privilege.
   */
  private static Path plannerKubeconfig(Path dir) throws IOException, InterruptedException {
    Kubectl.Result token = Kubectl.run(dir, "-n", cluster.namespace(), "create", "token", PlannerRole.NAME,
        "--duration", "1h");
    assertThat(token.exit()).as("kubectl create token exited %d", token.exit()).isZero();
    String admin = Files.readString(Path.of(System.getenv(RealCluster.KUBECONFIG_ENV)));
    Matcher tokenLine = TOKEN_LINE.matcher(admin);
    assertThat(tokenLine.results().count()).as("token lines in the cluster's kubeconfig").isEqualTo(1);
    String planner = TOKEN_LINE.matcher(admin).replaceFirst("$1 " + Matcher.quoteReplacement(token.output().strip()))
        .replace("namespace: default", "namespace: " + cluster.namespace());
    Path file = dir.resolve("planner.kubeconfig");
    Files.writeString(file, planner, StandardCharsets.UTF_8);
    return file;
  }

  @SafeVarargs
  private static String[] concat(List<String>... parts) {
    List<String> all = new ArrayList<>();
    for (List<String> part : parts) {
      all.addAll(part);
    }
    return all.toArray(String[]::new);
  }

  /** kubectl on the cluster's admin kubeconfig, as a user types it. */
  private static final class Kubectl {
    record Result(int exit, String output) {}

    static Result run(Path dir, String... args) throws IOException, InterruptedException {
      List<String> command = new ArrayList<>(List.of("kubectl", "--kubeconfig", System.getenv(RealCluster.KUBECONFIG_ENV)));
      command.addAll(List.of(args));
      // its output read here, never written to a file: kubectl create token prints a credential
      Process p = new ProcessBuilder(command)
          .redirectError(ProcessBuilder.Redirect.appendTo(dir.resolve("kubectl-stderr.log").toFile())).start();
      String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!p.waitFor(60, TimeUnit.SECONDS)) {
        p.destroyForcibly();
      }
      return new Result(p.waitFor(), output);
    }
  }
}
