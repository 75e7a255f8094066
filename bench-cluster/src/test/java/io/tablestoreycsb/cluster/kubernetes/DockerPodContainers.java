package io.tablestoreycsb.cluster.kubernetes;

import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodSecurityContext;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.VolumeMount;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs a pod's container in the Docker engine, as a node's container runtime would: the pod's image
 * (never pulled: an image the engine lacks is the kubelet's ImagePullBackOff), the pod's command as
 * the entrypoint, its environment (secret values reach the {@code docker} client's environment, never
 * its command line), its volumes bind-mounted from the local directories the kubelet wrote, its CPU and
 * memory limits, the image's user. Containers share the host's network namespace, so they reach the
 * Tablestore mock and the S3 server where the tests bound them, on 127.0.0.1, and publish nothing.
 * Every container carries the label {@value #RUN_LABEL} (the test run's id, {@code $TSY_TEST_RUN}, so a
 * CI script can sweep what a killed JVM left) and is removed when it ends or when this closes.
 */
public final class DockerPodContainers implements PodContainers {
  static final String RUN_LABEL = "io.tablestoreycsb.test-run";
  private static final String RUN = System.getenv().getOrDefault("TSY_TEST_RUN",
      "pid-" + ProcessHandle.current().pid());

  private final String nameSuffix = UUID.randomUUID().toString().substring(0, 8);
  private final Set<String> started = ConcurrentHashMap.newKeySet();
  private final Map<String, Boolean> images = new ConcurrentHashMap<>();

  private static final AtomicBoolean EXPLAINED = new AtomicBoolean();

  static void explainOnce(String image) {
    if (EXPLAINED.compareAndSet(false, true)) {
      System.out.println("test kubelet: pods run as containers of " + image + " in the Docker engine");
    }
  }

  /**
   * Null when the engine answers and holds {@code image}; otherwise why the pods cannot run in it.
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

  @Override
  public Process start(Pod pod, Map<String, String> env, Map<String, Path> mounts, Path podDir, Path log)
      throws IOException {
    Container container = pod.getSpec().getContainers().get(0);
    String name = containerName(pod);
    List<String> command = new ArrayList<>(List.of("docker", "run", "--rm", "--pull", "never", "--name", name,
        "--label", RUN_LABEL + "=" + RUN, "--network", "host"));
    command.addAll(groupOptions(pod.getSpec().getSecurityContext()));
    Map<String, Quantity> limits = container.getResources() == null ? null : container.getResources().getLimits();
    if (limits != null && limits.containsKey("cpu")) {
      command.addAll(List.of("--cpus", Quantity.getAmountInBytes(limits.get("cpu")).stripTrailingZeros().toPlainString()));
    }
    if (limits != null && limits.containsKey("memory")) {
      String bytes = Quantity.getAmountInBytes(limits.get("memory")).toBigInteger() + "b";
      command.addAll(List.of("--memory", bytes, "--memory-swap", bytes)); // a node has no swap
    }
    for (VolumeMount mount : container.getVolumeMounts()) {
      Path local = mounts.get(mount.getMountPath());
      command.addAll(List.of("--volume", local.toAbsolutePath() + ":" + mount.getMountPath()
          + (Boolean.TRUE.equals(mount.getReadOnly()) ? ":ro" : "")));
    }
    for (String variable : env.keySet()) {
      command.addAll(List.of("--env", variable)); // the value comes from the client's environment
    }
    List<String> entrypoint = container.getCommand();
    if (entrypoint != null && !entrypoint.isEmpty()) {
      command.addAll(List.of("--entrypoint", entrypoint.get(0)));
    }
    command.add(container.getImage());
    if (entrypoint != null && entrypoint.size() > 1) {
      command.addAll(entrypoint.subList(1, entrypoint.size()));
    }
    if (container.getArgs() != null) {
      command.addAll(container.getArgs());
    }
    ProcessBuilder pb = new ProcessBuilder(command).directory(podDir.toFile())
        .redirectErrorStream(true).redirectOutput(log.toFile());
    pb.environment().putAll(env);
    started.add(name);
    return pb.start();
  }

  private String containerName(Pod pod) {
    return "tsy-" + pod.getMetadata().getName() + "-" + nameSuffix;
  }

  /** A pod's fsGroup is a supplementary group of its containers' processes (the image's user stays). */
  private static List<String> groupOptions(PodSecurityContext context) {
    List<String> options = new ArrayList<>();
    if (context != null && context.getFsGroup() != null) {
      options.addAll(List.of("--group-add", context.getFsGroup().toString()));
    }
    return options;
  }

  @Override
  public void kill(Pod pod, Process process) {
    String name = containerName(pod);
    if (started.contains(name)) {
      Docker.run("kill", "--signal", "KILL", name);
    }
  }

  /** Only images the engine holds: the tests pull nothing. */
  @Override
  public boolean hasImage(String image) {
    return images.computeIfAbsent(image, i -> Docker.run("image", "inspect", "--format", "{{.Id}}", i).exit() == 0);
  }

  @Override
  public boolean isolated() {
    return true;
  }

  @Override
  public void close() {
    List<String> remove = new ArrayList<>(List.of("rm", "--force"));
    remove.addAll(started);
    if (!started.isEmpty()) {
      Docker.run(remove.toArray(String[]::new)); // those already gone (--rm) are reported missing: fine
    }
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
