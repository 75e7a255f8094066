package io.tablestoreycsb.cluster.objectstore;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The result sets of a run's pods, one per pod index and attempt, laid out as
 * {@code <prefix>/<run>/runner-<index>/attempt-<n>/<file>}, where {@code run} is a relative path naming one
 * group of pods (a planner cell, a tunnel scenario's writers...).
 *
 * <p>An attempt is complete once its completion file is stored; it is uploaded last, so an attempt cut
 * short by a killed pod is never mistaken for a result. A run is read as the latest complete attempt of
 * each index: a retried index replaces its earlier attempts and is never counted twice.
 */
public final class AttemptStore {
  private static final Pattern ATTEMPT_KEY = Pattern.compile("runner-(\\d+)/attempt-(\\d+)/([^/]+)");

  private final ObjectStore store;
  private final String completionFile;

  /**
   * @param completionFile the file whose presence marks an attempt complete (uploaded last)
   */
  public AttemptStore(ObjectStore store, String completionFile) {
    this.store = store;
    this.completionFile = completionFile;
  }

  public ObjectStore objects() {
    return store;
  }

  /** The directory of one attempt, relative to the location. */
  public static String attemptDir(String run, int index, int attempt) {
    checkRun(run);
    if (index < 0 || attempt < 1) {
      throw new IllegalArgumentException("index must be >= 0 and attempt >= 1, got " + index + " and " + attempt);
    }
    return run + "/runner-" + index + "/attempt-" + attempt;
  }

  /**
   * Uploads the regular files directly in {@code dir} as the attempt; the completion file goes last and
   * must be present.
   *
   * @return the number of objects stored
   */
  public int upload(String run, int index, int attempt, Path dir) throws IOException {
    String base = attemptDir(run, index, attempt);
    List<Path> files;
    try (Stream<Path> listing = Files.list(dir)) {
      files = new ArrayList<>(listing.filter(Files::isRegularFile).sorted().toList());
    }
    Path completion = dir.resolve(completionFile);
    if (!files.remove(completion)) {
      throw new IllegalArgumentException("result set " + dir + " has no " + completionFile + "; nothing uploaded");
    }
    files.add(completion);
    for (Path file : files) {
      store.put(base + "/" + file.getFileName(), file);
    }
    return files.size();
  }

  /** The attempt number a new run of this index should use: one above any stored attempt. */
  public int nextAttempt(String run, int index) {
    return listAttempts(run).getOrDefault(index, Map.of()).keySet().stream()
        .mapToInt(Integer::intValue).max().orElse(0) + 1;
  }

  /** The latest complete attempt of each index of a run (indexes without one are absent). */
  public Map<Integer, Integer> latestCompleteAttempts(String run) {
    return latestComplete(listAttempts(run), Map.of());
  }

  /**
   * Downloads the latest complete attempt of every index of a run, counting only attempts above
   * {@code after} (per index, so a rerun takes none of an earlier run's result sets), into
   * {@code target/runner-<index>/}, whose files are replaced.
   *
   * @return index to the attempt number downloaded
   */
  public Map<Integer, Integer> download(String run, Path target, Map<Integer, Integer> after) throws IOException {
    Map<Integer, Map<Integer, List<String>>> attempts = listAttempts(run);
    Map<Integer, Integer> chosen = latestComplete(attempts, after);
    for (Map.Entry<Integer, Integer> pod : chosen.entrySet()) {
      Path dir = target.resolve("runner-" + pod.getKey());
      Files.createDirectories(dir);
      clearFiles(dir); // a retried index replaces what an earlier download left here
      String base = attemptDir(run, pod.getKey(), pod.getValue());
      for (String file : attempts.get(pod.getKey()).get(pod.getValue())) {
        Path out = dir.resolve(file).normalize();
        if (!out.getParent().equals(dir)) {
          throw new IOException("object name '" + file + "' below " + base + " is not a plain file name");
        }
        store.get(base + "/" + file, out);
      }
    }
    return chosen;
  }

  /**
   * The runs below {@code directory} ("" for the whole location) that hold any attempt's file: their
   * paths relative to the location, sorted.
   */
  public List<String> runs(String directory) {
    Pattern runOf = Pattern.compile("(.+?)/runner-\\d+/attempt-\\d+/[^/]+");
    return store.list(directory).stream().map(runOf::matcher).filter(Matcher::matches).map(m -> m.group(1))
        .distinct().sorted().toList();
  }

  private Map<Integer, Integer> latestComplete(Map<Integer, Map<Integer, List<String>>> attempts,
      Map<Integer, Integer> after) {
    Map<Integer, Integer> latest = new TreeMap<>();
    attempts.forEach((index, byAttempt) -> byAttempt.forEach((attempt, files) -> {
      if (files.contains(completionFile) && attempt > after.getOrDefault(index, 0)) {
        latest.merge(index, attempt, Math::max);
      }
    }));
    return latest;
  }

  /** index -> attempt -> file names, from one listing of the run's directory. */
  private Map<Integer, Map<Integer, List<String>>> listAttempts(String run) {
    checkRun(run);
    Map<Integer, Map<Integer, List<String>>> attempts = new TreeMap<>();
    for (String key : store.list(run)) {
      Matcher m = ATTEMPT_KEY.matcher(key.substring(run.length() + 1));
      if (m.matches()) {
        attempts.computeIfAbsent(Integer.parseInt(m.group(1)), i -> new TreeMap<>())
            .computeIfAbsent(Integer.parseInt(m.group(2)), a -> new ArrayList<>()).add(m.group(3));
      }
    }
    return attempts;
  }

  private static void checkRun(String run) {
    KeyPaths.checkRelative("run", run);
    if (run.isEmpty()) {
      throw new IllegalArgumentException("run is empty: the result sets of a run need a directory of their own");
    }
  }

  private static void clearFiles(Path dir) throws IOException {
    try (Stream<Path> listing = Files.list(dir)) {
      listing.filter(Files::isRegularFile).forEach(f -> {
        try {
          Files.delete(f);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
  }
}
