package io.tablestoreycsb.cluster.kubernetes;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.tablestoreycsb.cluster.launch.ChildGroup;
import io.tablestoreycsb.cluster.launch.ChildState;
import io.tablestoreycsb.cluster.launch.LostChild;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The Kubernetes executor's {@link ChildGroup}: an application's children as the pods of one Indexed Job (pod
 * {@code i} is child {@code i}), started from the Job's manifest, followed by index as {@link ChildState}s
 * ({@link PodStates}), told why one failed (its state and its log's last lines) or was lost ({@link LostPods}),
 * and deleted with the Job on close (and on the JVM's exit). What the pods run is the application's.
 */
public final class PodGroup implements ChildGroup {
  private final RunningJob job;
  private final int size;
  private final PodLogs logs;
  private final String parent;
  private Map<Integer, ChildState> states = Map.of();

  private PodGroup(RunningJob job, int size, PodLogs logs, String parent) {
    this.job = job;
    this.size = size;
    this.logs = logs;
    this.parent = parent;
  }

  /**
   * Creates the Job {@code manifest} describes (deleting one of its name an interrupted earlier run left).
   *
   * @param logs where the pods' logs are read (tests: the test kubelet's container logs)
   * @param parent who starts it, as a lost pod's text names it ("this planner")
   */
  public static PodGroup start(KubernetesClient client, String namespace, Job manifest, PodLogs logs,
      String parent) {
    return new PodGroup(RunningJob.start(client, namespace, manifest, List.of()),
        manifest.getSpec().getCompletions(), logs, parent);
  }

  @Override
  public String name() {
    return job.name();
  }

  @Override
  public int size() {
    return size;
  }

  @Override
  public synchronized Map<Integer, ChildState> poll() {
    Map<Integer, ChildState> now = new TreeMap<>();
    job.poll().forEach((index, pod) -> now.put(index, PodStates.childState(index, pod, job.listed(pod))));
    states = Collections.unmodifiableMap(now);
    return states;
  }

  @Override
  public synchronized Map<Integer, ChildState> states() {
    return states;
  }

  /** Whether the Job has a Complete or Failed condition, or is gone. */
  @Override
  public boolean finished() {
    return job.finished();
  }

  @Override
  public String logTail(ChildState child, int lines) {
    Pod pod = job.pods().get(child.index());
    return pod == null ? "" : logs.tail(pod, lines);
  }

  /**
   * From the pods as they are now, the Job's Failed condition and the pods its controller deleted ({@link LostPods}).
   */
  @Override
  public Map<Integer, LostChild> lost(Collection<Integer> indexes) {
    Map<Integer, ChildState> now = poll();
    List<LostPods.Missing> missing = indexes.stream().map(i -> new LostPods.Missing(i, now.get(i))).toList();
    return LostPods.explain(missing, job.failedCondition(), job.podsDeletedByController(), job.gone(), parent);
  }

  /** Deletes the Job and its pods. */
  @Override
  public void close() {
    job.close();
  }
}
