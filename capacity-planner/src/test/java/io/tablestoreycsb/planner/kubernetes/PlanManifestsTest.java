package io.tablestoreycsb.planner.kubernetes;

import io.tablestoreycsb.planner.runner.KeySlice;
import io.tablestoreycsb.planner.runner.YcsbCall;
import io.tablestoreycsb.planner.runner.CellShape;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tablestoreycsb.cluster.kubernetes.KubernetesGroups;
import io.tablestoreycsb.cluster.kubernetes.KubernetesSettings;
import io.tablestoreycsb.cluster.kubernetes.SecretTemplate;
import io.tablestoreycsb.cluster.kubernetes.SecretKeys;
import io.tablestoreycsb.cluster.kubernetes.JibImage;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.tablestoreycsb.cluster.objectstore.ObjectStoreSettings;
import io.tablestoreycsb.cluster.objectstore.ObjectStoreUri;
import io.tablestoreycsb.planner.runner.CellKey;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The plan's Job read back as a Kubernetes object (fabric8's model), field by field, and its cells' handovers. */
class PlanManifestsTest {
  private static final String TABLESTORE_SECRET = "ts-secret-5e4d3c2b1a";
  private static final CellKey KEY = new CellKey("ecs.g7.2xlarge", "batch-write", 16, 32, "");

  @TempDir
  Path tmp;

  private List<RunnerSpec> specs(int runners) throws Exception {
    Path workload = tmp.resolve("tablestore-batch-write");
    Files.writeString(workload, "workload=site.ycsb.workloads.CoreWorkload\nrecordcount=1000\n");
    Path endpoint = tmp.resolve("endpoint.properties");
    Files.writeString(endpoint, "tablestore.accesskeysecret=" + TABLESTORE_SECRET + "\n");
    List<RunnerSpec> specs = new ArrayList<>();
    for (int i = 0; i < runners; i++) {
      Map<String, String> props = new LinkedHashMap<>();
      props.put("table", "usertable_p16");
      props.put("maxexecutiontime", "300");
      specs.add(new RunnerSpec(KEY, new CellShape(runners, "BATCH_WRITE", 200), "paper", i,
        new YcsbCall("io.tablestoreycsb.binding.TablestoreClient", workload, endpoint,
        props, 32, "-load"),
        1024, new KeySlice(i * 1000L, 1000), tmp.resolve("runner-" + i), List.of("-Xmx6g")));
    }
    return specs;
  }

  private static KubernetesSettings settings(String cpu, String memory) {
    return new KubernetesSettings("bench", "registry.cn-hangzhou.aliyuncs.com/me/tablestore-ycsb-runner:0.1.0", cpu,
        memory, Map.of("node.kubernetes.io/instance-type", "ecs.g7.2xlarge"),
        KubernetesSettings.parseTolerations(List.of("dedicated=bench:NoSchedule", "spot:NoExecute")),
        "capacity-plan", new ObjectStoreSettings(ObjectStoreUri.parse("s3://bench-results/plans"),
            URI.create("https://oss-cn-hangzhou-internal.aliyuncs.com"), "cn-hangzhou", false), 90);
  }

  private static PlanManifests plan(int runners, int generation) {
    return new PlanManifests(settings("8", "8Gi").results(), "paper", runners, generation, "1800000000000", true);
  }

  /** The plan's group as the Kubernetes executor starts it. */
  private static Job job(PlanManifests manifests) {
    return KubernetesGroups.manifest(settings("8", "8Gi"), manifests.group());
  }

