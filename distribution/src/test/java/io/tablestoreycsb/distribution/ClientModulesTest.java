package io.tablestoreycsb.distribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.images.builder.ImageFromDockerfile;

/**
 * The Testcontainers modules of clients/ (Python, Go, Node.js) run their own example tests, in
 * their own language's test runner, against the mock's image built here from
 * tablestore-mock/Dockerfile over the unpacked distribution (the image docs/mock-admin.md builds).
 * Each module is copied under target/ first, so installing its dependencies leaves the source tree
 * as it is. The child runs with {@code TSY_CONTAINER_TESTS=required}: its tests fail rather than
 * skip, so a pass here means they ran.
 */
@ExtendWith(ContainerEngine.class)
class ClientModulesTest {
  private static final Path REPO = Path.of(System.getProperty("tsy.repo.dir", "..")).toAbsolutePath().normalize();
  private static final Path WORK = Path.of("target", "client-modules").toAbsolutePath();
  private static final Duration INSTALL_LIMIT = Duration.ofMinutes(6);
  private static final Duration TEST_LIMIT = Duration.ofMinutes(6);

  private static ImageFromDockerfile image;
  private static String imageName;

  @BeforeAll
  static void buildTheImage() throws Exception {
    image = MockImage.fromDistribution("tablestore-mock-clients");
    imageName = image.get();
  }

  @AfterAll
  static void removeTheImage() throws Exception {
    if (image != null && image.isDone()) {
      DockerClientFactory.instance().client().removeImageCmd(image.get()).withForce(true).exec();
    }
  }

  @Test
  void pythonModuleExampleTestsPassWithTheOfficialSdk() throws Exception {
    Path module = copyModule("python");
    Path python3 = tool("python3");
    Path venv = WORK.resolve("python-venv");
    if (!Files.isExecutable(venv.resolve("bin/python"))) {
      run("python venv", List.of(python3.toString(), "-m", "venv", venv.toString()), module, INSTALL_LIMIT);
    }
    String python = venv.resolve("bin/python").toString();
    run("pip install", List.of(python, "-m", "pip", "install", "--disable-pip-version-check", "-q",
        "--retries", "1", "--timeout", "30", module + "[test]"), module, INSTALL_LIMIT);

    String out = run("pytest", List.of(python, "-m", "pytest", "-p", "no:cacheprovider", "-v", "tests"), module,
        TEST_LIMIT);

    assertThat(out).containsPattern("(?m)^=+ 5 passed").doesNotContain("SKIPPED");
  }

  @Test
  void goModuleExampleTestsPassWithTheOfficialSdk() throws Exception {
    Path module = copyModule("go");
    Path go = tool("go");

    String out = run("go test", List.of(go.toString(), "test", "-count=1", "-v", "./..."), module, INSTALL_LIMIT.plus(TEST_LIMIT));

    assertThat(out).containsPattern("(?m)^ok\\s+tablestoreycsb/clients/go/tablestoremock")
        .contains("--- PASS: TestABusyPutRowIsRetriedThenSucceedsOnceTheFaultIsGone")
        .contains("--- PASS: TestADataDirectoryKeepsRowsForTheNextContainer")
        .doesNotContain("--- SKIP");
  }

  @Test
  void nodeModuleExampleTestsPassWithTheOfficialSdk() throws Exception {
    Path module = copyModule("node");
    Path npm = tool("npm");
    run("npm ci", List.of(npm.toString(), "ci", "--no-audit", "--no-fund"), module, INSTALL_LIMIT);

    String out = run("npm test", List.of(npm.toString(), "test"), module, TEST_LIMIT);

    assertThat(out).contains("# pass 5").contains("# fail 0").contains("# skipped 0");
  }

  /** clients/NAME copied to target/client-modules/NAME (without what an earlier install left beside it). */
  private static Path copyModule(String name) throws IOException {
    Path source = REPO.resolve("clients").resolve(name);
    Path target = WORK.resolve(name);
    Files.createDirectories(target);
    try (Stream<Path> files = Files.walk(source)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        Path relative = source.relativize(file);
        if (relative.toString().startsWith("node_modules") || relative.toString().contains("__pycache__")
            || relative.toString().contains(".egg-info")) {
          continue;
        }
        Path to = target.resolve(relative.toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(to);
        } else {
          Files.copy(file, to, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
    return target;
  }

  /** A toolchain on the PATH; without one the test fails where container tests are required, else skips. */
  private static Path tool(String name) {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      Path candidate = Path.of(dir, name);
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    String why = name + " is not on the PATH";
    if ("required".equals(System.getenv(ContainerEngine.REQUIRED_ENV))) {
      fail(why + " (" + ContainerEngine.REQUIRED_ENV + "=required)");
    }
    assumeTrue(false, why);
    return null;
  }

  /** Runs a command to its end; its output goes to a log under target/ and is returned; a failure shows its tail. */
  private static String run(String what, List<String> command, Path dir, Duration limit) throws Exception {
    Path log = WORK.resolve("logs").resolve(what.replaceAll("[^A-Za-z0-9]+", "-") + ".log");
    Files.createDirectories(log.getParent());
    ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
        .redirectOutput(log.toFile());
    Map<String, String> env = builder.environment();
    env.put("TABLESTORE_MOCK_IMAGE", imageName);
    env.put(ContainerEngine.REQUIRED_ENV, "required");
    env.put("TESTCONTAINERS_RYUK_DISABLED", "true");
    env.put("PYTHONDONTWRITEBYTECODE", "1");
    Process process = builder.start();
    process.getOutputStream().close();
    if (!process.waitFor(limit.toSeconds(), TimeUnit.SECONDS)) {
      process.descendants().forEach(ProcessHandle::destroyForcibly);
      process.destroyForcibly();
      fail(what + " did not end within " + limit + "; its output: " + log + "\n" + tail(log));
    }
    String out = Files.readString(log);
    if (process.exitValue() != 0) {
      fail(what + " (" + String.join(" ", command) + ") exited " + process.exitValue() + "; its output: " + log
          + "\n" + tail(log));
    }
    System.out.printf("%s: done, output in %s%n", what, log);
    return out;
  }

  private static String tail(Path log) throws IOException {
    List<String> lines = Files.readAllLines(log);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
  }
}
