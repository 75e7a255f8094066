package io.tablestoreycsb.mock.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The launcher's main class run as a child JVM on this test's class path, its stderr in a file:
 * started, read for its ready line, stopped by a signal or killed.
 */
final class MockProcess implements AutoCloseable {
  final Process process;
  final BufferedReader stdout;
  private final Path stderr;

  private MockProcess(Process process, Path stderr) {
    this.process = process;
    this.stdout = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    this.stderr = stderr;
  }

  /** Starts {@code bin/tablestore-mock OPTIONS}' main class; its stderr goes to {@code stderrFile}. */
  static MockProcess start(Path stderrFile, String... options) throws IOException {
    return start(stderrFile, List.of(), options);
  }

  /** As {@link #start(Path, String...)}, with the JVM options {@code jvmOptions} (system properties). */
  static MockProcess start(Path stderrFile, List<String> jvmOptions, String... options) throws IOException {
    List<String> command = new ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"),
        "-Djava.net.preferIPv4Stack=true"));
    command.addAll(jvmOptions);
    command.add(MockCli.class.getName());
    command.addAll(List.of(options));
    Process process = new ProcessBuilder(command).redirectError(stderrFile.toFile()).start();
    return new MockProcess(process, stderrFile);
  }

  /** Waits for the ready line (null: the process ended without one). */
  ReadyLine ready() throws IOException {
    return ReadyLine.parse(stdout.readLine());
  }

  String stderr() throws IOException {
    return Files.readString(stderr);
  }

  /** SIGKILL: the process dies at once, without its shutdown hooks (kill -9). */
  int kill9() throws InterruptedException {
    process.destroyForcibly();
    return process.waitFor();
  }

  @Override
  public void close() {
    if (process.isAlive()) {
      process.destroyForcibly();
    }
  }
}
