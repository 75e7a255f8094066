package io.tablestoreycsb.mock.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.mock.cli.MockCli;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The mock's launcher ({@link MockCli}) in a process of its own, as a team outside Java runs
 * {@code bin/tablestore-mock}: credentials from the environment, endpoint from its ready line;
 * stopped (SIGTERM) on close.
 */
final class StandaloneMock implements AutoCloseable {
  private static final Pattern READY =
      Pattern.compile("tablestore-mock listening on (http://127\\.0\\.0\\.1:\\d+) instance=(\\S+)");

  final String endpoint;
  final String instance;
  final String accessKeyId;
  final String accessKeySecret;
  private final Process process;

  private StandaloneMock(Process process, String endpoint, String instance, String accessKeyId, String accessKeySecret) {
    this.process = process;
    this.endpoint = endpoint;
    this.instance = instance;
    this.accessKeyId = accessKeyId;
    this.accessKeySecret = accessKeySecret;
  }

  /** Starts the launcher on a free port of 127.0.0.1, its stderr in {@code dir}, and waits for its ready line. */
  static StandaloneMock start(Path dir) throws IOException {
    return start(dir, "mock-stderr.txt");
  }

  /** As {@link #start(Path)}, with more launcher options (e.g. {@code --data-dir DIR}), stderr in {@code dir/stderrFile}. */
  static StandaloneMock start(Path dir, String stderrFile, String... options) throws IOException {
    String keyId = "standalone-key-id";
    String secret = "standalone-secret-" + UUID.randomUUID();
    Path stderr = dir.resolve(stderrFile);
    List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"), MockCli.class.getName(), "--port", "0"));
    command.addAll(List.of(options));
    ProcessBuilder builder = new ProcessBuilder(command).redirectError(stderr.toFile());
    builder.environment().put(MockCli.ENV_ACCESS_KEY_ID, keyId);
    builder.environment().put(MockCli.ENV_ACCESS_KEY_SECRET, secret);
    Process process = builder.start();
    BufferedReader stdout = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    String line = stdout.readLine();
    Matcher ready = READY.matcher(line == null ? "" : line);
    if (!ready.matches()) {
      process.destroyForcibly();
    }
    assertThat(ready.matches()).as("ready line %s; stderr: %s", line, Files.readString(stderr)).isTrue();
    return new StandaloneMock(process, ready.group(1), ready.group(2), keyId, secret);
  }

  /** SIGKILL, as {@code kill -9}: no shutdown hook runs. Returns the exit status (137). */
  int kill9() throws InterruptedException {
    process.destroyForcibly();
    return process.waitFor();
  }

  @Override
  public void close() throws InterruptedException {
    process.destroy();
    process.waitFor();
  }
}
