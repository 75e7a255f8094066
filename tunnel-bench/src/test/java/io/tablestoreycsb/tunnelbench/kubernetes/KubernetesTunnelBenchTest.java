package io.tablestoreycsb.tunnelbench.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.tablestoreycsb.cluster.kubernetes.ClusterAccess;
import io.tablestoreycsb.cluster.kubernetes.KubernetesTestCluster;
import io.tablestoreycsb.cluster.kubernetes.RunnerImages;
import io.tablestoreycsb.cluster.kubernetes.TestKubelet;
import io.tablestoreycsb.cluster.objectstore.EmbeddedS3;
import io.tablestoreycsb.cluster.objectstore.S3Clients;
import io.tablestoreycsb.mock.junit.MockTablestoreExtension;
import io.tablestoreycsb.tunnelbench.ReportCsv;
import io.tablestoreycsb.tunnelbench.TunnelBenchCliAccess;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * tunnel-bench --executor kubernetes end to end: fabric8's mock API server (CRUD), the test kubelet
 * running each Job index as a local process on two "nodes", the real SDK's writer and TunnelWorkers against
 * the Tablestore mock on 127.0.0.1, every file between the pods and the coordinator through a real S3 server
 * on 127.0.0.1. Pods of the tunnel-bench image on a real cluster: {@link KubernetesTunnelBenchRealClusterTest}.
 */
class KubernetesTunnelBenchTest {
  static final String NAMESPACE = "test";
  /** The image -Prunner-image builds (tunnel-bench's pom passes its name), tagged with the project's version. */
  static final String IMAGE = System.getProperty("tunnel.image", RunnerImages.ofThisVersion("tablestore-ycsb-tunnel-bench"));

  @RegisterExtension
  static final KubernetesTestCluster cluster = new KubernetesTestCluster(NAMESPACE, "results");
  @RegisterExtension
  static final MockTablestoreExtension tablestore = MockTablestoreExtension.withDefaults();

  Path dir;
  Path endpointProperties;
  TestKubelet kubelet;

  @BeforeEach
  void setUp(org.junit.jupiter.api.TestInfo test) throws Exception {
    dir = Path.of("target", "kubernetes-tunnel-test", test.getTestMethod().orElseThrow().getName()).toAbsolutePath();
    deleteRecursively(dir);
    Files.createDirectories(dir);
    endpointProperties = dir.resolve("mock.properties");
    tablestore.mock().writeProperties(endpointProperties);
    cluster.putSecret("capacity-plan", endpointProperties);
    kubelet = cluster.startKubelet(dir.resolve("kubelet"));
    kubelet.nodes("node-a", "node-b");
  }

  /** Runs tunnel-bench with {@code args} and the test cluster's options; returns exit status and output. */
  Result run(Path scenarios, String... args) {
    List<String> all = new ArrayList<>(List.of("-P", endpointProperties.toString(), "--scenarios",
        scenarios.toString(), "--out", dir.resolve("out").toString(), "--executor", "kubernetes",
        "--namespace", NAMESPACE, "--image", IMAGE, "--runner-cpu", "1", "--runner-memory", "1Gi",
        "--results", "s3://results/runs", "--results-endpoint", cluster.results().endpoint().toString(),
        "--results-path-style", "--child-jvm-opts", "-Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1"));
    all.addAll(List.of(args));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = TunnelBenchCliAccess.run(all.toArray(String[]::new), new PrintWriter(out, true),
        new PrintWriter(err, true), () -> new ClusterAccess(cluster.client(), kubelet::tail,
            settings -> S3Clients.create(settings, EmbeddedS3.credentials())));
    return new Result(exit, out.toString(), err.toString());
  }

  record Result(int exit, String out, String err) {
    @Override
    public String toString() {
      return "exit " + exit + "\nstdout:\n" + out + "\nstderr:\n" + err;
    }
  }

  Path scenarios(String... sections) throws IOException {
    List<String> lines = new ArrayList<>(List.of(
        "[plan]",
        "name = kube",
        "table-prefix = kube",
        "write-time = 3s",
        "warmup = 1s",
        "writer-threads = 1",
        "batch-rows = 100",
        "rows-per-second = 2000",
        "drain-timeout = 60s"));
    lines.addAll(List.of(sections));
    Path file = dir.resolve("scenarios");
    Files.writeString(file, String.join("\n", lines) + "\n");
    return file;
  }

