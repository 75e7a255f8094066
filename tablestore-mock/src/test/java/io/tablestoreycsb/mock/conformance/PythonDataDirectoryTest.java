package io.tablestoreycsb.mock.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The check, as a Python team runs it: the official Python SDK writes 1,000 rows into the
 * standalone mock on a data directory, the mock is killed with SIGKILL, started again on the same
 * directory, and the SDK reads every row back ({@code src/test/sdk-conformance/python/data_dir_rows.py}).
 * Skipped, with the reason, without python3 or the network to fetch the pinned SDK.
 */
class PythonDataDirectoryTest {
  private static final Path MODULE_DIR = Path.of(System.getProperty("basedir", "."));
  private static final Path PROGRAM = MODULE_DIR.resolve("src/test/sdk-conformance/python/data_dir_rows.py");
  private static final Path WORK = MODULE_DIR.resolve("target/sdk-conformance");
  private static final Duration PROGRAM_LIMIT = Duration.ofMinutes(3);

  @TempDir
  Path dir;

  @Test
  void everyRowThePythonSdkWroteIsThereAfterKill9AndARestart() throws Exception {
    Path python = PythonSdkEnvironment.CONFORMANCE.prepare(WORK.resolve("python-venv"), WORK);
    Path data = dir.resolve("data");
    StandaloneMock first = StandaloneMock.start(dir, "first-stderr.txt", "--data-dir", data.toString());
    try {
      ExternalProcess.Result wrote = run(python, "write", first, "python-data-dir-write.log");
      assertThat(wrote.output()).withFailMessage("%s", wrote.describe()).contains("acknowledged 1000");
    } finally {
      assertThat(first.kill9()).as("exit status of SIGKILL").isEqualTo(137);
    }

    try (StandaloneMock again = StandaloneMock.start(dir, "second-stderr.txt", "--data-dir", data.toString())) {
      ExternalProcess.Result read = run(python, "read", again, "python-data-dir-read.log");

      assertThat(read.output().lines()).withFailMessage("%s", read.describe()).contains("1 passed, 0 failed");
      assertThat(read.exitCode()).withFailMessage("%s", read.describe()).isZero();
    }
  }

  private static ExternalProcess.Result run(Path python, String mode, StandaloneMock mock, String log)
      throws IOException, InterruptedException {
    return ExternalProcess.run(List.of(python.toString(), PROGRAM.toString(), mode, "--endpoint", mock.endpoint,
            "--instance", mock.instance, "--access-key-id", mock.accessKeyId),
        PROGRAM.getParent(), Map.of("TABLESTORE_ACCESS_KEY_SECRET", mock.accessKeySecret, "PYTHONDONTWRITEBYTECODE", "1"),
        PROGRAM_LIMIT, WORK.resolve(log));
  }
}
