package io.tablestoreycsb.planner.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * A class-data sharing archive (AppCDS) of the classes a runner JVM loads: YCSB, the binding, the SDK
 * and their libraries, parsed, verified and laid out once, then mapped by every later runner JVM
 * instead of being read from the jars again. A cell starts its runners together on the same machine,
 * so their start-up is CPU-bound; the archive takes about a third of it away (docs/performance.md).
 * It changes how fast a runner becomes ready, not what it does after its start gate.
 *
 * <p>How the archive comes to be, with no step in the measured window: the first runner launched
 * without an archive also writes the list of classes it loaded ({@code -XX:DumpLoadedClassList}, a
 * file write per class, nothing at exit); before the next cell starts its runners, one
 * {@code java -Xshare:dump} turns that list into the archive (a few seconds, once). Every runner after
 * that starts with {@code -XX:SharedArchiveFile}.
 *
 * <p>Invariants:
 * <ul>
 *   <li>An archive is only ever reached by an atomic rename of a completely written file: the JVM
 *       crashes (SIGBUS) mapping a truncated one, and may ignore or reject others with a warning.</li>
 *   <li>Its name is a digest of the java home, JVM version and every class-path jar's path, size and
 *       modification time, so a rebuild or another JDK gets a new archive instead of one the JVM
 *       would refuse.</li>
 *   <li>It is used only when every class-path entry is a jar (the JVM refuses to dump with a
 *       directory on the class path) and the runner's own JVM options say nothing about class
 *       sharing ({@code -Xshare:off} there turns this off).</li>
 *   <li>It lives in the user's cache directory, created owner-only: a file mapped as code must not be
 *       writable by other users.</li>
 * </ul>
 */
public final class RunnerClassArchive {
  /** Building the archive has never taken more than ~10 s on 2 busy cores; past this it is given up. */
  private static final long DUMP_TIMEOUT_SECONDS = 180;
  private static final int MAX_BUILD_ATTEMPTS = 2;
  private static final List<String> SHARING_OPTIONS = List.of("-Xshare", "-XX:SharedArchiveFile",
      "-XX:ArchiveClassesAtExit", "-XX:DumpLoadedClassList", "-XX:SharedClassListFile", "-XX:+AutoCreateSharedArchive");

  private final String javaExecutable;
  private final String classpath;
  private final Path archive;
  private final Path classList;
  private int buildAttempts;
  private boolean listPending;

  private RunnerClassArchive(String javaExecutable, String classpath, Path archive) {
    this.javaExecutable = javaExecutable;
    this.classpath = classpath;
    this.archive = archive;
    this.classList = archive.resolveSibling(archive.getFileName() + ".classlist");
  }

