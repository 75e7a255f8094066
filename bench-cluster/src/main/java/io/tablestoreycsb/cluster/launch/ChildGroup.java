package io.tablestoreycsb.cluster.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collection;
import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.IntFunction;
import java.util.stream.Stream;

/**
 * An application's children started together, as children {@code 0} to {@code size - 1}, where this machine's
 * directories are not (the pods of a Kubernetes Job): what their parent follows them by. Its state is typed
 * ({@link ChildState}); what a child and its parent exchange while it runs goes through the object store
 * ({@link RemoteChild}), and its result set comes into its directory here through {@link #fetchResults} once it
 * ended. A new executor of this kind implements this and its {@link ChildGroups} factory;
 * {@link io.tablestoreycsb.cluster.kubernetes.PodGroup} is Kubernetes'.
 */
public interface ChildGroup extends AutoCloseable {
  /** The executor's name of the group (a Job's name). */
  String name();

  /** How many children it has. */
  int size();

  /** Reads the children's states anew: the latest of each index that has one (one without is not created yet). */
  Map<Integer, ChildState> poll();

  /** The children's states as the last {@link #poll} saw them. */
  Map<Integer, ChildState> states();

  /** Whether the group has ended as a whole: every child ended, its executor gave it up, or it is gone. */
  boolean finished();

  /** The last {@code lines} lines of the child's output, or "" when it has none (any more). */
  String logTail(ChildState child, int lines);

  /**
   * Why each of {@code indexes} left no result set, from the children as they are now (not as the last
   * {@link #poll} saw them: the executor may have stopped some since).
   */
  Map<Integer, LostChild> lost(Collection<Integer> indexes);

  /** Ends the children and removes the group. */
  @Override
  void close();

  /** How many lines of a failed child's output its failure text carries. */
  int LOG_TAIL_LINES = 15;

  /** {@code tail} as a failure text's end, or "" when it is blank. */
  static String logTailText(String tail) {
    return tail == null || tail.isBlank() ? "" : "\nlast log lines of the pod:\n" + tail.strip();
  }

  /** Downloads result sets into {@code staging/runner-<index>/}; answers index to the attempt downloaded. */
  @FunctionalInterface
  interface Download {
    Map<Integer, Integer> into(Path staging) throws IOException;
  }

  /**
   * Fetches children's result sets into their directories on this machine: {@code download} brings them
   * into a staging directory, then each index's files move into {@code dirOf.apply(index)} (created), replacing
   * files of the same names; the staging directory is removed. An index {@code dirOf} answers null for is no
   * child of this fetch: its files are left out.
   *
   * @return index to the attempt fetched (indexes that left no result set are absent)
   */
  static Map<Integer, Integer> fetchResults(Download download, IntFunction<Path> dirOf) throws IOException {
    Path staging = Files.createTempDirectory("pod-results");
    try {
      Map<Integer, Integer> fetched = new TreeMap<>();
      for (Map.Entry<Integer, Integer> set : download.into(staging).entrySet()) {
        Path dir = dirOf.apply(set.getKey());
        if (dir != null) {
          Files.createDirectories(dir);
          try (Stream<Path> files = Files.list(staging.resolve("runner-" + set.getKey()))) {
            for (Path f : files.toList()) {
              Files.move(f, dir.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
            }
          }
          fetched.put(set.getKey(), set.getValue());
        }
      }
      return fetched;
    } finally {
      try (Stream<Path> walk = Files.walk(staging)) {
        for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
  }
}
