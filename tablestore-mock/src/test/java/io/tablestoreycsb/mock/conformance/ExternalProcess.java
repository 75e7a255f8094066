package io.tablestoreycsb.mock.conformance;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Runs a tool of another language (python3, pip, go) as a child process and keeps what it printed.
 *
 * <p>Output goes to a log file rather than a pipe so a chatty child can never block on a full
 * pipe; the time limit only guards against a hung child, it is not a measurement.
 */
final class ExternalProcess {

  /** How a child process ended: its exit code (-1 when killed on time-out) and its output. */
  record Result(List<String> command, int exitCode, boolean timedOut, String output) {
    boolean succeeded() {
      return !timedOut && exitCode == 0;
    }

    /** The command, its outcome and its output, for an assertion or skip message. */
    String describe() {
      String outcome = timedOut ? "timed out" : "exit code " + exitCode;
      return String.join(" ", command) + " -> " + outcome + "\n" + output;
    }
  }

  private ExternalProcess() {}

  /**
   * Runs {@code command} in {@code workDir}. {@code extraEnv} is added to this JVM's environment:
   * secrets go there, never into {@code command} (which anyone can read with {@code ps}).
   */
  static Result run(List<String> command, Path workDir, Map<String, String> extraEnv,
      Duration limit, Path log) throws IOException, InterruptedException {
    Files.createDirectories(log.getParent());
    ProcessBuilder builder = new ProcessBuilder(command)
        .directory(workDir.toFile())
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
    builder.environment().putAll(extraEnv);
    Process process = builder.start();
    boolean finished = process.waitFor(limit.toMillis(), TimeUnit.MILLISECONDS);
    if (!finished) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      process.waitFor(10, TimeUnit.SECONDS);
    }
    String output = Files.readString(log, StandardCharsets.UTF_8);
    return new Result(command, finished ? process.exitValue() : -1, !finished, output);
  }

  /** The executable {@code name} on this process's PATH, if there is one. */
  static Optional<Path> onPath(String name) {
    String path = System.getenv("PATH");
    if (path == null) {
      return Optional.empty();
    }
    for (String dir : path.split(File.pathSeparator)) {
      if (dir.isEmpty()) {
        continue;
      }
      Path candidate = Path.of(dir, name);
      if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }

  /**
   * Whether a failed download printed the marks of an unreachable package index or module proxy
   * (no DNS, no route, refused, timed out, or a proxy set to "off") rather than a real error.
   */
  static boolean looksLikeNoNetwork(String output) {
    String text = output.toLowerCase(Locale.ROOT);
    return NO_NETWORK_MARKS.stream().anyMatch(text::contains);
  }

  private static final List<String> NO_NETWORK_MARKS = List.of(
      "temporary failure in name resolution",
      "name or service not known",
      "no such host",
      "server misbehaving",
      "network is unreachable",
      "connection refused",
      "connection timed out",
      "i/o timeout",
      "timed out",
      "newconnectionerror",
      "failed to establish a new connection",
      "connecttimeouterror",
      "proxyerror",
      "max retries exceeded",
      "(from versions: none)",
      "module lookup disabled by goproxy=off",
      "tls handshake timeout",
      "dial tcp");
}
