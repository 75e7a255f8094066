package io.tablestoreycsb.cluster.kubernetes;

import io.fabric8.kubernetes.api.model.NamespaceBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.authentication.TokenRequestBuilder;
import io.fabric8.kubernetes.client.Config;
import io.fabric8.kubernetes.client.ConfigBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.fabric8.kubernetes.client.informers.ResourceEventHandler;
import io.fabric8.kubernetes.client.informers.SharedIndexInformer;
import io.tablestoreycsb.cluster.objectstore.EmbeddedS3;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * The real one-node cluster {@code .ci/with-kubernetes} runs beside the tests: a client from the kubeconfig it
 * exports ({@value #KUBECONFIG_ENV}), the address its pods reach this machine at ({@value #HOST_ENV}: the
 * bridge's; the tests bind the mock and the S3 server there), a namespace per test class, and what the pods
 * of that namespace ended with (the real kubelet's words, kept from a watch, since the Job controller
 * deletes pods with their Job).
 */
public final class RealCluster implements AutoCloseable {
  public static final String KUBECONFIG_ENV = "TSY_KUBERNETES_KUBECONFIG";
  public static final String HOST_ENV = "TSY_KUBERNETES_HOST";

  private final KubernetesClient client;
  private final String host;
  private final String namespace;
  private final Map<String, Pod> lastSeen = new ConcurrentHashMap<>();
  private final SharedIndexInformer<Pod> podInformer;

  private RealCluster(KubernetesClient client, String host, String namespace) {
    this.client = client;
    this.host = host;
    this.namespace = namespace;
    client.namespaces().resource(new NamespaceBuilder().withNewMetadata().withName(namespace).endMetadata().build())
        .create();
    // an informer (a list, then a watch that it renews) rather than a bare watch, which may end unseen
    this.podInformer = client.pods().inNamespace(namespace).inform(new ResourceEventHandler<>() {
      @Override
      public void onAdd(Pod pod) {
        lastSeen.put(pod.getMetadata().getName(), pod);
      }

      @Override
      public void onUpdate(Pod old, Pod pod) {
        lastSeen.put(pod.getMetadata().getName(), pod);
      }

      @Override
      public void onDelete(Pod pod, boolean finalStateUnknown) {
        if (!finalStateUnknown) {
          lastSeen.put(pod.getMetadata().getName(), pod);
        }
      }
    });
  }

  /** The cluster .ci/with-kubernetes exported, with a new namespace named {@code namespacePrefix-<time>}; empty without one. */
  public static Optional<RealCluster> fromEnvironment(String namespacePrefix) throws IOException {
    String kubeconfig = System.getenv(KUBECONFIG_ENV);
    String host = System.getenv(HOST_ENV);
    if (kubeconfig == null || kubeconfig.isBlank() || host == null || host.isBlank()) {
      return Optional.empty();
    }
    Config config = Config.fromKubeconfig(Files.readString(Path.of(kubeconfig)));
    KubernetesClient client = new KubernetesClientBuilder().withConfig(config).build();
    return Optional.of(new RealCluster(client, host, namespacePrefix + "-" + System.currentTimeMillis()));
  }

  public KubernetesClient client() {
    return client;
  }

  /**
   * A client that acts as the namespace's ServiceAccount {@code name} (its token from the TokenRequest API):
   * it may do what the account's Roles allow, nothing more.
   */
  public KubernetesClient clientAs(String name) {
    String token = client.serviceAccounts().inNamespace(namespace).withName(name)
        .tokenRequest(new TokenRequestBuilder().withNewSpec().withExpirationSeconds(3600L).endSpec().build())
        .getStatus().getToken();
    Config config = new ConfigBuilder(client.getConfiguration()).withOauthToken(token).withNamespace(namespace).build();
    return new KubernetesClientBuilder().withConfig(config).build();
  }

  /**
   * Freezes (SIGSTOP) or thaws (SIGCONT) the node's kubelet, whose pid .ci/with-kubernetes exports: a frozen
   * kubelet renews no lease, so its node goes NotReady, while the containers it started run on.
   */
  public void freezeKubelet(boolean frozen) throws IOException, InterruptedException {
    String pid = System.getenv("TSY_KUBERNETES_KUBELET_PID");
    if (pid == null || !pid.matches("\\d+")) {
      throw new IllegalStateException("TSY_KUBERNETES_KUBELET_PID is not set: .ci/with-kubernetes exports it");
    }
    int exit = new ProcessBuilder("kill", frozen ? "-STOP" : "-CONT", pid).inheritIO().start().waitFor();
    if (exit != 0) {
      throw new IllegalStateException("kill " + (frozen ? "-STOP " : "-CONT ") + pid + " exited " + exit);
    }
  }

  /** The Ready condition's status of the (only) node: True, False or Unknown. */
  public String nodeReady() {
    return client.nodes().list().getItems().stream().flatMap(n -> n.getStatus().getConditions().stream())
        .filter(c -> "Ready".equals(c.getType())).map(c -> c.getStatus()).findFirst().orElse("Unknown");
  }

  /** The address the pods reach this machine at. */
  public String host() {
    return host;
  }

  public String namespace() {
    return namespace;
  }

  /** Every pod of the namespace as last seen (its final state, for a pod that has ended), by name. */
  public Map<String, Pod> lastSeenPods() {
    return lastSeen;
  }

  /** Creates (or replaces) the Secret the pods read, as {@link KubernetesTestCluster#putSecret} does. */
  public void putSecret(String name, Path endpointProperties) throws IOException {
    client.secrets().inNamespace(namespace).resource(new SecretBuilder()
        .withNewMetadata().withName(name).endMetadata()
        .addToData(SecretKeys.ENDPOINT_PROPERTIES, base64(Files.readString(endpointProperties)))
        .addToData(SecretKeys.RESULTS_ACCESS_KEY_ID, base64(EmbeddedS3.ACCESS_KEY_ID))
        .addToData(SecretKeys.RESULTS_SECRET_ACCESS_KEY, base64(EmbeddedS3.SECRET_ACCESS_KEY))
        .build()).createOr(r -> r.update());
  }

  private static String base64(String s) {
    return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
  }

  /** Whether the namespace holds no Job and no pod within {@code seconds} (the garbage collector works in the background). */
  public boolean emptiedWithin(long seconds) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (System.nanoTime() < deadline) {
      if (client.batch().v1().jobs().inNamespace(namespace).list().getItems().isEmpty()
          && client.pods().inNamespace(namespace).list().getItems().isEmpty()) {
        return true;
      }
      Thread.sleep(500);
    }
    return false;
  }

  /** Deletes the namespace (and whatever a failed test left in it) and closes the client. */
  @Override
  public void close() {
    podInformer.close();
    try {
      client.namespaces().withName(namespace).withGracePeriod(0).delete();
    } finally {
      client.close();
    }
  }
}
