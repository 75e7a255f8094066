package io.tablestoreycsb.cluster.kubernetes;

import io.fabric8.kubernetes.api.model.Pod;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Runs a pod's container as a process of this machine: its command with the image's java and class
 * path replaced by this JVM's, and each mount path by the local directory of its volume.
 */
final class LocalProcessPodContainers implements AutoCloseable {
  private final Set<Process> processes = ConcurrentHashMap.newKeySet();

  /**
   * Starts the container of a one-container pod; the process returned ends when the container does,
   * with its exit code, its output (stdout and stderr) going to {@code log}.
   *
   * @param env the container's environment, secrets resolved
   * @param mounts mount path in the container to the local directory holding the volume
   * @param podDir a local directory of this pod
   */
  Process start(Pod pod, Map<String, String> env, Map<String, Path> mounts, Path podDir, Path log)
      throws IOException {
    List<String> command = pod.getSpec().getContainers().get(0).getCommand();
    ProcessBuilder pb = new ProcessBuilder(localCommand(command, mounts)).directory(podDir.toFile())
        .redirectErrorStream(true).redirectOutput(log.toFile());
    pb.environment().putAll(env);
    Process process = pb.start();
    processes.add(process);
    return process;
  }

  /** Kills a pod's container at once (SIGKILL), as the OOM killer would. */
  void kill(Process process) {
    process.descendants().forEach(ProcessHandle::destroyForcibly);
    process.destroyForcibly();
  }

  /** The image's java and class path become this JVM's; mount paths become the local directories. */
  private static List<String> localCommand(List<String> command, Map<String, Path> mounts) {
    List<String> local = new ArrayList<>();
    for (int i = 0; i < command.size(); i++) {
      String arg = command.get(i);
      if (i == 0 && arg.equals("java")) {
        local.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
      } else if (i > 0 && command.get(i - 1).equals("-cp") && arg.equals(JibImage.CLASSPATH)) {
        local.add(System.getProperty("java.class.path"));
      } else {
        String mapped = arg;
        for (Map.Entry<String, Path> m : mounts.entrySet()) {
          if (mapped.equals(m.getKey()) || mapped.startsWith(m.getKey() + "/")) {
            mapped = m.getValue() + mapped.substring(m.getKey().length());
          }
        }
        local.add(mapped);
      }
    }
    return local;
  }

  @Override
  public void close() {
    processes.forEach(this::kill);
  }
}