  @Test
  void aPlanIsOneIndexedJobWithARunnerPerIndexServingTheSessionsCells() throws Exception {
    PlanManifests manifests = plan(5, 1);
    Job job = Serialization.unmarshal(Serialization.asYaml(job(manifests)), Job.class);

    assertThat(job.getApiVersion()).isEqualTo("batch/v1");
    assertThat(job.getKind()).isEqualTo("Job");
    assertThat(job.getMetadata().getName()).isEqualTo(manifests.jobName()).hasSizeLessThanOrEqualTo(63)
        .matches("[a-z0-9]([-a-z0-9]*[a-z0-9])?").startsWith("cp-paper-r5-");
    assertThat(job.getMetadata().getLabels()).containsEntry(PodLayout.LABEL_PLAN, "paper")
        .containsEntry(PodLayout.LABEL_RUNNERS, "5");
    assertThat(job.getMetadata().getNamespace()).isEqualTo("bench");
    assertThat(job.getSpec().getCompletionMode()).isEqualTo("Indexed");
    assertThat(job.getSpec().getCompletions()).isEqualTo(5);
    assertThat(job.getSpec().getParallelism()).isEqualTo(5);
    assertThat(job.getSpec().getBackoffLimit()).isZero();
    assertThat(job.getSpec().getActiveDeadlineSeconds()).isEqualTo(PlanManifests.ACTIVE_DEADLINE_SECONDS);
    // a Job replacing one that lost a pod has a name of its own; so has a plan of another size
    assertThat(plan(5, 2).jobName()).isNotEqualTo(manifests.jobName()).contains("-r5-g2-");
    assertThat(plan(3, 1).jobName()).isNotEqualTo(manifests.jobName());

    PodSpec pod = job.getSpec().getTemplate().getSpec();
    assertThat(pod.getRestartPolicy()).isEqualTo("Never");
    assertThat(pod.getNodeSelector()).containsExactly(Map.entry("node.kubernetes.io/instance-type", "ecs.g7.2xlarge"));
    assertThat(pod.getTolerations()).hasSize(2);
    assertThat(pod.getTolerations().get(0).getKey()).isEqualTo("dedicated");
    assertThat(pod.getTolerations().get(0).getOperator()).isEqualTo("Equal");
    assertThat(pod.getTolerations().get(0).getValue()).isEqualTo("bench");
    assertThat(pod.getTolerations().get(0).getEffect()).isEqualTo("NoSchedule");
    assertThat(pod.getTolerations().get(1).getOperator()).isEqualTo("Exists");
    assertThat(pod.getTolerations().get(1).getEffect()).isEqualTo("NoExecute");

    Container c = pod.getContainers().get(0);
    assertThat(c.getImage()).isEqualTo("registry.cn-hangzhou.aliyuncs.com/me/tablestore-ycsb-runner:0.1.0");
    assertThat(c.getResources().getRequests()).containsEntry("cpu", new Quantity("8")).containsEntry("memory", new Quantity("8Gi"));
    assertThat(c.getResources().getLimits()).isEqualTo(c.getResources().getRequests());
    assertThat(c.getCommand()).containsSubsequence("-cp", JibImage.CLASSPATH, PodRunner.class.getName())
        .containsSubsequence("--cells", "paper/cells/1800000000000")
        .containsSubsequence("--results", "s3://bench-results/plans")
        .containsSubsequence("--results-endpoint", "https://oss-cn-hangzhou-internal.aliyuncs.com")
        .containsSubsequence("--results-region", "cn-hangzhou")
        .doesNotContain("--results-path-style");
    // the object store key only through secretKeyRef, the endpoint properties only as a mounted Secret file
    assertThat(c.getEnv()).allSatisfy(e -> {
      assertThat(e.getValue()).isNull();
      assertThat(e.getValueFrom().getSecretKeyRef().getName()).isEqualTo("capacity-plan");
    });
    assertThat(c.getEnv()).extracting(e -> e.getName()).containsExactly("AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY");
    assertThat(pod.getVolumes()).filteredOn(v -> v.getSecret() != null).singleElement().satisfies(v -> {
      assertThat(v.getSecret().getSecretName()).isEqualTo("capacity-plan");
      assertThat(v.getSecret().getItems().get(0).getKey()).isEqualTo(SecretKeys.ENDPOINT_PROPERTIES);
    });
    assertThat(c.getVolumeMounts()).extracting(m -> m.getMountPath())
        .containsExactlyInAnyOrder(PodLayout.RESULT_DIR, PodLayout.ENDPOINT_DIR);
  }

