package io.tablestoreycsb.mock.conformance;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.tablestoreycsb.mock.MockTablestore;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The Go SDK authors' own test suite, tablestore/api_test.go of
 * github.com/aliyun/aliyun-tablestore-go-sdk {@value #VERSION} (the newest version on the Go
 * module proxy), runs against the mock: every TableStoreSuite test outside
 * src/test/sdk-conformance/go-api-test/excluded.txt (search index, SQL, time series) must pass,
 * except the known gaps that list names (tests of features the mock does not serve yet), which
 * must still not pass: a gap that closes fails this test until its line is removed.
 *
 * <p>The module comes from the Go proxy into the Go module cache ({@code go mod download}); the
 * test copies it under target/ and supplies the connection settings the suite reads from its
 * {@code testConfig} package (a file setting them from the environment: the secret stays off
 * command lines). The exclusions are applied to the copy of api_test.go and nothing else changes.
 * Skipped, with the reason, when Go or the module proxy is not available.
 */
class GoSdkApiTestSuiteTest {
  private static final String MODULE = "github.com/aliyun/aliyun-tablestore-go-sdk";
  private static final String VERSION = "v1.7.17";
  private static final Duration DOWNLOAD_LIMIT = Duration.ofMinutes(5);
  private static final Duration SUITE_LIMIT = Duration.ofMinutes(15);
  /** A gocheck result line: "PASS: api_test.go:606: TableStoreSuite.TestPutGetRow\t0.014s". */
  private static final Pattern OUTCOME =
      Pattern.compile("(?m)^(PASS|FAIL|PANIC|MISS|SKIP|FIXTURE-PANIC|EXPECTED FAILURE): \\S+ TableStoreSuite\\.(\\w+)");

  private static final Path MODULE_DIR = Path.of(System.getProperty("basedir", "."));
  private static final Path EXCLUSIONS = MODULE_DIR.resolve("src/test/sdk-conformance/go-api-test/excluded.txt");
  private static final Path WORK = MODULE_DIR.resolve("target/sdk-conformance");

  /** Sets the suite's connection settings (package testConfig) from the environment. */
  private static final String CONNECTION_FROM_ENV = """
      package testConfig

      // Added by tablestore-mock's GoSdkApiTestSuiteTest: the connection settings, from the environment.

      import "os"

      func init() {
      	OtsEndpoint = os.Getenv("OTS_TEST_ENDPOINT")
      	InstanceName = os.Getenv("OTS_TEST_INSTANCE")
      	OtsAccessId = os.Getenv("OTS_TEST_ACCESS_KEY_ID")
      	OtsAccessKey = os.Getenv("OTS_TEST_ACCESS_KEY_SECRET")
      }
      """;

  private MockTablestore mock;

  @BeforeEach
  void startMock() {
    mock = MockTablestore.builder()
        .credentials("go-api-test-key-id", "go-api-test-secret-" + UUID.randomUUID())
        .start();
  }

  @AfterEach
  void stopMock() {
    mock.close();
  }

