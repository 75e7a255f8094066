package io.tablestoreycsb.cluster.kubernetes;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.DeletionPropagation;
import io.fabric8.kubernetes.api.model.Event;
import io.fabric8.kubernetes.api.model.OwnerReferenceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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
  /** The names of the pods the last poll listed. */
  private Set<String> listed = Set.of();
  /** The Job controller's event message for a pod it deleted (PodControl's SuccessfulDelete). */
  private static final Pattern DELETED_POD = Pattern.compile("Deleted pod: (\\S+)");
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
    Set<String> names = new HashSet<>();
    for (Pod pod : client.pods().inNamespace(namespace).withLabel(LABEL_JOB_NAME, name).list().getItems()) {
      if (ownedByThisJob(pod)) {
        latest.merge(index(pod), pod, (old, now) -> isNewer(now, old) ? now : old);
        names.add(pod.getMetadata().getName());
      }
    }
    listed = names;
    return pods();
  }

  /** Whether the last {@link #poll()} found the pod (a deleted pod is gone once its containers have ended). */
  public boolean listed(Pod pod) {
    return listed.contains(pod.getMetadata().getName());
  }

  /**
   * The Job's Failed condition, "REASON: MESSAGE" (e.g. BackoffLimitExceeded), if it has failed or is
   * failing (FailureTarget: since Kubernetes 1.31 the Failed condition waits until its pods have ended).
   */
  public Optional<String> failedCondition() {
    Job job = client.batch().v1().jobs().inNamespace(namespace).withName(name).get();
    if (job == null || job.getStatus() == null || job.getStatus().getConditions() == null) {
      return Optional.empty();
    }
    return job.getStatus().getConditions().stream()
        .filter(c -> ("Failed".equals(c.getType()) || "FailureTarget".equals(c.getType())) && "True".equals(c.getStatus()))
        .map(c -> (c.getReason() == null ? "Failed" : c.getReason())
            + (c.getMessage() == null || c.getMessage().isBlank() ? "" : ": " + c.getMessage().strip()))
        .findFirst();
  }

  /**
   * The pods the Job controller deleted itself, from its {@code SuccessfulDelete} events on the Job
   * ("Deleted pod: NAME"): once the Job has failed it stops the pods still running. Empty where the
   * events cannot be read (they are best-effort, and a role may not grant listing them).
   */
  public Set<String> podsDeletedByController() {
    String uid = jobUid;
    if (uid == null) {
      return Set.of();
    }
    try {
      Set<String> pods = new TreeSet<>();
      for (Event event : client.v1().events().inNamespace(namespace).withField("involvedObject.uid", uid).list()
          .getItems()) {
        Matcher m = DELETED_POD.matcher(event.getMessage() == null ? "" : event.getMessage());
        if ("SuccessfulDelete".equals(event.getReason()) && m.find()) {
          pods.add(m.group(1));
        }
      }
      return pods;
    } catch (KubernetesClientException e) {
      return Set.of();
    }
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

  /** Whether the Job is gone (deleted by someone, or by the garbage collector). */
  public boolean gone() {
    return client.batch().v1().jobs().inNamespace(namespace).withName(name).get() == null;
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
    // A thread interrupted in a client call (Ctrl-C while the Job was polled) still has its interrupt set,
    // and the client would refuse the delete at once: it is cleared for the delete and set again after.
    boolean interrupted = Thread.interrupted();
    try {
      // Background: the Job goes at once, its pods and ConfigMaps (owned by it) right after.
      client.batch().v1().jobs().inNamespace(namespace).withName(name)
          .withPropagationPolicy(DeletionPropagation.BACKGROUND).delete();
      for (String configMap : configMaps) {
        client.configMaps().inNamespace(namespace).withName(configMap).delete();
      }
    } catch (KubernetesClientException e) {
      System.err.println("could not delete Job " + name + ": " + e.getMessage());
    } finally {
      if (interrupted) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
