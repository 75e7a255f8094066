package io.tablestoreycsb.planner.kubernetes;

import io.tablestoreycsb.cluster.kubernetes.JibImage;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.ConfigMapBuilder;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.tablestoreycsb.cluster.kubernetes.IndexedJobManifest;
import io.tablestoreycsb.cluster.kubernetes.KubernetesSettings;
import io.tablestoreycsb.cluster.kubernetes.SecretKeys;
import io.tablestoreycsb.cluster.options.ObjectStoreOptions;
import io.tablestoreycsb.planner.runner.CellKey;
import io.tablestoreycsb.planner.runner.RunnerSpec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The Kubernetes objects of one cell (or load step): an Indexed Job whose pod {@code i} runs runner
 * {@code i} (its key slice and threads are found by {@code JOB_COMPLETION_INDEX} in the cell's
 * ConfigMap), and that ConfigMap. Credentials reach the pod only from the Secret: the endpoint
 * properties as a mounted file, the object store's key through {@code secretKeyRef}.
 */
public final class CellManifests {
  private static final ObjectMapper JSON = new ObjectMapper();
  /** The pod's own JVM (it starts the runner JVM, then uploads): small, beside the runner's heap. */
  private static final List<String> POD_JVM_OPTIONS = List.of("-Xmx128m", "-XX:TieredStopAtLevel=1");

  private final KubernetesSettings settings;
  private final List<RunnerSpec> specs;
  private final long startAtEpochMs;
  private final long expectedSeconds;
  private final long activeDeadlineSeconds;

  /**
   * @param specs the cell's runners, index order, as the planner made them for local runs
   * @param startAtEpochMs the instant every runner starts its run
   * @param expectedSeconds how long a runner should run once started
   * @param activeDeadlineSeconds Kubernetes stops the Job's pods after this long
   */
  public CellManifests(KubernetesSettings settings, List<RunnerSpec> specs, long startAtEpochMs,
      long expectedSeconds, long activeDeadlineSeconds) {
    if (specs.isEmpty()) {
      throw new IllegalArgumentException("a cell needs at least one runner");
    }
    for (int i = 0; i < specs.size(); i++) {
      if (specs.get(i).runnerIndex() != i) {
        throw new IllegalArgumentException("runner specs must be in index order: position " + i + " holds runner "
            + specs.get(i).runnerIndex());
      }
    }
    this.settings = settings;
    this.specs = List.copyOf(specs);
    this.startAtEpochMs = startAtEpochMs;
    this.expectedSeconds = expectedSeconds;
    this.activeDeadlineSeconds = activeDeadlineSeconds;
  }

  public CellKey key() {
    return specs.get(0).key();
  }

  public String plan() {
    return specs.get(0).plan();
  }

  /** Job (and ConfigMap) name: readable prefix, hash of plan, cell and phase for uniqueness; at most 63 characters. */
  public String jobName() {
    RunnerSpec first = specs.get(0);
    String readable = ("cp-" + dnsSafe(plan()) + "-" + dnsSafe(key().caseName()) + "-p" + key().partitions());
    if (readable.length() > 48) {
      readable = readable.substring(0, 48);
    }
    readable = readable.replaceAll("-+$", "");
    return readable + "-" + hash(plan() + "\n" + key().relativeDir() + "\n" + first.phaseFlag());
  }

  /** The cell's path in the result store (below the plan). */
  public String resultCell() {
    return key().relativeDir();
  }

  public Map<String, String> labels() {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(PodLayout.LABEL_APP, PodLayout.APP);
    labels.put(PodLayout.LABEL_PLAN, labelValue(plan()));
    labels.put(PodLayout.LABEL_CELL, hash(key().relativeDir()));
    return labels;
  }

  /** The ConfigMap: every runner's spec (paths as seen in the pod) and the workload file. */
  public ConfigMap configMap() throws IOException {
    List<RunnerSpec> podSpecs = new ArrayList<>();
    for (RunnerSpec s : specs) {
      podSpecs.add(new RunnerSpec(s.key(), s.plan(), s.runnerIndex(), s.runners(), s.db(),
          Path.of(PodLayout.CELL_DIR, PodLayout.CELL_WORKLOAD_KEY),
          s.endpointProperties() == null ? null : Path.of(PodLayout.ENDPOINT_DIR, SecretKeys.ENDPOINT_PROPERTIES),
          s.properties(), s.threads(), s.phaseFlag(), s.measure(), s.rowsPerRequest(), s.rowBytes(), s.insertStart(),
          s.insertCount(), Path.of(PodLayout.RESULT_DIR), podJvmOptions(s.jvmOptions())));
    }
    return new ConfigMapBuilder()
        .withNewMetadata().withName(jobName()).withNamespace(settings.namespace()).withLabels(labels()).endMetadata()
        .addToData(PodLayout.CELL_RUNNERS_KEY, runnersJson(podSpecs))
        .addToData(PodLayout.CELL_WORKLOAD_KEY, Files.readString(specs.get(0).workload(), StandardCharsets.UTF_8))
        .build();
  }

