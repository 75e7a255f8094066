package io.tablestoreycsb.mock.conformance;

import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A Python virtual environment holding the official SDK, PyPI {@code tablestore}, at the pinned
 * version. Made on first use (under {@code target/}, so it lasts as long as the build output) or
 * taken from {@value #VENV_PROPERTY} / {@value #VENV_ENV} to share one between builds.
 *
 * <p>When the machine cannot provide it (no python3, no venv module, no network for pip) the test
 * is skipped with the reason: those are facts about the machine, not about the mock.
 */
final class PythonSdkEnvironment {
  static final String SDK_VERSION = "6.4.8";
  static final String VENV_PROPERTY = "sdk.conformance.python.venv";
  static final String VENV_ENV = "SDK_CONFORMANCE_PYTHON_VENV";

  private static final Duration INSTALL_LIMIT = Duration.ofMinutes(5);
  private static final Duration PROBE_LIMIT = Duration.ofMinutes(1);

  private PythonSdkEnvironment() {}

  /** The venv's interpreter with {@code tablestore==SDK_VERSION} importable. */
  static Path prepare(Path defaultVenv, Path logDir) throws IOException, InterruptedException {
    Path venv = configuredVenv().orElse(defaultVenv);
    Path python = venv.resolve("bin").resolve("python");
    if (!Files.isExecutable(python)) {
      createVenv(venv, logDir);
    }
    if (!SDK_VERSION.equals(installedSdkVersion(python, logDir).orElse(""))) {
      install(python, venv, logDir);
      Optional<String> installed = installedSdkVersion(python, logDir);
      if (!installed.equals(Optional.of(SDK_VERSION))) {
        fail("pip reported success but tablestore " + SDK_VERSION + " is not importable from "
            + python + " (found " + installed.orElse("none") + ")");
      }
    }
    return python;
  }

  private static Optional<Path> configuredVenv() {
    String configured = System.getProperty(VENV_PROPERTY, System.getenv(VENV_ENV));
    return configured == null || configured.isBlank() ? Optional.empty()
        : Optional.of(Path.of(configured));
  }

  private static void createVenv(Path venv, Path logDir) throws IOException, InterruptedException {
    Optional<Path> python3 = ExternalProcess.onPath("python3");
    assumeTrue(python3.isPresent(), "python3 is not on the PATH: Python SDK conformance not run");
    Files.createDirectories(venv.getParent());
    ExternalProcess.Result made = ExternalProcess.run(
        List.of(python3.get().toString(), "-m", "venv", venv.toString()),
        venv.getParent(), Map.of(), INSTALL_LIMIT, logDir.resolve("python-venv.log"));
    assumeTrue(made.succeeded(),
        () -> "python3 cannot create a virtual environment (is the venv module installed?): "
            + made.describe());
  }

  private static void install(Path python, Path venv, Path logDir)
      throws IOException, InterruptedException {
    ExternalProcess.Result pip = ExternalProcess.run(
        List.of(python.toString(), "-m", "pip", "install", "--disable-pip-version-check",
            "--retries", "1", "--timeout", "20", "tablestore==" + SDK_VERSION),
        venv, Map.of(), INSTALL_LIMIT, logDir.resolve("python-pip-install.log"));
    if (!pip.succeeded()) {
      assumeTrue(!pip.timedOut() && !ExternalProcess.looksLikeNoNetwork(pip.output()),
          () -> "cannot download tablestore==" + SDK_VERSION + " (no network?): " + pip.describe());
      fail("pip could not install tablestore==" + SDK_VERSION + ":\n" + pip.describe());
    }
  }

  private static Optional<String> installedSdkVersion(Path python, Path logDir)
      throws IOException, InterruptedException {
    ExternalProcess.Result probe = ExternalProcess.run(
        List.of(python.toString(), "-c",
            "import importlib.metadata as m; print(m.version('tablestore'))"),
        python.getParent(), Map.of(), PROBE_LIMIT, logDir.resolve("python-sdk-version.log"));
    return probe.succeeded() ? Optional.of(probe.output().strip()) : Optional.empty();
  }
}
