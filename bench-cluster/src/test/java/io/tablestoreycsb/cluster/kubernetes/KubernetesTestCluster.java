package io.tablestoreycsb.cluster.kubernetes;

import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.KubernetesMixedDispatcher;
import io.fabric8.kubernetes.client.server.mock.KubernetesMockServer;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.fabric8.mockwebserver.Context;
import io.fabric8.mockwebserver.MockWebServer;
import io.fabric8.mockwebserver.ServerRequest;
import io.fabric8.mockwebserver.ServerResponse;
import io.tablestoreycsb.cluster.objectstore.EmbeddedS3;
import io.tablestoreycsb.cluster.objectstore.TestBucket;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A Kubernetes cluster for a test class, all on 127.0.0.1: fabric8's mock API server (CRUD) and a client of
 * it, a bucket on the embedded S3 server for the pods' results, the Secret the pods read, and the test
 * kubelets that run the Jobs' pods.
 *
 * <pre>{@code
 * @RegisterExtension
 * static final KubernetesTestCluster cluster = new KubernetesTestCluster("test", "results");
 * }</pre>
 *
 * <p>The servers start before the class's first test and stop after its last. A kubelet started by a test
 * (or its {@code @BeforeEach}) is closed after the test's {@code @AfterEach} methods, one started in
 * {@code @BeforeAll} after the class: its pods' processes or containers are stopped and its threads have
 * ended.
 */
public final class KubernetesTestCluster implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback,
    AfterEachCallback {
  /** The mock API server logs every request at INFO; kept referenced so the level sticks. */
  private static final Logger MOCK_SERVER_LOG = Logger.getLogger("io.fabric8.mockwebserver");

  private final String namespace;
  private final TestBucket results;
  private final List<TestKubelet> classKubelets = new CopyOnWriteArrayList<>();
  private final List<TestKubelet> testKubelets = new CopyOnWriteArrayList<>();
  private volatile boolean testRunning;
  private KubernetesMockServer apiServer;
  private KubernetesClient client;

  /**
   * @param namespace where the tests' Jobs, pods and Secret go
   * @param resultsBucket the bucket the pods upload their results to
   */
  public KubernetesTestCluster(String namespace, String resultsBucket) {
    this.namespace = namespace;
    this.results = new TestBucket(resultsBucket);
  }

  @Override
  public void beforeAll(ExtensionContext context) throws IOException, InterruptedException {
    MOCK_SERVER_LOG.setLevel(Level.WARNING);
    Map<ServerRequest, Queue<ServerResponse>> expectations = new HashMap<>();
    apiServer = new KubernetesMockServer(new Context(Serialization.jsonMapper()), new MockWebServer(), expectations,
        new KubernetesMixedDispatcher(expectations), false);
    apiServer.init(InetAddress.getLoopbackAddress(), 0);
    client = apiServer.createClient();
    results.start();
  }

  /** A client of the API server. */
  public KubernetesClient client() {
    if (client == null) {
      throw new IllegalStateException("the test cluster is not running: use it from a test or a lifecycle"
          + " method of the class that registers it");
    }
    return client;
  }

  public String namespace() {
    return namespace;
  }

  /** The bucket for the pods' results, on an S3 server that takes {@link EmbeddedS3#credentials()}. */
  public TestBucket results() {
    return results;
  }

  /**
   * Creates (or replaces) the Secret {@code name} that the pods read: the binding's endpoint properties from
   * {@code endpointProperties} and the results bucket's key, under {@link SecretKeys}' names.
   */
  public void putSecret(String name, Path endpointProperties) throws IOException {
    client().secrets().inNamespace(namespace).resource(new SecretBuilder()
        .withNewMetadata().withName(name).endMetadata()
        .addToData(SecretKeys.ENDPOINT_PROPERTIES, base64(Files.readString(endpointProperties)))
        .addToData(SecretKeys.RESULTS_ACCESS_KEY_ID, base64(EmbeddedS3.ACCESS_KEY_ID))
        .addToData(SecretKeys.RESULTS_SECRET_ACCESS_KEY, base64(EmbeddedS3.SECRET_ACCESS_KEY))
        .build()).createOr(r -> r.update());
  }

  private static String base64(String s) {
    return Base64.getEncoder().encodeToString(s.getBytes(StandardCharsets.UTF_8));
  }

  /**
   * A kubelet running the namespace's Jobs' pods as local processes; closed after the current test.
   *
   * @param root where the pods' directories and container logs go
   */
  public TestKubelet startKubelet(Path root) {
    TestKubelet kubelet = new TestKubelet(client(), namespace, root);
    (testRunning ? testKubelets : classKubelets).add(kubelet);
    return kubelet;
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    testRunning = true;
  }

  @Override
  public void afterEach(ExtensionContext context) {
    testRunning = false;
    close(testKubelets);
  }

  private static void close(List<TestKubelet> kubelets) {
    for (TestKubelet kubelet : kubelets) {
      kubelets.remove(kubelet);
      kubelet.close();
    }
  }

  @Override
  public void afterAll(ExtensionContext context) throws InterruptedException {
    // JUnit calls this also when beforeAll failed part way: close what did start
    try {
      close(testKubelets);
      close(classKubelets);
      if (client != null) {
        client.close();
      }
      if (apiServer != null) {
        apiServer.destroy();
      }
    } finally {
      client = null;
      apiServer = null;
      results.close();
    }
  }
}