  @Test
  void scenariosRunAsJobsAndTheirReportMergesEveryConsumersUploadedResults() throws Exception {
    Result r = run(scenarios(System.getProperty("only.two") != null ? new String[] {"[scenario two]", "consumers = 2",
        "partitions = 4"} : new String[] {"[scenario one]", "consumers = 1", "partitions = 1",
        "[scenario two]", "consumers = 2", "partitions = 4"}));

    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(kubelet.failures()).isEmpty();
    assertThat(r.out()).containsPattern("\\[scenario 1/2\\] 1 consumer, 1 partition: pods: [^\\n]*(Pending|Running)")
        .contains("written rows consumed");

    // per scenario a writer Job of one pod and a consumers' Job of K, every one deleted at the end
    assertThat(kubelet.createdJobs()).extracting(j -> j.getMetadata().getName() + "=" + j.getSpec().getCompletions())
        .anyMatch(n -> n.endsWith("-writer=1")).anyMatch(n -> n.endsWith("-consumers=2"));
    for (Job job : kubelet.createdJobs()) {
      assertThat(job.getSpec().getCompletionMode()).isEqualTo("Indexed");
      String yaml = Serialization.asYaml(job);
      assertThat(yaml).doesNotContain(tablestore.mock().accessKeySecret()).doesNotContain(EmbeddedS3.SECRET_ACCESS_KEY);
    }
    assertThat(cluster.client().batch().v1().jobs().inNamespace(NAMESPACE).list().getItems()).isEmpty();

    List<Map<String, String>> rows = csv(dir.resolve("out").resolve("report.csv"));
    assertThat(rows).hasSize(2);
    for (Map<String, String> row : rows) {
      long written = Long.parseLong(row.get("rows_written"));
      assertThat(written).isPositive();
      assertThat(Long.parseLong(row.get("rows_consumed"))).isEqualTo(written);
      assertThat(row.get("missing")).isEqualTo("0");
      assertThat(Double.parseDouble(row.get("lag_p99_ms"))).isPositive();
      assertThat(Double.parseDouble(row.get("consumer_cpu_cores"))).isPositive();
      assertThat(row.get("passed")).isEqualTo("true");
    }
    // the consumers of the second scenario ran on the two nodes: a row each in the per-host figures, and a total
    List<Map<String, String>> hosts = csv(dir.resolve("out").resolve("report-hosts.csv"));
    assertThat(hosts).filteredOn(h -> h.get("consumers").equals("2")).extracting(h -> h.get("host"))
        .containsExactly("node-a", "node-b");
    assertThat(hosts).filteredOn(h -> h.get("consumers").equals("2"))
        .allSatisfy(h -> assertThat(Double.parseDouble(h.get("cpu_cores"))).isPositive());
    assertThat(Files.readString(dir.resolve("out").resolve("report.md"))).contains("| 2 consumers, 4 partitions | all 2"
        + " hosts | 2 |");
    System.out.println(r.out());
  }

