package io.tablestoreycsb.distribution;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The CI scripts in {@code .ci/} run with stand-ins for {@code docker}, {@code dockerd} and {@code debootstrap}
 * first on the PATH: what the scripts do around the engine, without an engine.
 */
class CiScriptsTest {
  private static final Path REPO = Path.of(System.getProperty("tsy.repo.dir", "..")).toAbsolutePath().normalize();

  @TempDir
  Path dir;

  private Path stubs;
  private Process script;

  private Path stub(String name, String body) throws IOException {
    stubs = Files.createDirectories(dir.resolve("bin"));
    Path file = stubs.resolve(name);
    Files.writeString(file, "#!/bin/sh\n" + body);
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
    return file;
  }

  private ProcessBuilder scriptRun(String... command) {
    ProcessBuilder builder = new ProcessBuilder(command).directory(REPO.toFile())
        .redirectOutput(dir.resolve("stdout").toFile()).redirectError(dir.resolve("stderr").toFile());
    builder.environment().put("PATH", stubs + ":" + System.getenv("PATH"));
    builder.environment().put("STUBS", stubs.toString());
    builder.environment().remove("DOCKER_HOST");
    return builder;
  }

  @AfterEach
  void stopWhatIsLeft() throws IOException {
    if (script != null) {
      script.descendants().forEach(ProcessHandle::destroyForcibly);
      script.destroyForcibly();
    }
    dockerdPid().flatMap(ProcessHandle::of).ifPresent(ProcessHandle::destroyForcibly);
  }

  @Test
  void baseImagesEndsWellWhenTheImageSaysMoreThanItsFirstLine() throws Exception {
    // docker run writes (itself, like the docker CLI) far more than a pipe holds: a reader that stops after
    // one line kills it with SIGPIPE (exit 141), which pipefail made the script's status although the
    // image was built.
    stub("docker", """
        case "$1" in
          image) exit 1 ;;
          import) cat >/dev/null; exit 0 ;;
          run) echo 'openjdk version "17.0.16" 2025-07-15'
               i=0; while [ $i -lt 100000 ]; do echo "java line $i"; i=$((i+1)); done; exit 0 ;;
        esac
        exit 2
        """);
    stub("debootstrap", """
        rootfs="$4"
        mkdir -p "$rootfs/usr/lib/jvm/java-17/bin" "$rootfs/usr/bin"
        touch "$rootfs/usr/lib/jvm/java-17/bin/java"
        ln -s ../lib/jvm/java-17/bin/java "$rootfs/usr/bin/java"
        """);

    script = scriptRun(".ci/base-images").start();

    assertThat(script.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(script.exitValue()).as(stderr()).isZero();
    assertThat(stderr()).contains("base-images: built, openjdk version \"17.0.16\"");
  }

  /** A dockerd that answers while it runs: its pid in $STUBS/dockerd.pid. */
  private void engineStubs() throws IOException {
    stub("dockerd", "echo $$ > \"$STUBS/dockerd.pid\"\nexec sleep 600\n");
    stub("docker", """
        case "$1" in
          version) [ -f "$STUBS/dockerd.pid" ] && kill -0 "$(cat "$STUBS/dockerd.pid")" 2>/dev/null || exit 1
                   echo 20.10.24; exit 0 ;;
          image) exit 0 ;;
          ps|network|images) exit 0 ;;
        esac
        exit 2
        """);
  }

  private Optional<Long> dockerdPid() throws IOException {
    Path file = stubs == null ? null : stubs.resolve("dockerd.pid");
    if (file == null || !Files.exists(file)) {
      return Optional.empty();
    }
    return Optional.of(Long.parseLong(Files.readString(file).trim()));
  }

  private boolean alive(long pid) {
    return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
  }

  @Test
  void aDockerdStartedForAFailingCommandIsStoppedWithIt() throws Exception {
    assumeTrue("root".equals(System.getProperty("user.name")), "with-docker starts dockerd only as root");
    engineStubs();

    script = scriptRun(".ci/with-docker", "--no-runner-image", "sh", "-c", "exit 3").start();

    assertThat(script.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(script.exitValue()).as(stderr()).isEqualTo(3);
    assertThat(dockerdPid()).as("the script started the stand-in dockerd").isPresent();
    assertThat(alive(dockerdPid().orElseThrow())).as("dockerd after the script ended").isFalse();
  }

  @Test
  void sigtermStopsTheCommandAndTheDockerdAtOnce() throws Exception {
    assumeTrue("root".equals(System.getProperty("user.name")), "with-docker starts dockerd only as root");
    engineStubs();
    Path started = dir.resolve("command.pid");

    script = scriptRun(".ci/with-docker", "--no-runner-image", "sh", "-c", "echo $$ > " + started + "; exec sleep 600")
        .start();
    Instant deadline = Instant.now().plus(Duration.ofSeconds(120));
    while (!(Files.exists(started) && Files.size(started) > 0) && Instant.now().isBefore(deadline) && script.isAlive()) {
      Thread.sleep(100);
    }
    assertThat(started).as(stderr()).exists();
    long command = Long.parseLong(Files.readString(started).trim());

    new ProcessBuilder("kill", "-TERM", String.valueOf(script.pid())).start().waitFor();

    // The command would sleep 600 s: the script ends long before only if it stopped the command itself.
    assertThat(script.waitFor(120, TimeUnit.SECONDS)).as(stderr()).isTrue();
    assertThat(script.exitValue()).isEqualTo(143);
    assertThat(alive(command)).as("the command after the script ended").isFalse();
    assertThat(alive(dockerdPid().orElseThrow())).as("dockerd after the script ended").isFalse();
  }

  @Test
  void withKubernetesSaysInOneLineWhyThereIsNoClusterAndRunsTheCommandWithoutOne() throws Exception {
    stub("docker", "exit 1\n"); // no engine answers: the runner images cannot come from one

    script = scriptRun(".ci/with-kubernetes", "sh", "-c", "echo \"kubeconfig=${TSY_KUBERNETES_KUBECONFIG:-none}\"; exit 4")
        .start();

    assertThat(script.waitFor(120, TimeUnit.SECONDS)).isTrue();
    assertThat(script.exitValue()).as(stderr()).isEqualTo(4);
    String stdout = Files.readString(dir.resolve("stdout"));
    assertThat(stdout.lines().filter(l -> l.startsWith("kubernetes tests:"))).singleElement().asString()
        .matches("kubernetes tests: on fabric8's mock API server, no cluster: (needs root|no Docker engine answers).*");
    assertThat(stdout).contains("kubeconfig=none");
  }

  private String stderr() {
    try {
      return Files.readString(dir.resolve("stderr"));
    } catch (IOException e) {
      return "(no stderr: " + e + ")";
    }
  }
}