  /**
   * The archive for runners started with this java and class path, kept under {@code cacheDir}; empty
   * when the class path cannot be archived (a directory on it, as in a test JVM) or the cache directory
   * cannot be made.
   */
  public static Optional<RunnerClassArchive> of(String javaExecutable, String classpath, Path cacheDir) {
    List<Path> jars = new ArrayList<>();
    for (String entry : classpath.split(java.io.File.pathSeparator)) {
      if (entry.isEmpty()) {
        continue;
      }
      Path p = Path.of(entry);
      if (!Files.isRegularFile(p) || !entry.endsWith(".jar")) {
        return Optional.empty();
      }
      jars.add(p);
    }
    if (jars.isEmpty()) {
      return Optional.empty();
    }
    try {
      Files.createDirectories(cacheDir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
      String key = key(javaExecutable, jars);
      return Optional.of(new RunnerClassArchive(javaExecutable, classpath, cacheDir.resolve("runner-" + key + ".jsa")));
    } catch (IOException | UnsupportedOperationException e) {
      return Optional.empty();
    }
  }

  /** {@code $XDG_CACHE_HOME/tablestore-ycsb/class-archives}, else {@code ~/.cache/tablestore-ycsb/class-archives}. */
  public static Path defaultCacheDir() {
    String xdg = System.getenv("XDG_CACHE_HOME");
    Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
    return base.resolve("tablestore-ycsb").resolve("class-archives");
  }

  /** Where the archive is (or will be). */
  public Path path() {
    return archive;
  }

  public boolean built() {
    return Files.isRegularFile(archive);
  }

  /**
   * The JVM options sharing classes for one runner, to go before its own: the archive once built;
   * else, for the first runner asked, the class list to build it from; else none. A runner whose own
   * options set any class-sharing option gets none.
   */
  public synchronized List<String> optionsFor(List<String> runnerJvmOptions) {
    if (runnerJvmOptions.stream().anyMatch(o -> SHARING_OPTIONS.stream().anyMatch(o::startsWith))) {
      return List.of();
    }
    if (built()) {
      // A JVM that cannot use the archive says so as a warning; runners' stdout is YCSB's report, so
      // the JVM's warnings go to stderr (a runner's own -Xlog options come later and still apply).
      return List.of("-XX:SharedArchiveFile=" + archive, "-Xshare:auto", "-Xlog:disable", "-Xlog:all=warning:stderr");
    }
    if (!listPending && buildAttempts < MAX_BUILD_ATTEMPTS) {
      listPending = true;
      try {
        Files.deleteIfExists(classList);
      } catch (IOException e) {
        return List.of();
      }
      return List.of("-XX:DumpLoadedClassList=" + classList);
    }
    return List.of();
  }

  /** True when a runner was given the class list to write and the archive is still to be built from it. */
  public synchronized boolean listed() {
    return listPending && !built();
  }

  /**
   * Builds the archive from the class list a runner wrote, when one is waiting; call between cells.
   * The runner that wrote the list may still run (a warm runner serves the next cells): the archive is
   * built from the list's complete lines so far. Failures only mean runners keep starting without
   * the archive; they are reported, not thrown.
   *
   * @return what happened, for a progress line; empty when there was nothing to build
   */
  public synchronized Optional<String> buildIfListed() throws InterruptedException {
    if (!listPending || built()) {
      return Optional.empty();
    }
    listPending = false;
    if (!Files.isRegularFile(classList)) {
      return Optional.empty(); // the runner did not get far enough to list anything; the next one will
    }
    buildAttempts++;
    long started = System.nanoTime();
    Path partial = archive.resolveSibling(archive.getFileName() + ".partial-" + ProcessHandle.current().pid());
    Path log = archive.resolveSibling(archive.getFileName() + ".dump.log");
    Path snapshot = classList.resolveSibling(classList.getFileName() + ".complete-" + ProcessHandle.current().pid());
    try {
      Files.deleteIfExists(partial);
      completeLines(classList, snapshot);
      Process dump = new ProcessBuilder(javaExecutable, "-Xshare:dump", "-XX:SharedClassListFile=" + snapshot,
          "-XX:SharedArchiveFile=" + partial, "-cp", classpath)
          .redirectErrorStream(true).redirectOutput(log.toFile()).start();
      if (!dump.waitFor(DUMP_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
        dump.destroyForcibly().waitFor();
        return Optional.of("runner class archive not built: java -Xshare:dump took over " + DUMP_TIMEOUT_SECONDS
            + " s; runners start without it");
      }
      if (dump.exitValue() != 0 || !Files.isRegularFile(partial)) {
        return Optional.of("runner class archive not built: java -Xshare:dump exited " + dump.exitValue()
            + " (see " + log + "); runners start without it");
      }
      try {
        Files.move(partial, archive, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        return Optional.of("runner class archive not built: cannot rename atomically in " + archive.getParent());
      }
      Files.deleteIfExists(log);
      return Optional.of(String.format("runner class archive built in %.1f s (%s); later runners start from it",
          (System.nanoTime() - started) / 1e9, archive));
    } catch (IOException e) {
      return Optional.of("runner class archive not built: " + e.getMessage() + "; runners start without it");
    } finally {
      try {
        Files.deleteIfExists(partial);
        Files.deleteIfExists(snapshot);
        Files.deleteIfExists(classList);
      } catch (IOException e) {
        // a leftover partial file is never used: only the rename above makes an archive
      }
    }
  }

  /** Copies {@code list} up to its last line end: a runner still writing it may be mid-line. */
  private static void completeLines(Path list, Path copy) throws IOException {
    byte[] bytes = Files.readAllBytes(list);
    int end = bytes.length;
    while (end > 0 && bytes[end - 1] != '\n') {
      end--;
    }
    Files.write(copy, Arrays.copyOf(bytes, end));
  }

  /** The archive's name: what the JVM checks when it maps it, so a change in any of it means a new one. */
  static String key(String javaExecutable, List<Path> jars) throws IOException {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      update(sha, Path.of(javaExecutable).toAbsolutePath().normalize().toString());
      update(sha, System.getProperty("java.vm.version", ""));
      for (Path jar : jars) {
        update(sha, jar.toAbsolutePath().normalize().toString());
        update(sha, Long.toString(Files.size(jar)));
        update(sha, Long.toString(Files.getLastModifiedTime(jar).toMillis()));
      }
      return HexFormat.of().formatHex(sha.digest(), 0, 8);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every JDK", e);
    }
  }

  private static void update(MessageDigest sha, String s) {
    sha.update(s.getBytes(StandardCharsets.UTF_8));
    sha.update((byte) 0);
  }
}
