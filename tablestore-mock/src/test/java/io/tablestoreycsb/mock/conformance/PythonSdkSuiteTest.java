package io.tablestoreycsb.mock.conformance;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.SyncClient;
import io.tablestoreycsb.mock.MockTablestore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The Python SDK authors' own tests, as published in PyPI {@code tablestore}'s source package,
 * run unmodified against the mock: the table and row API files, every test passing except those
 * in {@code src/test/sdk-conformance/python/sdk-suite-exclusions.txt} (each with its reason).
 *
 * <p>The runner ({@code run_sdk_suite.py}) supplies only the connection settings the suite reads
 * from the environment, and makes the suite's waits for the service (a new table's partitions,
 * table operation rates) return at once. Before it starts, the tables the suite expects to exist
 * in advance ({@code sdk-suite-fixtures.txt}, each with its reason) are created with the Java SDK.
 * Skipped, with the reason, without python3 or the network
 * to fetch the pinned package. Set {@code sdk.suite.python.venv} (or {@code SDK_SUITE_PYTHON_VENV})
 * to a venv directory to keep the SDK across {@code mvn clean}.
 */
class PythonSdkSuiteTest {
  /**
   * The suite's files for the table and row API and local transactions (search index, SQL, time
   * series: out of scope).
   */
  private static final List<String> MODULES =
      List.of("row_op_test", "table_operation_test", "filter_and_condition_update_unitttest", "transaction_test");
  /** Tests in those files of tablestore 6.1.0 (30 + 11 + 7 + 9): guards against a run that finds none. */
  private static final int TESTS_IN_MODULES = 57;
  private static final Duration SUITE_LIMIT = Duration.ofMinutes(10);

  private static final Path MODULE_DIR = Path.of(System.getProperty("basedir", "."));
  private static final Path PROGRAMS = MODULE_DIR.resolve("src/test/sdk-conformance/python");
  private static final Path EXCLUSIONS = PROGRAMS.resolve("sdk-suite-exclusions.txt");
  private static final Path FIXTURES = PROGRAMS.resolve("sdk-suite-fixtures.txt");
  private static final Path WORK = MODULE_DIR.resolve("target/sdk-suite/python");

  @Test
  void thePythonSdkAuthorsTestsPassExceptTheListedExclusions() throws IOException, InterruptedException {
    PythonSdkEnvironment.FromSourcePackage sdk = PythonSdkEnvironment.AUTHORS_SUITE
        .prepareFromSourcePackage(WORK.resolve("venv"), WORK.resolve("downloads"), WORK);

    try (MockTablestore mock = MockTablestore.builder()
        .credentials("suite-key-id", "suite-secret-" + UUID.randomUUID())
        .start()) {
      createFixtures(mock);
      List<String> command = new ArrayList<>(List.of(
          sdk.python().toString(), PROGRAMS.resolve("run_sdk_suite.py").toString(),
          "--source-package", sdk.sourcePackage().toString(),
          "--work-dir", WORK.resolve("run").toString(),
          "--exclusions", EXCLUSIONS.toString(),
          "--endpoint", mock.endpoint(),
          "--instance", mock.instanceName(),
          "--access-key-id", mock.accessKeyId()));
      command.addAll(MODULES);
      ExternalProcess.Result result = ExternalProcess.run(command, WORK,
          Map.of("OTS_TEST_ACCESS_KEY_SECRET", mock.accessKeySecret(), "PYTHONDONTWRITEBYTECODE", "1"),
          SUITE_LIMIT, WORK.resolve("suite.log"));

      String shown = result.describe().replace(mock.accessKeySecret(), "<secret>");
      assertThat(result.output().contains(mock.accessKeySecret()))
          .withFailMessage("the secret appeared in the suite's output:%n%s", shown)
          .isFalse();
      int excluded = exclusionCount();
      String expected = (TESTS_IN_MODULES - excluded) + " passed, 0 failed, " + excluded + " excluded";
      assertThat(result.output().lines())
          .withFailMessage("expected the line \"%s\"; failing tests:%n%s%n%nfull output:%n%s",
              expected, failures(result.output()), shown)
          .contains(expected);
      assertThat(result.exitCode()).withFailMessage("expected exit code 0:%n%s", shown).isZero();
    }
  }

  private static void createFixtures(MockTablestore mock) throws IOException {
    SyncClient client = new SyncClient(mock.endpoint(), mock.accessKeyId(), mock.accessKeySecret(), mock.instanceName());
    try {
      PythonSuiteFixtures.read(FIXTURES).createWith(client);
    } finally {
      client.shutdown();
    }
  }

  private static int exclusionCount() throws IOException {
    return (int) Files.readAllLines(EXCLUSIONS, StandardCharsets.UTF_8).stream()
        .map(line -> line.split("#", 2)[0].strip())
        .filter(entry -> !entry.isEmpty())
        .count();
  }

  /** The FAIL and ERROR lines, to lead the failure message. */
  private static String failures(String output) {
    return output.lines()
        .filter(line -> line.startsWith("FAIL ") || line.startsWith("ERROR "))
        .collect(Collectors.joining("\n"));
  }
}