  @Test
  void eachIndexFindsItsKeySliceAndThreadsInTheCellsHandover() throws Exception {
    CellHandover handover = CellHandover.fromJson(CellHandover.of(4, 1_800_000_000_000L, 300, specs(3)).toJson());
    assertThat(handover.seq()).isEqualTo(4);
    assertThat(handover.startAtEpochMs()).isEqualTo(1_800_000_000_000L);
    assertThat(handover.expectedSeconds()).isEqualTo(300);
    assertThat(handover.resultCell()).isEqualTo(KEY.relativeDir());
    assertThat(handover.workload()).contains("recordcount=1000");
    List<RunnerSpec> podSpecs = handover.specs();
    assertThat(podSpecs).extracting(RunnerSpec::runnerIndex).containsExactly(0, 1, 2);
    assertThat(podSpecs).extracting(s -> s.slice().insertStart()).containsExactly(0L, 1000L, 2000L);
    assertThat(podSpecs).extracting(s -> s.ycsb().threads()).containsOnly(32);
    assertThat(podSpecs.get(1).ycsbArguments(Path.of("/results")))
        .containsSubsequence("-p", "insertstart=1000").containsSubsequence("-threads", "32").contains("-load");
    assertThat(podSpecs.get(0).ycsb().workload()).isEqualTo(Path.of(PodLayout.RESULT_DIR, PodLayout.WORKLOAD_FILE));
    assertThat(podSpecs.get(0).ycsb().endpointProperties()).isEqualTo(Path.of(PodLayout.ENDPOINT_DIR, SecretKeys.ENDPOINT_PROPERTIES));
  }

  @Test
  void noManifestOrHandoverHoldsASecretLiteral() throws Exception {
    String rendered = Serialization.asYaml(job(plan(2, 1))) + CellHandover.of(1, 1L, 300, specs(2)).toJson()
        + Serialization.asYaml(SecretTemplate.of(settings("8", "8Gi")));
    assertThat(rendered).doesNotContain(TABLESTORE_SECRET).doesNotContain("accesskeysecret=");
  }

  @Test
  void theSecretTemplateHasEveryKeyTheJobReadsAndOnlyPlaceholders() {
    Secret secret = Serialization.unmarshal(Serialization.asYaml(SecretTemplate.of(settings("8", "8Gi"))), Secret.class);
    assertThat(secret.getMetadata().getName()).isEqualTo("capacity-plan");
    assertThat(secret.getStringData()).containsOnlyKeys(SecretKeys.ENDPOINT_PROPERTIES, SecretKeys.RESULTS_ACCESS_KEY_ID,
        SecretKeys.RESULTS_SECRET_ACCESS_KEY);
    assertThat(secret.getStringData().get(SecretKeys.RESULTS_SECRET_ACCESS_KEY)).isEqualTo(SecretTemplate.PLACEHOLDER);
    assertThat(secret.getStringData().get(SecretKeys.ENDPOINT_PROPERTIES))
        .contains("tablestore.accesskeysecret = " + SecretTemplate.PLACEHOLDER);
  }

  @Test
  void aCellsRateIsReadFromItsOwnLinesOfAPodsLogNotFromTheCellBefore() {
    String tail = String.join("\n", "pod-runner: cell 3: 5120 ops/s", "pod-runner: cell 3: uploaded 9 files",
        "pod-runner: cell 4: ready, waiting for the start instant");
    assertThat(RemoteCellExecutor.lastRate(tail, 4)).isEmpty();
    assertThat(RemoteCellExecutor.lastRate(tail + "\npod-runner: cell 4: 4096.5 ops/s", 4)).hasValue(4096.5);
    assertThat(RemoteCellExecutor.lastRate(tail, 3)).hasValue(5120);
  }

  @Test
  void badSettingsNameTheOption() {
    assertThatThrownBy(() -> settings("eight", "8Gi")).hasMessageContaining("--runner-cpu 'eight'");
    assertThatThrownBy(() -> settings("8", "8 GB")).hasMessageContaining("--runner-memory '8 GB'");
    assertThatThrownBy(() -> KubernetesSettings.parseTolerations(List.of("k=v:Sometimes")))
        .hasMessageContaining("--toleration 'k=v:Sometimes'");
    assertThatThrownBy(() -> KubernetesSettings.parseNodeSelector(List.of("novalue")))
        .hasMessageContaining("--node-selector 'novalue'");
    assertThatThrownBy(() -> PodRunner.indexFromEnvironment(null)).hasMessageContaining("Indexed Job");
  }
}
