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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The mock must serve the official SDKs of other languages (Python, Go, Node.js) as the service
 * does, not only the Java SDK: each test runs the conformance program of one SDK (src/test/sdk-conformance) against
 * the embedded mock over HTTP and expects every check to pass.
 *
 * <p>A test is skipped, with the reason, when the machine lacks the language tool or the network
 * to fetch the pinned SDK. Set {@code sdk.conformance.python.venv} (or
 * {@code SDK_CONFORMANCE_PYTHON_VENV}) to a venv directory to keep the Python SDK across
 * {@code mvn clean}.
 */
class OtherSdkConformanceTest {
  /**
   * Checks each program runs once its tables exist; each prints "N passed, N failed". The Go SDK
   * has one more API to check (ComputeSplitPointsBySize; the Python SDK has none for tables); the
   * Node.js program groups some of them and adds the composite-key range with open bounds.
   */
  private static final int PYTHON_CHECKS = 18;
  private static final int GO_CHECKS = 19;
  private static final int NODE_CHECKS = 14;
  /** Enough rows that a scan needs more than one GetRange page (the service returns <= 5000). */
  private static final int SCAN_ROWS = 6000;
  private static final Duration PROGRAM_LIMIT = Duration.ofMinutes(3);

  private static final Path MODULE_DIR = Path.of(System.getProperty("basedir", "."));
  private static final Path PROGRAMS = MODULE_DIR.resolve("src/test/sdk-conformance");
  private static final Path WORK = MODULE_DIR.resolve("target/sdk-conformance");

  private static MockTablestore mock;

  @BeforeAll
  static void startMock() {
    // Credentials other than the defaults, so the programs prove they use what they are given.
    mock = MockTablestore.builder()
        .credentials("conformance-key-id", "conformance-secret-" + UUID.randomUUID())
        .start();
  }

  @AfterAll
  static void stopMock() {
    if (mock != null) {
      mock.close();
    }
  }

  @Test
  void officialPythonSdkPassesEveryCheck() throws IOException, InterruptedException {
    Path python = PythonSdkEnvironment.CONFORMANCE.prepare(WORK.resolve("python-venv"), WORK);
    List<String> command = new ArrayList<>(List.of(
        python.toString(), PROGRAMS.resolve("python/conformance.py").toString()));
    command.addAll(endpointArguments("--"));
    ExternalProcess.Result result = ExternalProcess.run(command, PROGRAMS.resolve("python"),
        Map.of("TABLESTORE_ACCESS_KEY_SECRET", mock.accessKeySecret(),
            "PYTHONDONTWRITEBYTECODE", "1"),
        PROGRAM_LIMIT, WORK.resolve("python-conformance.log"));
    assertEveryCheckPassed(result, PYTHON_CHECKS);
  }

  @Test
  void officialGoSdkPassesEveryCheck() throws IOException, InterruptedException {
    Path binary = GoSdkProgram.build(PROGRAMS.resolve("go"), WORK.resolve("go/conformance"), WORK);
    List<String> command = new ArrayList<>(List.of(binary.toString()));
    command.addAll(endpointArguments("-"));
    ExternalProcess.Result result = ExternalProcess.run(command, WORK,
        Map.of("TABLESTORE_ACCESS_KEY_SECRET", mock.accessKeySecret()),
        PROGRAM_LIMIT, WORK.resolve("go-conformance.log"));
    assertEveryCheckPassed(result, GO_CHECKS);
  }

  @Test
  void officialNodeSdkPassesEveryCheck() throws IOException, InterruptedException {
    Path modules = WORK.resolve("node");
    Path node = NodeSdkEnvironment.prepare(PROGRAMS.resolve("node"), modules, WORK);
    List<String> command = new ArrayList<>(List.of(
        node.toString(), PROGRAMS.resolve("node/conformance.js").toString()));
    command.addAll(endpointArguments("--"));
    ExternalProcess.Result result = ExternalProcess.run(command, PROGRAMS.resolve("node"),
        Map.of("TABLESTORE_ACCESS_KEY_SECRET", mock.accessKeySecret(),
            "NODE_PATH", modules.resolve("node_modules").toAbsolutePath().toString()),
        PROGRAM_LIMIT, WORK.resolve("node-conformance.log"));
    assertEveryCheckPassed(result, NODE_CHECKS);
  }

  /** Endpoint, instance and key id as options; the secret goes only through the environment. */
  private static List<String> endpointArguments(String optionPrefix) {
    return List.of(
        optionPrefix + "endpoint", mock.endpoint(),
        optionPrefix + "instance", mock.instanceName(),
        optionPrefix + "access-key-id", mock.accessKeyId(),
        optionPrefix + "rows", Integer.toString(SCAN_ROWS));
  }

  private static void assertEveryCheckPassed(ExternalProcess.Result result, int checks) {
    String secret = mock.accessKeySecret();
    String shown = result.describe().replace(secret, "<secret>");
    assertThat(result.output().contains(secret))
        .withFailMessage("the secret appeared in the program's output:%n%s", shown)
        .isFalse();
    assertThat(result.output().lines())
        .withFailMessage("expected the line \"%d passed, 0 failed\":%n%s", checks, shown)
        .contains(checks + " passed, 0 failed");
    assertThat(result.exitCode()).withFailMessage("expected exit code 0:%n%s", shown).isZero();
  }
}
