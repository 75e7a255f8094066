package io.tablestoreycsb.tunnelbench.kubernetes;

import io.tablestoreycsb.cluster.kubernetes.ObjectNames;
import io.tablestoreycsb.cluster.kubernetes.SecretKeys;
import io.tablestoreycsb.cluster.launch.GroupSpec;
import io.tablestoreycsb.cluster.objectstore.ObjectStoreSettings;
import io.tablestoreycsb.cluster.options.ObjectStoreOptions;
import io.tablestoreycsb.tunnelbench.child.Host;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The two groups of pods of one scenario (on Kubernetes two Indexed Jobs: {@code KubernetesGroups.manifest}). The writer is a Job of one pod, which ends when its write time
 * is over. The K consumers are a Job of K pods (pod K is consumer K) that run until the coordinator
 * has seen every written row consumed and asks them to stop: they are one consumer group, so a consumer
 * that fails must not take the others with it, and is not started again behind the coordinator's back
 * (its channels go to the others; a new worker would only take some back). So that Job allows each
 * index one try ({@code backoffLimitPerIndex: 0}) and every index but one to fail; with the default
 * {@code backoffLimit: 0} a single lost consumer would fail the Job and Kubernetes would stop the
 * others ({@link GroupSpec.Failures#EACH_ALONE}). Consumers prefer nodes without another consumer of the
 * scenario (the paper's servers each ran one). Credentials reach a pod only from the Secret: the endpoint
 * properties as a mounted file, the object store's key through {@code secretKeyRef}.
 */
public final class ScenarioManifests {
  /** The pod's JVM runs the writer or consumer itself: its heap is the process's. */
  static final String CONTAINER = "tunnel-bench";

  private final ObjectStoreSettings results;
  private final ScenarioKeys keys;
  private final String name;
  private final int consumers;
  private final List<String> jvmOptions;
  private final List<String> writerArgs;
  private final List<String> consumerArgs;
  private final long activeDeadlineSeconds;

  /**
   * @param results where the pods upload their result sets
   * @param keys the scenario's place in the object store
   * @param name the scenario's directory name (scenario-01-c2-p4)
   * @param jvmOptions the pods' JVM options (the local run's --child-jvm-opts)
   * @param writerArgs the writer's arguments, without --dir and --endpoint-file
   * @param consumerArgs every consumer's, without --dir, --endpoint-file and --acks
   * @param activeDeadlineSeconds Kubernetes stops the pods after this long
   */
  public ScenarioManifests(ObjectStoreSettings results, ScenarioKeys keys, String name, int consumers,
      List<String> jvmOptions, List<String> writerArgs, List<String> consumerArgs, long activeDeadlineSeconds) {
    this.results = results;
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

  /** The writer: one pod, which ends when its write time is over. */
  public GroupSpec writerGroup() {
    return group(ScenarioKeys.WRITER_GROUP, 1, writerArgs, GroupSpec.Failures.TOGETHER, false);
  }

  /** The consumers: each fails alone, and they prefer nodes without another consumer of the scenario. */
  public GroupSpec consumerGroup() {
    return group(ScenarioKeys.CONSUMER_GROUP, consumers, consumerArgs, GroupSpec.Failures.EACH_ALONE, true);
  }

  public Map<String, String> labels(String group) {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(PodLayout.LABEL_APP, PodLayout.APP);
    labels.put(PodLayout.LABEL_SCENARIO, ObjectNames.shortHash(keys.scenario()));
    labels.put(PodLayout.LABEL_ROLE, group);
    return labels;
  }

  /** The pod main's arguments: where results go, then the process's own arguments. */
  public List<String> args(String group, List<String> processArgs) {
    List<String> args = new ArrayList<>();
    args.add("--group");
    args.add(group);
    args.add("--scenario");
    args.add(keys.scenario());
    args.add("--work-dir");
    args.add(PodLayout.WORK_DIR);
    args.add("--endpoint-file");
    args.add(PodLayout.ENDPOINT_DIR + "/" + SecretKeys.ENDPOINT_PROPERTIES);
    args.addAll(ObjectStoreOptions.arguments(results));
    args.add("--");
    args.addAll(processArgs);
    return args;
  }

  /** The consumer's host in the report is the node its pod runs on ({@link Host#NODE_NAME_ENV}). */
  private GroupSpec group(String group, int size, List<String> processArgs, GroupSpec.Failures failures,
      boolean spread) {
    return new GroupSpec(jobName(group), labels(group), size, activeDeadlineSeconds, CONTAINER,
        new GroupSpec.Program(jvmOptions, PodMain.class.getName(), args(group, processArgs)),
        List.of(GroupSpec.Mount.endpoint("endpoint", PodLayout.ENDPOINT_DIR),
            GroupSpec.Mount.scratch("results", PodLayout.WORK_DIR)),
        failures, spread, Optional.of(Host.NODE_NAME_ENV));
  }
}
