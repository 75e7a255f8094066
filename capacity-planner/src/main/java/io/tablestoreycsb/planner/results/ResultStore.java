package io.tablestoreycsb.planner.results;

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
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectRequest;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Request;
import software.amazon.awssdk.services.s3.model.PutObjectRequest;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Runners' result sets in an object store, laid out as
 * {@code <prefix>/<plan>/<cell>/runner-<index>/attempt-<n>/<file>}.
 *
 * <p>An attempt is complete once its completion file (the runner's {@code runner.json}) is stored; it
 * is uploaded last, so an attempt cut short by a killed pod is never mistaken for a result. A cell is
 * read as the latest complete attempt of each runner index: a retried index replaces its earlier
 * attempts and is never counted twice.
 */
public final class ResultStore {
  private static final Pattern ATTEMPT_KEY = Pattern.compile("runner-(\\d+)/attempt-(\\d+)/(.+)");

  private final S3Client s3;
  private final ObjectStoreUri location;
  private final String completionFile;

  /**
   * @param completionFile the file whose presence marks an attempt complete (uploaded last)
   */
  public ResultStore(S3Client s3, ObjectStoreUri location, String completionFile) {
    this.s3 = s3;
    this.location = location;
    this.completionFile = completionFile;
  }

  /** What one run of a cell (named by {@code run}) exchanges with its runners while it runs. */
  public LiveCell live(String plan, String cell, String run) {
    return new LiveCell(s3, location, plan, cell, run);
  }

  /** Where one runner's attempt lives. */
  public record AttemptKey(String plan, String cell, int runnerIndex, int attempt) {
    public AttemptKey {
      KeyPaths.checkRelative("plan", plan);
      KeyPaths.checkRelative("cell", cell);
      if (plan.isEmpty() || cell.isEmpty() || plan.contains("/")) {
        throw new IllegalArgumentException("plan '" + plan + "' must be one non-empty segment and cell '" + cell
            + "' non-empty");
      }
      if (runnerIndex < 0 || attempt < 1) {
        throw new IllegalArgumentException("runner index must be >= 0 and attempt >= 1, got " + runnerIndex
            + " and " + attempt);
      }
    }

    String relative() {
      return plan + "/" + cell + "/runner-" + runnerIndex + "/attempt-" + attempt;
    }
  }

  /**
   * Uploads the regular files directly in {@code dir} under the attempt's key; the completion file
   * goes last and must be present.
   *
   * @return the number of objects stored
   */
  public int upload(AttemptKey attempt, Path dir) throws IOException {
    List<Path> files;
    try (Stream<Path> listing = Files.list(dir)) {
      files = new ArrayList<>(listing.filter(Files::isRegularFile).sorted().toList());
    }
    Path completion = dir.resolve(completionFile);
    if (!files.remove(completion)) {
      throw new IllegalArgumentException("result set " + dir + " has no " + completionFile + "; nothing uploaded");
    }
    files.add(completion);
    String base = location.key(attempt.relative());
    for (Path file : files) {
      s3.putObject(PutObjectRequest.builder().bucket(location.bucket()).key(base + "/" + file.getFileName()).build(),
          RequestBody.fromFile(file));
    }
    return files.size();
  }

  /** The attempt number a new run of this runner index should use: one above any stored attempt. */
  public int nextAttempt(String plan, String cell, int runnerIndex) {
    return listAttempts(plan, cell).getOrDefault(runnerIndex, Map.of()).keySet().stream()
        .mapToInt(Integer::intValue).max().orElse(0) + 1;
  }

  /** The latest complete attempt of each runner index of a cell (indexes without one are absent). */
  public Map<Integer, Integer> latestCompleteAttempts(String plan, String cell) {
    return latestComplete(listAttempts(plan, cell), Map.of());
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

  /**
   * Downloads the latest complete attempt of every runner index of a cell into
   * {@code target/runner-<index>/}.
   *
   * @return runner index to the attempt number downloaded
   */
  public Map<Integer, Integer> downloadCell(String plan, String cell, Path target) throws IOException {
    return downloadCell(plan, cell, target, Map.of());
  }

  /**
   * As {@link #downloadCell(String, String, Path)}, counting only attempts above {@code after} (per
   * index): a rerun of a cell takes none of an earlier run's result sets.
   */
  public Map<Integer, Integer> downloadCell(String plan, String cell, Path target, Map<Integer, Integer> after)
      throws IOException {
    Map<Integer, Map<Integer, List<String>>> attempts = listAttempts(plan, cell);
    Map<Integer, Integer> chosen = latestComplete(attempts, after);
    for (Map.Entry<Integer, Integer> runner : chosen.entrySet()) {
      Path dir = target.resolve("runner-" + runner.getKey());
      Files.createDirectories(dir);
      clearFiles(dir); // a retried index replaces what an earlier download left here
      String base = location.key(new AttemptKey(plan, cell, runner.getKey(), runner.getValue()).relative());
      for (String file : attempts.get(runner.getKey()).get(runner.getValue())) {
        Path out = dir.resolve(file).normalize();
        if (!out.getParent().equals(dir)) {
          throw new IOException("object name '" + file + "' below " + base + " is not a plain file name");
        }
        s3.getObject(GetObjectRequest.builder().bucket(location.bucket()).key(base + "/" + file).build(), out);
      }
    }
    return chosen;
  }

  /**
   * Downloads every cell of every plan below the prefix, the latest complete attempt of each runner,
   * into {@code target/<plan>/<cell>/runner-<index>/} (what {@code capacity-plan report} reads).
   *
   * @return the cells downloaded, as "plan/cell"
   */
  public List<String> downloadAll(Path target) throws IOException {
    String root = location.prefix().isEmpty() ? "" : location.prefix() + "/";
    Pattern planCell = Pattern.compile(Pattern.quote(root) + "([^/]+)/(.+?)/runner-\\d+/attempt-\\d+/[^/]+");
    List<String> cells = listKeys(root).stream().map(planCell::matcher).filter(Matcher::matches)
        .map(m -> m.group(1) + "/" + m.group(2)).distinct().sorted().toList();
    for (String planAndCell : cells) {
      int slash = planAndCell.indexOf('/');
      String plan = planAndCell.substring(0, slash);
      String cell = planAndCell.substring(slash + 1);
      downloadCell(plan, cell, target.resolve(plan).resolve(cell));
    }
    return cells;
  }

  /** The cells of a plan that hold any result: their relative paths, sorted. */
  public List<String> cells(String plan) {
    String planPrefix = location.key(plan) + "/";
    Pattern cellOf = Pattern.compile(Pattern.quote(planPrefix) + "(.+?)/runner-\\d+/attempt-\\d+/[^/]+");
    return listKeys(planPrefix).stream().map(cellOf::matcher).filter(Matcher::matches).map(m -> m.group(1))
        .distinct().sorted().toList();
  }

  /** runner index -> attempt -> file names, from one listing of the cell's prefix. */
  private Map<Integer, Map<Integer, List<String>>> listAttempts(String plan, String cell) {
    new AttemptKey(plan, cell, 0, 1); // validates the names
    String cellPrefix = location.key(plan + "/" + cell) + "/";
    Map<Integer, Map<Integer, List<String>>> attempts = new TreeMap<>();
    for (String key : listKeys(cellPrefix)) {
      Matcher m = ATTEMPT_KEY.matcher(key.substring(cellPrefix.length()));
      if (m.matches() && !m.group(3).contains("/")) {
        attempts.computeIfAbsent(Integer.parseInt(m.group(1)), i -> new TreeMap<>())
            .computeIfAbsent(Integer.parseInt(m.group(2)), a -> new ArrayList<>()).add(m.group(3));
      }
    }
    return attempts;
  }

  private List<String> listKeys(String prefix) {
    ListObjectsV2Request request = ListObjectsV2Request.builder().bucket(location.bucket()).prefix(prefix).build();
    return s3.listObjectsV2Paginator(request).contents().stream().map(S3Object::key).toList();
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
