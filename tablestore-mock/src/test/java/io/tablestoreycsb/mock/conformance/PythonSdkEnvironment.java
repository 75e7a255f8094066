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
 * A Python virtual environment holding the official SDK, PyPI {@code tablestore}, at a pinned
 * version. Made on first use (under {@code target/}, so it lasts as long as the build output) or
 * taken from a system property / environment variable to share one between builds.
 *
 * <p>When the machine cannot provide it (no python3, no venv module, no network for pip) the test
 * is skipped with the reason: those are facts about the machine, not about the mock.
 */
final class PythonSdkEnvironment {
  /** The SDK the conformance program (src/test/sdk-conformance/python) drives. */
  static final PythonSdkEnvironment CONFORMANCE =
      new PythonSdkEnvironment("6.4.8", "sdk.conformance.python.venv", "SDK_CONFORMANCE_PYTHON_VENV");
  /**
   * The SDK whose source package carries the authors' own tests ({@code tests/}); later source
   * packages (6.2.0 and 6.4.8 checked) ship none.
   */
  static final PythonSdkEnvironment AUTHORS_SUITE =
      new PythonSdkEnvironment("6.1.0", "sdk.suite.python.venv", "SDK_SUITE_PYTHON_VENV");

  private static final Duration INSTALL_LIMIT = Duration.ofMinutes(5);
  private static final Duration PROBE_LIMIT = Duration.ofMinutes(1);

  final String sdkVersion;
  final String venvProperty;
  final String venvEnv;

  private PythonSdkEnvironment(String sdkVersion, String venvProperty, String venvEnv) {
    this.sdkVersion = sdkVersion;
    this.venvProperty = venvProperty;
    this.venvEnv = venvEnv;
  }

  /** The venv's interpreter with {@code tablestore==sdkVersion} importable, installed from PyPI. */
  Path prepare(Path defaultVenv, Path logDir) throws IOException, InterruptedException {
    Path python = interpreter(defaultVenv, logDir);
    requireInstalled(python, logDir, "tablestore==" + sdkVersion);
    return python;
  }

  /** The SDK's interpreter and the source package it was installed from. */
  record FromSourcePackage(Path python, Path sourcePackage) {}

  /**
   * Downloads the SDK's source package ({@code tablestore-VERSION.tar.gz}, which carries the
   * authors' tests) into {@code downloads} unless it is there, and installs the SDK from it, so
   * that the SDK and its tests are one published package.
   */
  FromSourcePackage prepareFromSourcePackage(Path defaultVenv, Path downloads, Path logDir)
      throws IOException, InterruptedException {
    Path python = interpreter(defaultVenv, logDir);
    Path sdist = downloads.resolve("tablestore-" + sdkVersion + ".tar.gz");
    if (!Files.isRegularFile(sdist)) {
      Files.createDirectories(downloads);
      ExternalProcess.Result pip = ExternalProcess.run(
          List.of(python.toString(), "-m", "pip", "download", "--disable-pip-version-check",
              "--retries", "1", "--timeout", "20", "--no-binary", ":all:", "--no-deps",
              "--dest", downloads.toString(), "tablestore==" + sdkVersion),
          downloads, Map.of(), INSTALL_LIMIT, logDir.resolve("python-pip-download.log"));
      requirePipSucceeded(pip, "download the source package of");
      if (!Files.isRegularFile(sdist)) {
        fail("pip download reported success but " + sdist + " is missing:\n" + pip.describe());
      }
    }
    requireInstalled(python, logDir, sdist.toString());
    return new FromSourcePackage(python, sdist);
  }

  /** The venv's interpreter, the venv made first when it does not exist. */
  private Path interpreter(Path defaultVenv, Path logDir) throws IOException, InterruptedException {
    Path venv = configuredVenv().orElse(defaultVenv);
    Path python = venv.resolve("bin").resolve("python");
    if (!Files.isExecutable(python)) {
      createVenv(venv, logDir);
    }
    return python;
  }

  /** Installs {@code requirement} (a pip requirement or a package file) unless the pinned SDK is there. */
  private void requireInstalled(Path python, Path logDir, String requirement)
      throws IOException, InterruptedException {
    if (sdkVersion.equals(installedSdkVersion(python, logDir).orElse(""))) {
      return;
    }
    ExternalProcess.Result pip = ExternalProcess.run(
        List.of(python.toString(), "-m", "pip", "install", "--disable-pip-version-check",
            "--retries", "1", "--timeout", "20", requirement),
        python.getParent(), Map.of(), INSTALL_LIMIT, logDir.resolve("python-pip-install.log"));
    requirePipSucceeded(pip, "install");
    Optional<String> installed = installedSdkVersion(python, logDir);
    if (!installed.equals(Optional.of(sdkVersion))) {
      fail("pip reported success but tablestore " + sdkVersion + " is not importable from "
          + python + " (found " + installed.orElse("none") + ")");
    }
  }

  private Optional<Path> configuredVenv() {
    String configured = System.getProperty(venvProperty, System.getenv(venvEnv));
    return configured == null || configured.isBlank() ? Optional.empty()
        : Optional.of(Path.of(configured));
  }

  private static void createVenv(Path venv, Path logDir) throws IOException, InterruptedException {
    Optional<Path> python3 = ExternalProcess.onPath("python3");
    assumeTrue(python3.isPresent(), "python3 is not on the PATH: Python SDK tests not run");
    Files.createDirectories(venv.getParent());
    ExternalProcess.Result made = ExternalProcess.run(
        List.of(python3.get().toString(), "-m", "venv", venv.toString()),
        venv.getParent(), Map.of(), INSTALL_LIMIT, logDir.resolve("python-venv.log"));
    assumeTrue(made.succeeded(),
        () -> "python3 cannot create a virtual environment (is the venv module installed?): "
            + made.describe());
  }

  /** Skips when pip could not reach the package index; fails on any other pip error. */
  private void requirePipSucceeded(ExternalProcess.Result pip, String what) {
    if (!pip.succeeded()) {
      assumeTrue(!pip.timedOut() && !ExternalProcess.looksLikeNoNetwork(pip.output()),
          () -> "cannot " + what + " tablestore==" + sdkVersion + " (no network?): " + pip.describe());
      fail("pip could not " + what + " tablestore==" + sdkVersion + ":\n" + pip.describe());
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