  @Test
  void aConsumerPodKilledMidRunHandsItsChannelsToTheOtherAndNoRowIsLost() throws Exception {
    Path scenarios = scenarios("[scenario kill]", "consumers = 2", "partitions = 4", "write-time = 10s",
        "rows-per-second = 1500", "drain-timeout = 120s");
    Path killedSamples = dir.resolve("out").resolve("scenario-01-c2-p4").resolve("consumer-1")
        .resolve(io.tablestoreycsb.tunnelbench.child.ChildFiles.SAMPLES);
    long[] rowsAtKill = {-1};
    Thread killer = new Thread(() -> {
      try {
        // once consumer 1 has synced some rows (its samples, as the coordinator mirrors them), as the OOM killer would
        while (rowsAtKill[0] < 0) {
          List<io.tablestoreycsb.tunnelbench.child.Sample> samples = Files.isRegularFile(killedSamples)
              ? io.tablestoreycsb.tunnelbench.child.SampleLog.read(killedSamples) : List.of();
          long rows = samples.isEmpty() ? 0 : samples.get(samples.size() - 1).rows();
          if (rows >= 1000) {
            String job = kubelet.createdJobs().stream().map(j -> j.getMetadata().getName())
                .filter(n -> n.endsWith("-consumers")).findFirst().orElseThrow();
            kubelet.kill(job, 1, "OOMKilled");
            rowsAtKill[0] = rows;
          }
          Thread.sleep(200);
        }
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }, "killer");
    killer.setDaemon(true);
    killer.start();

    Result r = run(scenarios);
    killer.join(1000);

    assertThat(rowsAtKill[0]).as("consumer 1 was killed mid-run%n%s", r).isPositive();
    assertThat(r.exit()).as(r.toString()).isZero();
    assertThat(r.out()).containsPattern("consumer-1 lost \\(pod \\S+ on node-b, phase Failed, OOMKilled \\(exit code"
        + " 137\\)\\), its channels taken over by the others");
    List<Map<String, String>> rows = csv(dir.resolve("out").resolve("report.csv"));
    long written = Long.parseLong(rows.get(0).get("rows_written"));
    assertThat(written).as("10 s at 1,500 rows/s").isGreaterThan(5_000);
    assertThat(rows.get(0).get("missing")).isEqualTo("0");
    assertThat(Long.parseLong(rows.get(0).get("rows_consumed"))).isEqualTo(written);
    assertThat(rows.get(0).get("passed")).isEqualTo("true");
    assertThat(Files.readString(dir.resolve("out").resolve("report.md"))).contains("## Consumers lost while syncing")
        .containsPattern("- 2 consumers, 4 partitions: consumer-1: pod \\S+ on node-b, [^\\n]*OOMKilled[^\\n]*"
            + "\\(every written row was still consumed\\)");
    // the lost consumer's figures stay on its host, up to the moment it was lost
    List<Map<String, String>> hosts = csv(dir.resolve("out").resolve("report-hosts.csv"));
    assertThat(hosts).extracting(h -> h.get("host")).containsExactly("node-a", "node-b");
    assertThat(Long.parseLong(hosts.get(1).get("rows_handed"))).isGreaterThanOrEqualTo(rowsAtKill[0]);
    // consumer 1's channels resumed at consumer 0 from their checkpoints: the order checked across the move
    assertThat(r.out()).containsPattern("[1-9]\\d* channels? moved between consumers, order checked across the move");
    // each store of the rows so far carried what was new since the one before (its rows and pages), less than
    // the whole set of rows so far (here a few KB; StoredSegmentsTest shows a store's size not growing with it)
    Path scenarioDir = dir.resolve("out").resolve("scenario-01-c2-p4");
    java.util.regex.Matcher stores = java.util.regex.Pattern.compile("rows so far: ([\\d,]+) stores, ([\\d,]+) bytes"
        + " \\(([\\d,]+) a store\\); as whole sets ([\\d,]+) bytes \\(([\\d,]+) a store\\)")
        .matcher(Files.readString(scenarioDir.resolve("consumer-0").resolve("stderr.log")));
    assertThat(stores.find()).as("consumer-0's log tells what its stores cost").isTrue();
    System.out.println("consumer-0 " + stores.group());
    assertThat(number(stores.group(1))).isPositive();
    assertThat(number(stores.group(2))).isLessThan(number(stores.group(4)));
    System.out.println(r.out());
  }

  private static long number(String digits) {
    return Long.parseLong(digits.replace(",", ""));
  }

  @Test
  void aPodThatCannotStartFailsTheScenarioAtOnceWithItsReason() throws Exception {
    kubelet.cannotPull(IMAGE);

    Result r = run(scenarios("[scenario one]", "consumers = 1", "partitions = 1"));

    assertThat(r.exit()).as(r.toString()).isEqualTo(1);
    assertThat(r.out()).containsPattern("FAILED: (writer|consumer-0) exited before it was ready: pod tb-\\S+ on node-a:"
        + " ImagePullBackOff: Back-off pulling image \"" + IMAGE + "\"").doesNotContain("not all ready within");
    assertThat(Files.readString(dir.resolve("out").resolve("report.md"))).contains("## Failures")
        .contains("ImagePullBackOff");
    assertThat(cluster.client().batch().v1().jobs().inNamespace(NAMESPACE).list().getItems()).as("deleted").isEmpty();
  }

  private static List<Map<String, String>> csv(Path file) throws IOException {
    return ReportCsv.read(file);
  }

  static void deleteRecursively(Path path) throws IOException {
    if (!Files.exists(path)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(path)) {
      for (Path p : walk.sorted(java.util.Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }
}