  @Test
  void everyTestOfTheGoSdksApiTestOutsideTheExclusionListPasses() throws Exception {
    Optional<Path> go = GoSdkProgram.goTool();
    assumeTrue(go.isPresent(), "go is not on the PATH (nor in $GOROOT/bin): the Go SDK's api_test.go not run");
    Path published = download(go.get());
    Path sdk = WORK.resolve("go-api-test/" + VERSION);
    copy(published, sdk);

    GoApiTestExclusions exclusions = GoApiTestExclusions.read(EXCLUSIONS);
    Path apiTest = sdk.resolve("tablestore/api_test.go");
    String source = Files.readString(apiTest, StandardCharsets.UTF_8);
    Files.writeString(apiTest, exclusions.apply(source), StandardCharsets.UTF_8);
    Files.writeString(sdk.resolve("testConfig/zz_connection_from_env.go"), CONNECTION_FROM_ENV, StandardCharsets.UTF_8);
    Set<String> expected = new TreeSet<>(GoApiTestExclusions.suiteTests(source));
    expected.removeAll(exclusions.excludedTests());
    assertThat(expected).as("tests to run").hasSizeGreaterThan(25);

    // -v: in package list mode go test prints a passing package's output (gocheck's per-test
    // lines) only with -v; without it a run where every test passes shows just "ok".
    ExternalProcess.Result result = ExternalProcess.run(List.of(go.get().toString(), "test", "-count=1", "-v",
            "-timeout", "14m", "-run", "^TestApi$", "./tablestore", "-check.v",
            "-check.f", "^TableStoreSuite\\.(" + String.join("|", expected) + ")$"),
        sdk, Map.of(
            "OTS_TEST_ENDPOINT", mock.endpoint(),
            "OTS_TEST_INSTANCE", mock.instanceName(),
            "OTS_TEST_ACCESS_KEY_ID", mock.accessKeyId(),
            "OTS_TEST_ACCESS_KEY_SECRET", mock.accessKeySecret()),
        SUITE_LIMIT, WORK.resolve("go-api-test.log"));

    String shown = result.describe().replace(mock.accessKeySecret(), "<secret>");
    assertThat(result.output()).as("the secret in the suite's output").doesNotContain(mock.accessKeySecret());
    Map<String, String> outcomes = outcomes(result.output());
    if (outcomes.isEmpty()) {
      assumeTrue(result.timedOut() || !ExternalProcess.looksLikeNoNetwork(result.output()),
          () -> "cannot download the Go SDK's test dependencies (no network?): " + shown);
      fail("the Go SDK's api_test.go did not run:\n" + shown);
    }
    Set<String> gaps = exclusions.gaps();
    Map<String, String> notPassed = outcomes.entrySet().stream()
        .filter(e -> !e.getValue().equals("PASS") && !gaps.contains(e.getKey()))
        .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (a, b) -> a, TreeMap::new));
    assertThat(notPassed).withFailMessage("tests that did not pass: %s%n%s", notPassed, shown).isEmpty();
    Set<String> closedGaps = gaps.stream().filter(g -> "PASS".equals(outcomes.get(g)))
        .collect(Collectors.toCollection(TreeSet::new));
    assertThat(closedGaps).withFailMessage("these listed gaps pass now: remove them from %s: %s", EXCLUSIONS,
        closedGaps).isEmpty();
    assertThat(outcomes.keySet()).withFailMessage("the tests run differ from those expected:%n%s", shown)
        .isEqualTo(expected);
    assertThat(result.exitCode()).withFailMessage("go test exit code:%n%s", shown).isEqualTo(gaps.isEmpty() ? 0 : 1);
  }

  /** The module's source as published, in the Go module cache (downloaded through the proxy once). */
  private static Path download(Path go) throws IOException, InterruptedException {
    ExternalProcess.Result downloaded = ExternalProcess.run(
        List.of(go.toString(), "mod", "download", "-json", MODULE + "@" + VERSION),
        Files.createDirectories(WORK), Map.of("GO111MODULE", "on"), DOWNLOAD_LIMIT,
        WORK.resolve("go-api-test-download.log"));
    Matcher dir = Pattern.compile("\"Dir\": \"([^\"]+)\"").matcher(downloaded.output());
    if (!downloaded.succeeded() || !dir.find()) {
      assumeTrue(!downloaded.timedOut() && !ExternalProcess.looksLikeNoNetwork(downloaded.output()),
          () -> "cannot download " + MODULE + "@" + VERSION + " (no network?): " + downloaded.describe());
      fail("go mod download failed:\n" + downloaded.describe());
    }
    return Path.of(dir.group(1));
  }

  /** A writable copy of the module (the module cache is read-only). */
  private static void copy(Path from, Path to) throws IOException {
    if (Files.exists(to)) {
      try (Stream<Path> old = Files.walk(to)) {
        for (Path p : old.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
    try (Stream<Path> files = Files.walk(from)) {
      for (Path source : files.toList()) {
        Path target = to.resolve(from.relativize(source).toString());
        if (Files.isDirectory(source)) {
          Files.createDirectories(target);
        } else {
          Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
          target.toFile().setWritable(true, true);
        }
      }
    }
    try (Stream<Path> dirs = Files.walk(to)) {
      dirs.filter(Files::isDirectory).forEach(d -> d.toFile().setWritable(true, true));
    }
  }

  /** Each test's gocheck outcome (PASS, FAIL, PANIC, MISS, SKIP...), from the -check.v output. */
  static Map<String, String> outcomes(String output) {
    Map<String, String> outcomes = new TreeMap<>();
    Matcher m = OUTCOME.matcher(output);
    while (m.find()) {
      outcomes.put(m.group(2), m.group(1));
    }
    return outcomes;
  }
}
