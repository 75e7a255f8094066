package io.tablestoreycsb.cluster.kubernetes;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * An Indexed Job this process created and follows: the latest pod of each index, which of them are
 * running, ended or stuck, and whether the Job has finished. Closing it deletes the Job, its pods and
 * its ConfigMaps; so does the JVM's exit (an interrupted run leaves nothing running in the cluster).
 */
public final class RunningJob implements AutoCloseable {
  /** Set by Kubernetes in every pod of an Indexed Job. */
  public static final String INDEX_ENV = "JOB_COMPLETION_INDEX";
  /** Kubernetes' own label on a Job's pods. */
  public static final String LABEL_JOB_NAME = "job-name";
  /** Kubernetes' annotation (and, since 1.28, label) with a pod's index. */
  public static final String COMPLETION_INDEX = "batch.kubernetes.io/job-completion-index";

  private final KubernetesClient client;
  private final String namespace;
  private final String name;
  private final List<String> configMaps;
  private final Thread deleteOnExit;
  private final Map<Integer, Pod> latest = new TreeMap<>();
  /** The uid the API server gave the Job this run created; null until it is created. */
  private volatile String jobUid;

  private RunningJob(KubernetesClient client, String namespace, String name, List<String> configMaps) {
    this.client = client;
    this.namespace = namespace;
    this.name = name;
    this.configMaps = configMaps;
    this.deleteOnExit = new Thread(this::delete, "delete-job-" + name);
  }

  /**
   * Deletes a Job of the same name an interrupted earlier run left, creates {@code job} and then the
   * ConfigMaps its pods mount, owned by the Job (so the cluster removes them with it).
   */
  public static RunningJob start(KubernetesClient client, String namespace, Job job, List<ConfigMap> configMaps) {
    RunningJob running = new RunningJob(client, namespace, job.getMetadata().getName(),
        configMaps.stream().map(c -> c.getMetadata().getName()).toList());
    running.delete();
    Runtime.getRuntime().addShutdownHook(running.deleteOnExit);
    try {
      Job created = client.batch().v1().jobs().inNamespace(namespace).resource(job).create();
      running.jobUid = created.getMetadata().getUid();
      for (ConfigMap configMap : configMaps) {
        configMap.getMetadata().setOwnerReferences(List.of(new OwnerReferenceBuilder().withApiVersion("batch/v1")
            .withKind("Job").withName(running.name).withUid(created.getMetadata().getUid()).build()));
        client.configMaps().inNamespace(namespace).resource(configMap).create();
      }
    } catch (RuntimeException e) {
      running.close();
      throw e;
    }
    return running;
  }

  public String name() {
    return name;
  }

  /** Reads the Job's pods; a pod replacing an earlier one of its index takes its place. */
  public Map<Integer, Pod> poll() {
    for (Pod pod : client.pods().inNamespace(namespace).withLabel(LABEL_JOB_NAME, name).list().getItems()) {
      if (ownedByThisJob(pod)) {
        latest.merge(index(pod), pod, (old, now) -> isNewer(now, old) ? now : old);
      }
    }
    return pods();
  }

  /** The latest pod of each index seen by {@link #poll()}, by index. */
  public Map<Integer, Pod> pods() {
    return Collections.unmodifiableMap(latest);
  }

  /** A pod stuck on something that will not resolve by itself: "pod NAME: REASON: MESSAGE". */
  public Optional<String> hopeless() {
    return latest.values().stream().flatMap(p -> PodStates.hopeless(p).map(why -> "pod "
        + p.getMetadata().getName() + ": " + why).stream()).findFirst();
  }

  public int ended() {
    return (int) latest.values().stream().filter(PodStates::ended).count();
  }

  public int running() {
    return (int) latest.values().stream().filter(PodStates::running).count();
  }

  /** Whether the Job has a Complete or Failed condition, or is gone. */
  public boolean finished() {
    Job job = client.batch().v1().jobs().inNamespace(namespace).withName(name).get();
    if (job == null || job.getStatus() == null || job.getStatus().getConditions() == null) {
      return job == null;
    }
    return job.getStatus().getConditions().stream()
        .anyMatch(c -> ("Complete".equals(c.getType()) || "Failed".equals(c.getType())) && "True".equals(c.getStatus()));
  }

  /** A pod's index in its Indexed Job, or -1 when it carries none. */
  public static int index(Pod pod) {
    Map<String, String> annotations = pod.getMetadata().getAnnotations();
    String value = annotations == null ? null : annotations.get(COMPLETION_INDEX);
    if (value == null && pod.getMetadata().getLabels() != null) {
      value = pod.getMetadata().getLabels().get(COMPLETION_INDEX);
    }
    return value == null ? -1 : Integer.parseInt(value);
  }

  /**
   * Pods carry their Job's name, but a Job of the same name that an earlier run deleted may still have
   * pods (the cluster removes them in the background after the Job is gone): only pods the Job
   * controller made for this Job (owner reference with its uid) are this run's.
   */
  private boolean ownedByThisJob(Pod pod) {
    String uid = jobUid;
    if (uid == null || pod.getMetadata().getOwnerReferences() == null) {
      return uid == null;
    }
    return pod.getMetadata().getOwnerReferences().stream().anyMatch(o -> uid.equals(o.getUid()));
  }

  private static boolean isNewer(Pod a, Pod b) {
    String ta = a.getMetadata().getCreationTimestamp();
    String tb = b.getMetadata().getCreationTimestamp();
    return ta == null || tb == null || ta.compareTo(tb) >= 0;
  }

  /** Deletes the Job, its pods and its ConfigMaps. */
  @Override
  public void close() {
    delete();
    try {
      Runtime.getRuntime().removeShutdownHook(deleteOnExit);
    } catch (IllegalStateException shuttingDown) {
      // the hook is running already
    }
  }

  private void delete() {
    try {
      // Background: the Job goes at once, its pods and ConfigMaps (owned by it) right after.
      client.batch().v1().jobs().inNamespace(namespace).withName(name)
          .withPropagationPolicy(DeletionPropagation.BACKGROUND).delete();
      for (String configMap : configMaps) {
        client.configMaps().inNamespace(namespace).withName(configMap).delete();
      }
    } catch (KubernetesClientException e) {
      System.err.println("could not delete Job " + name + ": " + e.getMessage());
    }
  }
}
