package io.tablestoreycsb.mock.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.mock.MockTablestore;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Twenty official Python SDK clients incrementing one row, and doing compare-and-set on another,
 * against the standalone mock (its own process, as a Python team runs it) and the embedded one:
 * the rows end at exactly what the endpoint acknowledged
 * ({@code src/test/sdk-conformance/python/concurrent_increments.py}). Skipped, with the reason,
 * without python3 or the network to fetch the pinned SDK.
 */
class PythonConcurrentIncrementsTest {
  private static final Path MODULE_DIR = Path.of(System.getProperty("basedir", "."));
  private static final Path PROGRAM = MODULE_DIR.resolve("src/test/sdk-conformance/python/concurrent_increments.py");
  private static final Path WORK = MODULE_DIR.resolve("target/sdk-conformance");
  private static final Duration PROGRAM_LIMIT = Duration.ofMinutes(3);
  private static final int ROUNDS_STANDALONE = 3;

  @TempDir
  Path dir;

  @Test
  void incrementsAndCompareAndSetAgainstTheStandaloneMockEndAtWhatWasAcknowledged() throws Exception {
    Path python = PythonSdkEnvironment.CONFORMANCE.prepare(WORK.resolve("python-venv"), WORK);
    try (StandaloneMock mock = StandaloneMock.start(dir)) {
      ExternalProcess.Result result = runProgram(python, mock.endpoint, mock.instance, mock.accessKeyId,
          mock.accessKeySecret, ROUNDS_STANDALONE, "python-increments-standalone.log");

      assertEveryRoundPassed(result, mock.accessKeySecret, ROUNDS_STANDALONE);
    }
  }

  @Test
  void incrementsAndCompareAndSetAgainstTheEmbeddedMockEndAtWhatWasAcknowledged() throws Exception {
    Path python = PythonSdkEnvironment.CONFORMANCE.prepare(WORK.resolve("python-venv"), WORK);
    try (MockTablestore mock = MockTablestore.builder()
        .credentials("increments-key-id", "increments-secret-" + UUID.randomUUID())
        .start()) {
      ExternalProcess.Result result = runProgram(python, mock.endpoint(), mock.instanceName(), mock.accessKeyId(),
          mock.accessKeySecret(), 1, "python-increments-embedded.log");

      assertEveryRoundPassed(result, mock.accessKeySecret(), 1);
    }
  }

  private static ExternalProcess.Result runProgram(Path python, String endpoint, String instance, String keyId,
      String secret, int rounds, String log) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of(python.toString(), PROGRAM.toString(),
        "--endpoint", endpoint, "--instance", instance, "--access-key-id", keyId,
        "--clients", "20", "--rounds", Integer.toString(rounds)));
    return ExternalProcess.run(command, PROGRAM.getParent(),
        Map.of("TABLESTORE_ACCESS_KEY_SECRET", secret, "PYTHONDONTWRITEBYTECODE", "1"),
        PROGRAM_LIMIT, WORK.resolve(log));
  }

  private static void assertEveryRoundPassed(ExternalProcess.Result result, String secret, int rounds) {
    String shown = result.describe().replace(secret, "<secret>");
    // Two checks a round: the increments' sum and the compare-and-set count.
    assertThat(result.output().lines()).withFailMessage("%s", shown).contains((2 * rounds) + " passed, 0 failed");
    assertThat(result.output()).withFailMessage("%s", shown).contains("PASS increments round 1: 5250 acknowledged");
    assertThat(result.exitCode()).withFailMessage("%s", shown).isZero();
  }
}
