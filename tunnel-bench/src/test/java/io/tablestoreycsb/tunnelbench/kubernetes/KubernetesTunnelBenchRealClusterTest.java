package io.tablestoreycsb.tunnelbench.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.tablestoreycsb.cluster.kubernetes.RealCluster;
import io.tablestoreycsb.cluster.objectstore.EmbeddedS3;
import io.tablestoreycsb.cluster.objectstore.TestBucket;
import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.tunnelbench.ReportCsv;
import io.tablestoreycsb.tunnelbench.TunnelBenchCli;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfEnvironmentVariable;

/**
 * {@code tunnel-bench --executor kubernetes} as a user runs it, a separate process that finds the cluster
 * through KUBECONFIG and the object store's key in its environment, on the real one-node cluster
 * {@code .ci/with-kubernetes} runs: the Job controller, the scheduler and the kubelet start pods of the
 * tunnel-bench image Jib built, which reach the Tablestore mock and the S3 server on the address of the pods'
 * bridge. One small scenario (a writer and two consumers on two partitions, a few seconds of writing): what
 * one 2-core node runs in about a minute. Skipped without a real cluster; {@link KubernetesTunnelBenchTest}
 * runs the executor on fabric8's mock API server with the test kubelet (and what only it can do: kill a pod
 * as the OOM killer would, refuse an image).
 */
@EnabledIfEnvironmentVariable(named = RealCluster.KUBECONFIG_ENV, matches = ".+",
    disabledReason = "no real cluster: .ci/with-kubernetes starts one and exports its kubeconfig")
class KubernetesTunnelBenchRealClusterTest {
  private static RealCluster cluster;
  private static TestBucket bucket;
  private static MockTablestore tablestore;

  @BeforeAll
  static void startServers() throws Exception {
    cluster = RealCluster.fromEnvironment("tb-test").orElseThrow();
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
  void aScenarioRunsAsPodsOfTheImageAndEveryWrittenRowIsConsumed() throws Exception {
    Path dir = Path.of("target", "kubernetes-tunnel-real-cluster-test").toAbsolutePath();
    KubernetesTunnelBenchTest.deleteRecursively(dir);
    Files.createDirectories(dir);
    Path endpoint = dir.resolve("mock.properties");
    tablestore.writeProperties(endpoint);
    cluster.putSecret("capacity-plan", endpoint);
    Path scenarios = dir.resolve("scenarios");
    Files.writeString(scenarios, String.join("\n", "[plan]", "name = real", "table-prefix = real",
        "write-time = 5s", "warmup = 1s", "writer-threads = 1", "batch-rows = 100", "rows-per-second = 2000",
        "drain-timeout = 60s", "[scenario two]", "consumers = 2", "partitions = 2") + "\n");

    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), TunnelBenchCli.class.getName(),
        "-P", endpoint.toString(), "--scenarios", scenarios.toString(), "--out", dir.resolve("out").toString(),
        "--executor", "kubernetes", "--namespace", cluster.namespace(), "--image", KubernetesTunnelBenchTest.IMAGE,
        "--runner-cpu", "600m", "--runner-memory", "768Mi", "--results", "s3://results/runs",
        "--results-endpoint", bucket.endpoint().toString(), "--results-path-style", "--results-region", "us-east-1",
        "--child-jvm-opts", "-Xmx256m -XX:+UseSerialGC -XX:TieredStopAtLevel=1"));
    Path log = dir.resolve("tunnel-bench.log");
    ProcessBuilder pb = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    pb.environment().remove("AWS_ACCESS_KEY_ID");
    pb.environment().remove("AWS_SECRET_ACCESS_KEY");
    pb.environment().putAll(Map.of("KUBECONFIG", System.getenv(RealCluster.KUBECONFIG_ENV),
        "AWS_ACCESS_KEY_ID", EmbeddedS3.ACCESS_KEY_ID, "AWS_SECRET_ACCESS_KEY", EmbeddedS3.SECRET_ACCESS_KEY));
    Process process = pb.start();
    if (!process.waitFor(4, TimeUnit.MINUTES)) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
    }
    int exit = process.waitFor();
    String output = Files.readString(log, StandardCharsets.UTF_8);

    assertThat(exit).as(output).isZero();
    assertThat(output).contains("written rows consumed");
    Map<String, String> row = ReportCsv.read(dir.resolve("out").resolve("report.csv")).get(0);
    long written = Long.parseLong(row.get("rows_written"));
    assertThat(written).as(output).isPositive();
    assertThat(Long.parseLong(row.get("rows_consumed"))).isEqualTo(written);
    assertThat(row.get("missing")).isEqualTo("0");
    assertThat(row.get("passed")).isEqualTo("true");
    // the two consumers ran on the cluster's one node, named by the downward API
    List<Map<String, String>> hosts = ReportCsv.read(dir.resolve("out").resolve("report-hosts.csv"));
    String node = cluster.client().nodes().list().getItems().get(0).getMetadata().getName();
    assertThat(hosts).filteredOn(h -> h.get("consumers").equals("2")).extracting(h -> h.get("host"))
        .containsExactly(node);
    // the writer's and the consumers' pods ran the image and exited by themselves; nothing is left
    List<Pod> pods = List.copyOf(cluster.lastSeenPods().values());
    assertThat(pods).as(output).hasSize(3).allSatisfy(pod -> {
      assertThat(pod.getSpec().getContainers().get(0).getImage()).isEqualTo(KubernetesTunnelBenchTest.IMAGE);
      assertThat(pod.getSpec().getNodeName()).isEqualTo(node);
    });
    assertThat(cluster.emptiedWithin(60)).as("no Job and no pod left in " + cluster.namespace()).isTrue();
    assertThat(Files.readString(dir.resolve("out").resolve("report.md"))).doesNotContain(EmbeddedS3.SECRET_ACCESS_KEY)
        .doesNotContain(tablestore.accessKeySecret());
  }
}