  /** The planner's Log4j configuration path means nothing in the pod: the image has its own. */
  private static List<String> podJvmOptions(List<String> options) {
    return options.stream().map(o -> o.startsWith(LOG4J_OPTION) ? LOG4J_OPTION + PodLayout.IMAGE_LOG4J_CONFIG : o)
        .toList();
  }

  private static final String LOG4J_OPTION = "-Dlog4j2.configurationFile=";

  private static String runnersJson(List<RunnerSpec> podSpecs) {
    try {
      return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(podSpecs);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write the runner specs as JSON", e);
    }
  }

  /** The container's command: the pod runner with where its inputs are and where results go. */
  public List<String> command() {
    List<String> cmd = new ArrayList<>(JibImage.javaCommand(POD_JVM_OPTIONS, PodRunner.class.getName()));
    cmd.add("--cell");
    cmd.add(PodLayout.CELL_DIR + "/" + PodLayout.CELL_RUNNERS_KEY);
    cmd.add("--workload");
    cmd.add(PodLayout.CELL_DIR + "/" + PodLayout.CELL_WORKLOAD_KEY);
    if (hasEndpointProperties()) {
      cmd.add("--endpoint-properties");
      cmd.add(PodLayout.ENDPOINT_DIR + "/" + SecretKeys.ENDPOINT_PROPERTIES);
    }
    cmd.add("--result-dir");
    cmd.add(PodLayout.RESULT_DIR);
    cmd.add("--start-at");
    cmd.add(Long.toString(startAtEpochMs));
    cmd.add("--expected-seconds");
    cmd.add(Long.toString(expectedSeconds));
    cmd.addAll(ObjectStoreOptions.arguments(settings.results()));
    return cmd;
  }

  private boolean hasEndpointProperties() {
    return specs.get(0).endpointProperties() != null;
  }

  public Job job() {
    // A runner that failed has failed its cell: the planner reports it and goes on; rerunning the plan
    // (resume) runs the cell again, and its new attempts replace the old ones.
    JobBuilder job = IndexedJobManifest.builder(settings, jobName(), labels(), specs.size(), activeDeadlineSeconds,
        "runner", command(), SecretKeys.objectStoreEnv(settings.secretName()));
    job.editSpec().editTemplate().editSpec()
        .editFirstContainer()
          .addToVolumeMounts(new VolumeMountBuilder().withName("cell").withMountPath(PodLayout.CELL_DIR)
              .withReadOnly(true).build())
          .addToVolumeMounts(new VolumeMountBuilder().withName("results").withMountPath(PodLayout.RESULT_DIR)
              .build())
        .endContainer()
        .addToVolumes(new VolumeBuilder().withName("cell").withNewConfigMap().withName(jobName())
            .endConfigMap().build())
        .addToVolumes(new VolumeBuilder().withName("results").withNewEmptyDir().endEmptyDir().build())
        .endSpec().endTemplate().endSpec();
    if (hasEndpointProperties()) {
      job.editSpec().editTemplate().editSpec()
          .editFirstContainer()
            .addToVolumeMounts(new VolumeMountBuilder().withName("endpoint").withMountPath(PodLayout.ENDPOINT_DIR)
                .withReadOnly(true).build())
          .endContainer()
          .addToVolumes(SecretKeys.endpointVolume("endpoint", settings.secretName()))
          .endSpec().endTemplate().endSpec();
    }
    return job.build();
  }

  static String dnsSafe(String s) {
    String safe = s.toLowerCase(java.util.Locale.ROOT).replaceAll("[^a-z0-9-]+", "-").replaceAll("^-+|-+$", "");
    return safe.isEmpty() ? "x" : safe;
  }

  private static String labelValue(String s) {
    String v = s.replaceAll("[^A-Za-z0-9_.-]+", "_");
    v = v.length() > 63 ? v.substring(0, 63) : v;
    return v.replaceAll("^[^A-Za-z0-9]+|[^A-Za-z0-9]+$", "");
  }

  static String hash(String s) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 5);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  @Override
  public String toString() {
    return "CellManifests[" + jobName() + ", " + Objects.requireNonNull(key()).label() + "]";
  }
}
