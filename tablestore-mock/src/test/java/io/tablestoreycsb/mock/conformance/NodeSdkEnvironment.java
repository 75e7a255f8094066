package io.tablestoreycsb.mock.conformance;

import static org.assertj.core.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A {@code node_modules} directory holding the official Node.js SDK, npm {@code tablestore}, at
 * the version pinned in {@code sdk-conformance/node/package.json}. Installed on first use under
 * {@code target/}, so it lasts as long as the build output; install scripts are not run (the SDK
 * has none it needs).
 *
 * <p>When the machine cannot provide it (no node or npm, no network for npm) the test is skipped
 * with the reason: those are facts about the machine, not about the mock.
 */
final class NodeSdkEnvironment {
  static final String SDK_VERSION = "5.6.5";

  private static final Duration INSTALL_LIMIT = Duration.ofMinutes(5);
  private static final Duration PROBE_LIMIT = Duration.ofMinutes(1);

  private NodeSdkEnvironment() {}

  /** The node executable; {@code installDir/node_modules} then holds tablestore SDK_VERSION. */
  static Path prepare(Path programDir, Path installDir, Path logDir) throws IOException, InterruptedException {
    Optional<Path> node = ExternalProcess.onPath("node");
    assumeTrue(node.isPresent(), "node is not on the PATH: Node.js SDK conformance not run");
    if (!SDK_VERSION.equals(installedSdkVersion(node.get(), installDir, logDir).orElse(""))) {
      install(programDir, installDir, logDir);
      Optional<String> installed = installedSdkVersion(node.get(), installDir, logDir);
      if (!installed.equals(Optional.of(SDK_VERSION))) {
        fail("npm reported success but tablestore " + SDK_VERSION + " is not in " + installDir
            + "/node_modules (found " + installed.orElse("none") + ")");
      }
    }
    return node.get();
  }

  private static void install(Path programDir, Path installDir, Path logDir)
      throws IOException, InterruptedException {
    Optional<Path> npm = ExternalProcess.onPath("npm");
    assumeTrue(npm.isPresent(), "npm is not on the PATH: Node.js SDK conformance not run");
    Files.createDirectories(installDir);
    Files.copy(programDir.resolve("package.json"), installDir.resolve("package.json"),
        StandardCopyOption.REPLACE_EXISTING);
    ExternalProcess.Result installed = ExternalProcess.run(
        List.of(npm.get().toString(), "install", "--no-audit", "--no-fund", "--ignore-scripts",
            "--no-package-lock", "--fetch-retries", "1", "--fetch-timeout", "20000"),
        installDir, Map.of(), INSTALL_LIMIT, logDir.resolve("node-npm-install.log"));
    if (!installed.succeeded()) {
      assumeTrue(!installed.timedOut() && !looksLikeNoNetwork(installed.output()),
          () -> "cannot download tablestore@" + SDK_VERSION + " (no network?): " + installed.describe());
      fail("npm could not install tablestore@" + SDK_VERSION + ":\n" + installed.describe());
    }
  }

  /** npm's own words for an unreachable registry, besides the common ones. */
  private static boolean looksLikeNoNetwork(String output) {
    return ExternalProcess.looksLikeNoNetwork(output)
        || output.contains("ENOTFOUND") || output.contains("EAI_AGAIN") || output.contains("ECONNREFUSED")
        || output.contains("ETIMEDOUT") || output.contains("ENETUNREACH");
  }

  private static Optional<String> installedSdkVersion(Path node, Path installDir, Path logDir)
      throws IOException, InterruptedException {
    if (!Files.isDirectory(installDir.resolve("node_modules/tablestore"))) {
      return Optional.empty();
    }
    ExternalProcess.Result probe = ExternalProcess.run(
        List.of(node.toString(), "-e", "console.log(require('tablestore/package.json').version)"),
        installDir, Map.of(), PROBE_LIMIT, logDir.resolve("node-sdk-version.log"));
    return probe.succeeded() ? Optional.of(probe.output().strip()) : Optional.empty();
  }
}
