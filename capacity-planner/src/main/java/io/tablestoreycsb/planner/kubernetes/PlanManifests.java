package io.tablestoreycsb.planner.kubernetes;

import io.tablestoreycsb.cluster.kubernetes.ObjectNames;
import io.tablestoreycsb.cluster.kubernetes.SecretKeys;
import io.tablestoreycsb.cluster.launch.GroupSpec;
import io.tablestoreycsb.cluster.objectstore.ObjectStoreSettings;
import io.tablestoreycsb.cluster.options.ObjectStoreOptions;
import io.tablestoreycsb.planner.store.PlanCells;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The group of a plan's runners ({@link #group}; on Kubernetes an Indexed Job, whose pod {@code i} is runner
 * {@code i} of every cell: {@code KubernetesGroups.manifest}). Each pod starts once, runs {@link PodRunner} serving the cells the planner hands over in the object store
 * ({@link PlanCells}, the session's directory on its command line) one after another, and ends at the
 * plan's end marker. Credentials reach the pod only from the Secret: the endpoint properties as a mounted
 * file, the object store's key through {@code secretKeyRef}.
 */
public final class PlanManifests {
  /** The pod's own JVM (it keeps the runner JVM, hands it cells, uploads): small, beside the runner's heap. */
  private static final List<String> POD_JVM_OPTIONS = List.of("-Xmx128m", "-XX:TieredStopAtLevel=1");
  /**
   * Kubernetes stops the plan's pods after this long (its maximum useful value: a week); pods whose planner
   * has gone end sooner, after {@link PodRunner}'s idle time-out.
   */
  static final long ACTIVE_DEADLINE_SECONDS = 7L * 24 * 3600;

  private final ObjectStoreSettings results;
  private final String plan;
  private final int runners;
  private final int generation;
  private final String session;
  private final boolean endpointProperties;

  /**
   * @param results where the runners upload their result sets
   * @param runners the pods: the most runners a cell of the plan wants
   * @param generation 1 for the plan's first Job of this size, one more for each Job replacing one that lost a pod
   * @param session names this Job's cell requests in the object store
   * @param endpointProperties whether the runners read the Secret's endpoint properties
   */
  public PlanManifests(ObjectStoreSettings results, String plan, int runners, int generation, String session,
      boolean endpointProperties) {
    if (runners < 1 || generation < 1) {
      throw new IllegalArgumentException("a plan's Job needs at least one runner and a generation from 1, got "
          + runners + " and " + generation);
    }
    this.results = results;
    this.plan = plan;
    this.runners = runners;
    this.generation = generation;
    this.session = session;
    this.endpointProperties = endpointProperties;
  }

  public String plan() {
    return plan;
  }

  public int runners() {
    return runners;
  }

  public String session() {
    return session;
  }

  /** The Job's name: readable prefix, hash of plan, runners and generation for uniqueness; at most 63 characters. */
  public String jobName() {
    String readable = "cp-" + dnsSafe(plan);
    if (readable.length() > 40) {
      readable = readable.substring(0, 40);
    }
    readable = readable.replaceAll("-+$", "") + "-r" + runners + (generation > 1 ? "-g" + generation : "");
    return readable + "-" + ObjectNames.shortHash(plan + "\n" + runners + "\n" + generation);
  }

  public Map<String, String> labels() {
    Map<String, String> labels = new LinkedHashMap<>();
    labels.put(PodLayout.LABEL_APP, PodLayout.APP);
    labels.put(PodLayout.LABEL_PLAN, labelValue(plan));
    labels.put(PodLayout.LABEL_RUNNERS, Integer.toString(runners));
    return labels;
  }

  /** The pod runner's arguments: the session's cells, the endpoint properties, and where results go. */
  public List<String> args() {
    List<String> args = new ArrayList<>();
    args.add("--cells");
    args.add(PlanCells.directory(plan, session));
    if (endpointProperties) {
      args.add("--endpoint-properties");
      args.add(PodLayout.ENDPOINT_DIR + "/" + SecretKeys.ENDPOINT_PROPERTIES);
    }
    args.add("--result-dir");
    args.add(PodLayout.RESULT_DIR);
    args.addAll(ObjectStoreOptions.arguments(results));
    return args;
  }

  /**
   * The plan's runners as a group: a pod that failed has failed its cell, and the others with it (the planner
   * reports it, goes on, and serves the next cell from a new group).
   */
  public GroupSpec group() {
    List<GroupSpec.Mount> mounts = new ArrayList<>();
    mounts.add(GroupSpec.Mount.scratch("results", PodLayout.RESULT_DIR));
    if (endpointProperties) {
      mounts.add(GroupSpec.Mount.endpoint("endpoint", PodLayout.ENDPOINT_DIR));
    }
    return new GroupSpec(jobName(), labels(), runners, ACTIVE_DEADLINE_SECONDS, "runner",
        new GroupSpec.Program(POD_JVM_OPTIONS, PodRunner.class.getName(), args()), mounts,
        GroupSpec.Failures.TOGETHER, false, Optional.empty());
  }

  static String dnsSafe(String s) {
    String safe = s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]+", "-").replaceAll("^-+|-+$", "");
    return safe.isEmpty() ? "x" : safe;
  }

  private static String labelValue(String s) {
    String v = s.replaceAll("[^A-Za-z0-9_.-]+", "_");
    v = v.length() > 63 ? v.substring(0, 63) : v;
    return v.replaceAll("^[^A-Za-z0-9]+|[^A-Za-z0-9]+$", "");
  }


  @Override
  public String toString() {
    return "PlanManifests[" + jobName() + ", session " + session + "]";
  }
}
