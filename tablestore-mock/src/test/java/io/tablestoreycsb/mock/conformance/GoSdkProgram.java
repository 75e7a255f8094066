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
 * Builds the Go conformance program against the official Go SDK pinned in its go.mod/go.sum.
 * Modules come through the Go module proxy into the machine's module cache (~/go/pkg/mod) and
 * compiled packages into the build cache (~/.cache/go-build), so only the first build downloads.
 *
 * <p>Building first (instead of {@code go run}) separates "cannot download the SDK" (the test is
 * skipped) from "the checks failed" (the test fails).
 */
final class GoSdkProgram {
  private static final Duration BUILD_LIMIT = Duration.ofMinutes(5);

  private GoSdkProgram() {}

  /** Compiles {@code sourceDir} into {@code binary}; returns the binary. */
  static Path build(Path sourceDir, Path binary, Path logDir)
      throws IOException, InterruptedException {
    Optional<Path> go = goTool();
    assumeTrue(go.isPresent(), "go is not on the PATH (nor in $GOROOT/bin): Go SDK conformance not run");
    Files.createDirectories(binary.getParent());
    ExternalProcess.Result built = ExternalProcess.run(
        List.of(go.get().toString(), "build", "-mod=readonly", "-o", binary.toString(), "."),
        sourceDir, Map.of(), BUILD_LIMIT, logDir.resolve("go-build.log"));
    if (!built.succeeded()) {
      assumeTrue(!built.timedOut() && !ExternalProcess.looksLikeNoNetwork(built.output()),
          () -> "cannot download the Go SDK modules (no network?): " + built.describe());
      fail("the Go conformance program does not build:\n" + built.describe());
    }
    return binary;
  }

  /** The go command: on the PATH, else in $GOROOT/bin. */
  static Optional<Path> goTool() {
    Optional<Path> onPath = ExternalProcess.onPath("go");
    if (onPath.isPresent()) {
      return onPath;
    }
    String goroot = System.getenv("GOROOT");
    if (goroot != null) {
      Path candidate = Path.of(goroot, "bin", "go");
      if (Files.isExecutable(candidate)) {
        return Optional.of(candidate);
      }
    }
    return Optional.empty();
  }
}
