package io.tablestoreycsb.tunnelbench;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.tablestoreycsb.cluster.kubernetes.SecretKeys;
import io.tablestoreycsb.cluster.kubernetes.SecretTemplate;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** tunnel-bench render: the manifests of a Kubernetes run, written without a cluster. */
class RenderCommandTest {
  @TempDir
  Path dir;

  @Test
  void theQuickScenariosRenderAsConsumerAndWriterJobsThatReadCredentialsOnlyFromTheSecret() throws Exception {
    Path out = dir.resolve("manifests");
    StringWriter stdout = new StringWriter();
    StringWriter stderr = new StringWriter();
    int exit = TunnelBenchCli.run(new String[] {"render", "--executor", "kubernetes", "--scenarios",
        Path.of("..", "workloads", "tunnel", "quick").toString(), "--out", out.toString(), "--image",
        "registry.example.com/tsy/tunnel-bench:1", "--results", "s3://bench-results/tunnel", "--results-endpoint",
        "https://oss-cn-hangzhou-internal.aliyuncs.com", "--results-region", "cn-hangzhou", "--secret", "tunnel-creds",
        "--runner-cpu", "16", "--runner-memory", "64Gi"}, new PrintWriter(stdout, true), new PrintWriter(stderr, true));

    assertThat(exit).as("stdout:%n%s%nstderr:%n%s", stdout, stderr).isZero();
    assertThat(stdout.toString()).contains("wrote the Secret template and the Jobs of 6 scenarios of quick");
    List<Path> files;
    try (Stream<Path> list = Files.list(out)) {
      files = list.sorted().toList();
    }
    assertThat(files).extracting(f -> f.getFileName().toString()).containsExactly("00-secret-template.yaml",
        "01-scenario-01-c1-p1.yaml", "02-scenario-02-c1-p4.yaml", "03-scenario-03-c1-p8.yaml",
        "04-scenario-04-c2-p1.yaml", "05-scenario-05-c2-p4.yaml", "06-scenario-06-c2-p8.yaml");

    Secret template = Serialization.unmarshal(Files.readString(files.get(0)), Secret.class);
    assertThat(template.getMetadata().getName()).isEqualTo("tunnel-creds");
    assertThat(template.getStringData()).containsKeys(SecretKeys.ENDPOINT_PROPERTIES, SecretKeys.RESULTS_ACCESS_KEY_ID,
        SecretKeys.RESULTS_SECRET_ACCESS_KEY).allSatisfy((k, v) -> assertThat(v).contains(SecretTemplate.PLACEHOLDER));

    // scenario 5: two consumers on four partitions
    String yaml = Files.readString(files.get(5));
    List<HasMetadata> objects = Serialization.unmarshal(yaml);
    assertThat(objects).hasSize(2).allMatch(o -> o instanceof Job);
    Job consumers = (Job) objects.get(0);
    Job writer = (Job) objects.get(1);
    assertThat(consumers.getMetadata().getName()).endsWith("-consumers");
    assertThat(consumers.getSpec().getCompletions()).isEqualTo(2);
    assertThat(consumers.getSpec().getCompletionMode()).isEqualTo("Indexed");
    assertThat(consumers.getSpec().getBackoffLimitPerIndex()).as("a lost consumer is not restarted").isZero();
    assertThat(consumers.getSpec().getMaxFailedIndexes()).as("nor does it fail the others").isEqualTo(1);
    assertThat(consumers.getSpec().getTemplate().getSpec().getAffinity().getPodAntiAffinity()
        .getPreferredDuringSchedulingIgnoredDuringExecution()).singleElement()
        .satisfies(t -> assertThat(t.getPodAffinityTerm().getTopologyKey()).isEqualTo("kubernetes.io/hostname"));
    assertThat(writer.getSpec().getCompletions()).isEqualTo(1);
    assertThat(writer.getSpec().getBackoffLimit()).isZero();

    for (Job job : List.of(consumers, writer)) {
      Container c = job.getSpec().getTemplate().getSpec().getContainers().get(0);
      assertThat(c.getImage()).isEqualTo("registry.example.com/tsy/tunnel-bench:1");
      assertThat(c.getResources().getLimits().get("cpu").toString()).isEqualTo("16");
      // credentials only by reference: no variable carries a value of its own except none at all
      for (EnvVar e : c.getEnv()) {
        assertThat(e.getValue()).as(e.getName()).isNull();
        assertThat(e.getValueFrom()).as(e.getName()).isNotNull();
      }
      assertThat(c.getEnv()).filteredOn(e -> e.getName().startsWith("AWS_")).allSatisfy(e ->
          assertThat(e.getValueFrom().getSecretKeyRef().getName()).isEqualTo("tunnel-creds"));
      assertThat(c.getEnv()).filteredOn(e -> e.getName().equals("NODE_NAME")).singleElement().satisfies(e ->
          assertThat(e.getValueFrom().getFieldRef().getFieldPath()).isEqualTo("spec.nodeName"));
      assertThat(job.getSpec().getTemplate().getSpec().getVolumes()).anySatisfy(v ->
          assertThat(v.getSecret().getSecretName()).isEqualTo("tunnel-creds"));
      String command = String.join(" ", c.getCommand()).toLowerCase(java.util.Locale.ROOT);
      assertThat(command).contains("--results s3://bench-results/tunnel").contains("--endpoint-file /etc/")
          .doesNotContain("accesskey").doesNotContain("secret").doesNotContain("password");
    }
    assertThat(String.join(" ", consumers.getSpec().getTemplate().getSpec().getContainers().get(0).getCommand()))
        .contains("--tunnel-id " + RenderCommand.TUNNEL_ID_PLACEHOLDER).contains("--table tunnelbench_quick_p4_c2");
    assertThat(String.join(" ", writer.getSpec().getTemplate().getSpec().getContainers().get(0).getCommand()))
        .contains("--duration-ms 15000").contains("--group writer");
  }

  @Test
  void renderWithoutAnImageSaysWhatIsMissing() {
    StringWriter stderr = new StringWriter();
    int exit = TunnelBenchCli.run(new String[] {"render", "--executor", "kubernetes", "--quick", "--out",
        dir.resolve("m").toString(), "--results", "s3://bench-results/p"}, new PrintWriter(new StringWriter()),
        new PrintWriter(stderr, true));

    assertThat(exit).isEqualTo(2);
    assertThat(stderr.toString()).contains("--image is required");
  }
}
