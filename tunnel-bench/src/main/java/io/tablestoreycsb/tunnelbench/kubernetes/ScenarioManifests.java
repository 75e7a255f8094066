package io.tablestoreycsb.tunnelbench.kubernetes;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import io.fabric8.kubernetes.api.model.WeightedPodAffinityTermBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.tablestoreycsb.cluster.kubernetes.IndexedJobManifest;
import io.tablestoreycsb.cluster.kubernetes.JibImage;
import io.tablestoreycsb.cluster.kubernetes.ObjectNames;
import io.tablestoreycsb.cluster.kubernetes.KubernetesSettings;
import io.tablestoreycsb.cluster.kubernetes.SecretKeys;
import io.tablestoreycsb.cluster.options.ObjectStoreOptions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The two Indexed Jobs of one scenario. The writer is a Job of one pod, which ends when its write time
 * is over. The K consumers are a Job of K pods (pod K is consumer K) that run until the coordinator
 * has seen every written row consumed and asks them to stop: they are one consumer group, so a consumer
 * that fails must not take the others with it, and is not started again behind the coordinator's back
 * (its channels go to the others; a new worker would only take some back). So that Job allows each
 * index one try ({@code backoffLimitPerIndex: 0}) and every index but one to fail; with the default
 * {@code backoffLimit: 0} a single lost consumer would fail the Job and Kubernetes would stop the
 * others. Consumers prefer nodes without another consumer of the scenario (the paper's servers each ran
 * one). Credentials reach a pod only from the Secret: the endpoint properties as a mounted file, the
 * object store's key through {@code secretKeyRef}.
 */
public final class ScenarioManifests {
  /** The pod's JVM runs the writer or consumer itself: its heap is the process's. */
  static final String CONTAINER = "tunnel-bench";

  private final KubernetesSettings settings;
  private final ScenarioKeys keys;
  private final String name;
  private final int consumers;
  private final List<String> jvmOptions;
  private final List<String> writerArgs;
  private final List<String> consumerArgs;
  private final long activeDeadlineSeconds;

  /**
   * @param keys the scenario's place in the object store
   * @param name the scenario's directory name (scenario-01-c2-p4)
   * @param jvmOptions the pods' JVM options (the local run's --child-jvm-opts)
   * @param writerArgs the writer's arguments, without --dir and --endpoint-file
   * @param consumerArgs every consumer's, without --dir, --endpoint-file and --acks
   * @param activeDeadlineSeconds Kubernetes stops the pods after this long
   */
  public ScenarioManifests(KubernetesSettings settings, ScenarioKeys keys, String name, int consumers,
      List<String> jvmOptions, List<String> writerArgs, List<String> consumerArgs, long activeDeadlineSeconds) {
    this.settings = settings;
    this.keys = keys;
    this.name = name;
    this.consumers = consumers;
    this.jvmOptions = List.copyOf(jvmOptions);
    this.writerArgs = List.copyOf(writerArgs);
    this.consumerArgs = List.copyOf(consumerArgs);
    this.activeDeadlineSeconds = activeDeadlineSeconds;
  }

  /** "tb-scenario-01-c2-p4-1a2b3c4d5e-writer": readable, unique per run and scenario, a DNS label. */
  public String jobName(String group) {
    String readable = "tb-" + name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]+", "-");
    if (readable.length() > 36) {
      readable = readable.substring(0, 36).replaceAll("-+$", "");
    }
    return readable + "-" + ObjectNames.shortHash(keys.scenario()) + "-" + group;
  }

  public Job writerJob() {
    return job(ScenarioKeys.WRITER_GROUP, 1, writerArgs).build();
  }

  public Job consumerJob() {
    JobBuilder job = job(ScenarioKeys.CONSUMER_GROUP, consumers, consumerArgs);
    job.editSpec()
        .withBackoffLimit(null)
        .withBackoffLimitPerIndex(0)
        .withMaxFailedIndexes(Math.max(0, consumers - 1))
        .editTemplate().editSpec()
          .withNewAffinity().withNewPodAntiAffinity()
            .withPreferredDuringSchedulingIgnoredDuringExecution(new WeightedPodAffinityTermBuilder()
                .withWeight(100).withNewPodAffinityTerm().withTopologyKey("kubernetes.io/hostname")
                .withLabelSelector(new LabelSelectorBuilder().withMatchLabels(labels(ScenarioKeys.CONSUMER_GROUP))
                    .build())
                .endPodAffinityTerm().build())
          .endPodAntiAffinity().endAffinity()
        .endSpec().endTemplate()
        .endSpec();
    return job.build();
  }

  public Map<String, String> labels(String group) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(PodLayout.LABEL_APP, PodLayout.APP);
    labels.put(PodLayout.LABEL_SCENARIO, ObjectNames.shortHash(keys.scenario()));
    labels.put(PodLayout.LABEL_ROLE, group);
    return labels;
  }

  /** The container's command: the pod's main with where results go, then the process's own arguments. */
  public List<String> command(String group, List<String> processArgs) {
    List<String> cmd = new ArrayList<>(JibImage.javaCommand(jvmOptions, PodMain.class.getName()));
    cmd.add("--group");
    cmd.add(group);
    cmd.add("--scenario");
    cmd.add(keys.scenario());
    cmd.add("--work-dir");
    cmd.add(PodLayout.WORK_DIR);
    cmd.add("--endpoint-file");
    cmd.add(PodLayout.ENDPOINT_DIR + "/" + SecretKeys.ENDPOINT_PROPERTIES);
    cmd.addAll(ObjectStoreOptions.arguments(settings.results()));
    cmd.add("--");
    cmd.addAll(processArgs);
    return cmd;
  }

  private JobBuilder job(String group, int completions, List<String> processArgs) {
    List<EnvVar> env = new ArrayList<>(SecretKeys.objectStoreEnv(settings.secretName()));
    // the consumer's host in the report: the node the pod runs on
    env.add(new EnvVarBuilder().withName(io.tablestoreycsb.tunnelbench.child.Host.NODE_NAME_ENV).withNewValueFrom().withNewFieldRef()
        .withFieldPath("spec.nodeName").endFieldRef().endValueFrom().build());
    JobBuilder job = IndexedJobManifest.builder(settings, jobName(group), labels(group), completions,
        activeDeadlineSeconds, CONTAINER, command(group, processArgs), env);
    job.editSpec().editTemplate().editSpec()
        .editFirstContainer()
          .addToVolumeMounts(new VolumeMountBuilder().withName("endpoint").withMountPath(PodLayout.ENDPOINT_DIR)
              .withReadOnly(true).build())
          .addToVolumeMounts(new VolumeMountBuilder().withName("results").withMountPath(PodLayout.WORK_DIR).build())
        .endContainer()
        .addToVolumes(SecretKeys.endpointVolume("endpoint", settings.secretName()))
        .addToVolumes(new VolumeBuilder().withName("results").withNewEmptyDir().endEmptyDir().build())
        .endSpec().endTemplate().endSpec();
    return job;
  }

}
