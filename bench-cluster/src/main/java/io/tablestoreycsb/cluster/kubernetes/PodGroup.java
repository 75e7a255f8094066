package io.tablestoreycsb.cluster.kubernetes;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;
import java.util.stream.Stream;

/**
 * An application's children as the pods of one Indexed Job (pod {@code i} is child {@code i}): how the
 * Kubernetes executor starts them from the application's manifest, follows them by index, tells why one
 * failed (its state and its log's last lines), fetches their result sets into the children's directories on
 * this machine ({@link #fetchResults}), and deletes the Job on close (and on the JVM's exit). What the pods
 * run is the application's; the planner's runner pods and tunnel-bench's writer and consumers are launched
 * and followed through this alike, and a pod whose directory the parent mirrors is a {@link PodChild}.
 */
public final class PodGroup implements AutoCloseable {
  /** How many lines of a failed pod's log its failure text carries. */
  public static final int LOG_TAIL_LINES = 15;

  private final RunningJob job;
  private final PodLogs logs;

  private PodGroup(RunningJob job, PodLogs logs) {
    this.job = job;
    this.logs = logs;
  }

  /**
   * Creates the Job {@code manifest} describes (deleting one of its name an interrupted earlier run left).
   *
   * @param logs where the pods' logs are read (tests: the test kubelet's container logs)
   */
  public static PodGroup start(KubernetesClient client, String namespace, Job manifest, PodLogs logs) {
    return new PodGroup(RunningJob.start(client, namespace, manifest, List.of()), logs);
  }

  /** The Job's name. */
  public String name() {
    return job.name();
  }

  /** Reads the pods anew: the latest pod of each index. */
  public Map<Integer, Pod> poll() {
    return job.poll();
  }

  /** The pods as the last {@link #poll} saw them. */
  public Map<Integer, Pod> pods() {
    return job.pods();
  }

  /** The Job as the cluster shows it: stuck pods, its Failed condition, the pods its controller deleted. */
  public RunningJob job() {
    return job;
  }

  /** The last {@code lines} lines of the pod's log ("" when it has none, or no longer). */
  public String logTail(Pod pod, int lines) {
    return logs.tail(pod, lines);
  }

  /** The last {@value #LOG_TAIL_LINES} lines of a failed pod's log as a failure text's end, or "". */
  public String logTailText(Pod pod) {
    return logTailText(logs.tail(pod, LOG_TAIL_LINES));
  }

  /** {@code tail} as a failure text's end, or "" when it is blank. */
  public static String logTailText(String tail) {
    return tail == null || tail.isBlank() ? "" : "\nlast log lines of the pod:\n" + tail.strip();
  }

  /** The node a pod runs on, or "no node" before it is scheduled. */
  public static String nodeOf(Pod pod) {
    return pod.getSpec() == null || pod.getSpec().getNodeName() == null ? "no node" : pod.getSpec().getNodeName();
  }

  /** Downloads result sets into {@code staging/runner-<index>/}; answers index to the attempt downloaded. */
  @FunctionalInterface
  public interface Download {
    Map<Integer, Integer> into(Path staging) throws IOException;
  }

  /**
   * Fetches the children's result sets into their directories on this machine: {@code download} brings them
   * into a staging directory, then each index's files move into {@code dirOf.apply(index)} (created), replacing
   * files of the same names; the staging directory is removed. An index {@code dirOf} answers null for is no
   * child of this fetch: its files are left out.
   *
   * @return index to the attempt fetched (indexes that left no result set are absent)
   */
  public static Map<Integer, Integer> fetchResults(Download download, IntFunction<Path> dirOf) throws IOException {
    Path staging = Files.createTempDirectory("pod-results");
    try {
      Map<Integer, Integer> fetched = new TreeMap<>();
      for (Map.Entry<Integer, Integer> set : download.into(staging).entrySet()) {
        Path dir = dirOf.apply(set.getKey());
        if (dir != null) {
          moveFiles(staging.resolve("runner-" + set.getKey()), dir);
          fetched.put(set.getKey(), set.getValue());
        }
      }
      return fetched;
    } finally {
      deleteRecursively(staging);
    }
  }

  private static void moveFiles(Path from, Path to) throws IOException {
    Files.createDirectories(to);
    try (Stream<Path> files = Files.list(from)) {
      for (Path f : files.toList()) {
        Files.move(f, to.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
      }
    }
  }

  private static void deleteRecursively(Path dir) throws IOException {
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }

  /** Deletes the Job and its pods. */
  @Override
  public void close() {
    job.close();
  }
}
