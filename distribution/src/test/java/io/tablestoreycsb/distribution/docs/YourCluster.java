package io.tablestoreycsb.distribution.docs;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;

/**
 * "Your cluster" of the docs' Kubernetes blocks: the real one-node cluster {@code .ci/with-kubernetes} runs
 * beside the tests (its admin kubeconfig in {@value #KUBECONFIG_ENV}, a {@code kubectl} on the PATH), and the
 * namespaces that were not there before the first block ran, so that they can be deleted at the end.
 */
final class YourCluster {
  static final String KUBECONFIG_ENV = "TSY_KUBERNETES_KUBECONFIG";
  static final String WHY_NOT = "no real cluster: .ci/with-kubernetes starts one and exports its kubeconfig"
      + " (" + KUBECONFIG_ENV + ")";

  private Set<String> namespacesBefore;

  static boolean isThere() {
    String kubeconfig = System.getenv(KUBECONFIG_ENV);
    return kubeconfig != null && !kubeconfig.isBlank();
  }

  /**
   * What a block sees: KUBECONFIG, and the object store key the docs take from the environment
   * ({@code $OSS_ACCESS_KEY_ID}); not a real key, since nothing here reaches a bucket with it.
   */
  Map<String, String> environment() throws IOException, InterruptedException {
    if (namespacesBefore == null) {
      namespacesBefore = namespaces();
    }
    return Map.of("KUBECONFIG", System.getenv(KUBECONFIG_ENV),
        "OSS_ACCESS_KEY_ID", "docs-test-access-key-id", "OSS_ACCESS_KEY_SECRET", "docs-test-access-key-secret");
  }

  /** Deletes the namespaces the blocks created (and so whatever they created in them). */
  void deleteCreatedNamespaces() throws IOException, InterruptedException {
    if (namespacesBefore == null) {
      return;
    }
    Set<String> created = namespaces();
    created.removeAll(namespacesBefore);
    if (!created.isEmpty()) {
      List<String> delete = new ArrayList<>(List.of("delete", "--wait=false"));
      delete.addAll(created); // namespace/NAME, as get -o name lists them
      kubectl(delete.toArray(String[]::new));
    }
  }

  private static Set<String> namespaces() throws IOException, InterruptedException {
    return new TreeSet<>(kubectl("get", "namespaces", "-o", "name").lines().map(String::strip)
        .filter(line -> !line.isEmpty()).toList());
  }

  /** kubectl ARGS on the cluster's kubeconfig; its output, or a failure naming the command. */
  private static String kubectl(String... args) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>(List.of("kubectl", "--kubeconfig", System.getenv(KUBECONFIG_ENV)));
    command.addAll(List.of(args));
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (!p.waitFor(60, TimeUnit.SECONDS) || p.exitValue() != 0) {
      p.destroyForcibly();
      throw new IllegalStateException(String.join(" ", args) + " failed: " + output.strip());
    }
    return output;
  }
}
