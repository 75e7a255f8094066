package io.tablestoreycsb.cluster.kubernetes;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The Docker engine of this machine, for the tests of an image Jib built into it (the runner images): whether
 * it holds the image, and one {@code docker} command at a time. The tests' pods never run in it: on fabric8's
 * mock API server they are local processes ({@link LocalProcessPodContainers}), on the real cluster
 * {@code .ci/with-kubernetes} starts they are the images' containers ({@link RealCluster}).
 */
public final class DockerEngine {
  private DockerEngine() {
  }

  /**
   * Null when the engine answers and holds {@code image}; otherwise why an image test cannot run.
   *
   * @param build the command that builds the image into the engine
   */
  public static String whyNotAvailable(String image, String build) {
    Docker inspect = Docker.run("image", "inspect", "--format", "{{.Id}}", image);
    if (inspect.exit() == 0) {
      return null;
    }
    Docker version = Docker.run("version", "--format", "{{.Server.Version}}");
    if (version.exit() != 0) {
      return "no Docker engine answers (docker version: " + version.firstLine() + ")";
    }
    return "the runner image " + image + " is not in the Docker engine (.ci/with-docker builds it; or " + build + ")";
  }

  /** One {@code docker} command, run to its end (at most a minute); its stdout and stderr together. */
  public record Docker(int exit, String output) {
    public static Docker run(String... args) {
      List<String> command = new ArrayList<>(List.of("docker"));
      command.addAll(List.of(args));
      try {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        p.getOutputStream().close();
        byte[] out = p.getInputStream().readAllBytes();
        if (!p.waitFor(1, TimeUnit.MINUTES)) {
          p.destroyForcibly();
          return new Docker(-1, "timed out");
        }
        return new Docker(p.exitValue(), new String(out, StandardCharsets.UTF_8).strip());
      } catch (IOException e) {
        return new Docker(-1, e.getMessage());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return new Docker(-1, "interrupted");
      }
    }

    public String firstLine() {
      return output.lines().findFirst().orElse("exit code " + exit);
    }
  }
}
