package io.tablestoreycsb.cluster.launch;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What an application hands an executor to start a {@link ChildGroup}: children {@code 0} to {@code size - 1},
 * each running the same program of the application's image, told its index in the environment variable
 * {@code JOB_COMPLETION_INDEX} ({@link io.tablestoreycsb.cluster.kubernetes.RunningJob#INDEX_ENV}: Kubernetes sets
 * it, another executor sets it alike); the object store's key reaches every child in its environment. How the executor runs them (a Kubernetes Indexed
 * Job, its image and resources) is the executor's.
 *
 * @param name the group's name, unique per run (a DNS label: lowercase letters, digits and '-')
 * @param labels on the group and on each child, for whoever lists them
 * @param size how many children, started at once
 * @param deadlineSeconds the executor stops the children after this long
 * @param role what the children are, as their container is named ("runner")
 * @param program what each child runs
 * @param mounts the directories a child sees, in this order
 * @param failures what one child's failure does to the others
 * @param spreadOverHosts whether the children prefer hosts without another child of the group
 * @param hostEnv the environment variable that tells a child its host's name, if it wants one
 */
public record GroupSpec(String name, Map<String, String> labels, int size, long deadlineSeconds, String role,
    Program program, List<Mount> mounts, Failures failures, boolean spreadOverHosts, Optional<String> hostEnv) {

  public GroupSpec {
    labels = java.util.Collections.unmodifiableMap(new java.util.LinkedHashMap<>(labels));
    mounts = List.copyOf(mounts);
    if (size < 1) {
      throw new IllegalArgumentException("a group of children needs at least one, got " + size);
    }
  }

  /**
   * A child's program: a main class of the application's image.
   *
   * @param jvmOptions its JVM options, complete
   * @param mainClass the class whose main method it runs
   * @param args its arguments
   */
  public record Program(List<String> jvmOptions, String mainClass, List<String> args) {
    public Program {
      jvmOptions = List.copyOf(jvmOptions);
      args = List.copyOf(args);
    }
  }

  /**
   * A directory a child sees.
   *
   * @param name the volume's name
   * @param path where the child sees it
   */
  public record Mount(Kind kind, String name, String path) {
    /** What is in it. */
    public enum Kind {
      /** The endpoint properties of the run's secret (endpoint, instance, access key), read-only. */
      ENDPOINT,
      /** Empty at the start, the child's own (where it writes its result set before uploading it). */
      SCRATCH
    }

    public static Mount endpoint(String name, String path) {
      return new Mount(Kind.ENDPOINT, name, path);
    }

    public static Mount scratch(String name, String path) {
      return new Mount(Kind.SCRATCH, name, path);
    }
  }

  /** What one child's failure does to the others of its group. */
  public enum Failures {
    /** It fails the group: the executor stops the others (the planner's runners serve a cell together). */
    TOGETHER,
    /** It fails alone, not started again: the others run on (tunnel-bench's consumers are one consumer group). */
    EACH_ALONE
  }
}
