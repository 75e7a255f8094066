package io.tablestoreycsb.mock.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import io.tablestoreycsb.mock.MockTablestore;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Twenty official Go SDK clients reading and writing a few rows at once, every request's
 * invocation and response recorded, and the history checked
 * ({@code src/test/sdk-conformance/go-history}): per-row linearizability of gets, puts, atomic
 * increments, compare-and-set updates, insert-if-absent puts, deletes and BatchWriteRow rows (the
 * Porcupine checker, not timing); a counter's acknowledged deltas against its final value; every
 * acknowledged write exactly once in the table's stream and in what the SDK's TunnelWorker delivers
 * from a Stream tunnel, in an order real time allows and that replays to the values the writes
 * returned; auto-increment keys unique and growing per client.
 * Against the standalone mock and the embedded one. Skipped, with the reason, without go or the
 * network to fetch the modules.
 */
class GoConcurrentHistoryTest {
  private static final Path MODULE_DIR = Path.of(System.getProperty("basedir", "."));
  private static final Path PROGRAM = MODULE_DIR.resolve("src/test/sdk-conformance/go-history");
  private static final Path WORK = MODULE_DIR.resolve("target/sdk-conformance");
  private static final Duration PROGRAM_LIMIT = Duration.ofMinutes(5);
  /** The program's checks (no unexpected errors, linearizable, counter, stream, Tunnel, auto-increment). */
  private static final int CHECKS = 6;

  @TempDir
  Path dir;

  @Test
  void historiesOfTwentyClientsAgainstTheStandaloneMockPassEveryCheck() throws Exception {
    Path binary = GoSdkProgram.build(PROGRAM, WORK.resolve("go-history/history"), WORK);
    try (StandaloneMock mock = StandaloneMock.start(dir)) {
      ExternalProcess.Result result = run(binary, mock.endpoint, mock.instance, mock.accessKeyId, mock.accessKeySecret,
          "go-history-standalone.log");

      assertEveryCheckPassed(result, mock.accessKeySecret);
    }
  }

  @Test
  void historiesOfTwentyClientsAgainstTheEmbeddedMockPassEveryCheck() throws Exception {
    Path binary = GoSdkProgram.build(PROGRAM, WORK.resolve("go-history/history"), WORK);
    try (MockTablestore mock = MockTablestore.builder()
        .credentials("history-key-id", "history-secret-" + UUID.randomUUID())
        .start()) {
      ExternalProcess.Result result = run(binary, mock.endpoint(), mock.instanceName(), mock.accessKeyId(),
          mock.accessKeySecret(), "go-history-embedded.log");

      assertEveryCheckPassed(result, mock.accessKeySecret());
    }
  }

  private static ExternalProcess.Result run(Path binary, String endpoint, String instance, String keyId, String secret,
      String log) throws IOException, InterruptedException {
    return ExternalProcess.run(List.of(binary.toString(), "-endpoint", endpoint, "-instance", instance,
            "-access-key-id", keyId, "-clients", "20", "-ops", "60"),
        WORK, Map.of("TABLESTORE_ACCESS_KEY_SECRET", secret, "HISTORY_VISUALIZATION_DIR", WORK.resolve("go-history").toString()),
        PROGRAM_LIMIT, WORK.resolve(log));
  }

  private static void assertEveryCheckPassed(ExternalProcess.Result result, String secret) {
    String shown = result.describe().replace(secret, "<secret>");
    assertThat(result.output().lines()).withFailMessage("%s", shown).contains(CHECKS + " passed, 0 failed");
    assertThat(result.exitCode()).withFailMessage("%s", shown).isZero();
  }
}
