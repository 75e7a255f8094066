package io.tablestoreycsb.cluster.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.SecretBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.server.mock.EnableKubernetesMockClient;
import io.fabric8.kubernetes.client.utils.Serialization;
import io.tablestoreycsb.cluster.objectstore.ObjectStoreSettings;
import io.tablestoreycsb.cluster.objectstore.ObjectStoreUri;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An Indexed Job built from the shared settings, run by the test kubelet on fabric8's mock API server:
 * its pods get their index and the object store's key by Secret reference; one fails, and the job tells
 * which, why, and what its log said; closing it deletes the Job, also on an interrupted thread.
 */
@EnableKubernetesMockClient(crud = true)
class RunningJobTest {
  private static final String NAMESPACE = "bench";
  private static final String SECRET_ACCESS_KEY = "s3cret-value-4711";

  static KubernetesClient client;
  /** The mock API server logs every request at INFO; kept referenced so the level sticks. */
  private static final java.util.logging.Logger MOCK_SERVER_LOG =
      java.util.logging.Logger.getLogger("io.fabric8.mockwebserver");

  @TempDir
  Path tmp;

  private TestKubelet kubelet;

  @BeforeEach
  void setUp() {
    MOCK_SERVER_LOG.setLevel(java.util.logging.Level.WARNING);
    client.secrets().inNamespace(NAMESPACE).resource(new SecretBuilder()
        .withNewMetadata().withName("bench-secret").endMetadata()
        .addToStringData(SecretKeys.RESULTS_ACCESS_KEY_ID, "key-id")
        .addToStringData(SecretKeys.RESULTS_SECRET_ACCESS_KEY, SECRET_ACCESS_KEY)
        .build()).createOr(r -> r.update());
    kubelet = new TestKubelet(client, NAMESPACE, tmp.resolve("kubelet"));
  }

  @AfterEach
  void tearDown() {
    kubelet.close();
  }

  private static KubernetesSettings settings() {
    return new KubernetesSettings(NAMESPACE, "bench-image:1", "1", "512Mi", Map.of(), List.of(), "bench-secret",
        new ObjectStoreSettings(new ObjectStoreUri("results", "runs"), null, null, false), 5);
  }

  private static Job job(String name, String... exitCodes) {
    List<String> command = new java.util.ArrayList<>(List.of("java", "-cp", JibImage.CLASSPATH,
        IndexedPodMain.class.getName(), Integer.toString(SECRET_ACCESS_KEY.length())));
    command.addAll(List.of(exitCodes));
    return IndexedJobManifest.builder(settings(), name, Map.of("app.kubernetes.io/name", "test"), exitCodes.length,
        600, "worker", command, SecretKeys.objectStoreEnv("bench-secret")).build();
  }

  private static void awaitEnded(RunningJob job, int pods) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (job.ended() < pods || !job.finished()) {
      assertThat(System.nanoTime()).as("pods ended in time").isLessThan(deadline);
      Thread.sleep(200);
      job.poll();
    }
  }

  @Test
  void theManifestReferencesTheSecretAndHoldsNoCredential() {
    Job job = job("render", "0", "0");
    String yaml = Serialization.asYaml(job);
    assertThat(yaml).doesNotContain(SECRET_ACCESS_KEY).contains("secretKeyRef").contains("completionMode: \"Indexed\"");
    assertThat(job.getSpec().getTemplate().getSpec().getContainers().get(0).getEnv())
        .extracting(e -> e.getName() + "=" + e.getValueFrom().getSecretKeyRef().getName() + "/"
            + e.getValueFrom().getSecretKeyRef().getKey())
        .containsExactly("AWS_ACCESS_KEY_ID=bench-secret/" + SecretKeys.RESULTS_ACCESS_KEY_ID,
            "AWS_SECRET_ACCESS_KEY=bench-secret/" + SecretKeys.RESULTS_SECRET_ACCESS_KEY);
    assertThat(job.getSpec().getBackoffLimit()).isZero();
    assertThat(job.getSpec().getTemplate().getSpec().getSecurityContext().getFsGroup()).isEqualTo(JibImage.GROUP_ID);
  }

  @Test
  void podsRunByIndexAndAFailedOneTellsWhyAndItsLog() throws Exception {
    RunningJob job = RunningJob.start(client, NAMESPACE, job("two-pods", "0", "3"), List.of());
    try {
      awaitEnded(job, 2);
      Map<Integer, Pod> pods = job.pods();
      assertThat(pods).containsOnlyKeys(0, 1);
      assertThat(pods.get(0).getStatus().getPhase()).isEqualTo("Succeeded");
      assertThat(pods.get(1).getStatus().getPhase()).isEqualTo("Failed");
      assertThat(PodStates.failure(pods.get(1))).isEqualTo("phase Failed, Error (exit code 3)");
      assertThat(PodStates.describe(pods.values(), 3)).isEqualTo("1 not created, 1 Failed, 1 Succeeded");
      assertThat(job.hopeless()).isEmpty();
      assertThat(kubelet.tail(pods.get(0), 5))
          .isEqualTo("pod 0: object store key from the Secret, " + SECRET_ACCESS_KEY.length() + " characters");
      assertThat(kubelet.tail(pods.get(1), 1)).isEqualTo("pod 1: failing with exit code 3");
    } finally {
      job.close();
    }
    // The kubelet hears of the deletion through its watch, a moment after the API server answered.
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!kubelet.deletedJobs().contains("two-pods") && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(kubelet.deletedJobs()).contains("two-pods");
    assertThat(client.batch().v1().jobs().inNamespace(NAMESPACE).withName("two-pods").get()).isNull();
    assertThat(kubelet.failures()).isEmpty();
  }

  @Test
  void closingOnAnInterruptedThreadStillDeletesTheJobAndKeepsTheInterrupt() throws Exception {
    RunningJob job = RunningJob.start(client, NAMESPACE, job("interrupted", "0"), List.of());
    // Ctrl-C while the planner polled the Job: the client call gave up and left the interrupt set
    Thread.currentThread().interrupt();
    boolean kept;
    try {
      job.close();
    } finally {
      kept = Thread.interrupted();
    }
    assertThat(kept).as("the interrupt is kept for the caller").isTrue();
    assertThat(client.batch().v1().jobs().inNamespace(NAMESPACE).withName("interrupted").get()).isNull();
  }

  @Test
  void podsAnEarlierJobOfTheSameNameLeftAreNotThisJobs() throws Exception {
    // The cluster removes a deleted Job's pods in the background: a run that starts a Job of the same
    // name at once can still list them under the same job-name label.
    client.pods().inNamespace(NAMESPACE).resource(new io.fabric8.kubernetes.api.model.PodBuilder()
        .withNewMetadata().withName("again-0-old").addToLabels(RunningJob.LABEL_JOB_NAME, "again")
          .addToAnnotations(RunningJob.COMPLETION_INDEX, "0")
          .addNewOwnerReference().withApiVersion("batch/v1").withKind("Job").withName("again")
            .withUid("uid-of-the-earlier-job").withController(true).endOwnerReference()
          .withCreationTimestamp("2099-01-01T00:00:00Z")
        .endMetadata()
        .withNewStatus().withPhase("Succeeded").endStatus().build()).create();
    kubelet.cannotPull("bench-image:1");
    try (RunningJob job = RunningJob.start(client, NAMESPACE, job("again", "0"), List.of())) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (job.hopeless().isEmpty()) {
        assertThat(System.nanoTime()).as("this Job's own pod was found stuck in time").isLessThan(deadline);
        Thread.sleep(100);
        job.poll();
      }
      assertThat(job.pods().get(0).getMetadata().getName()).isEqualTo("again-0");
      assertThat(job.ended()).as("the earlier Job's Succeeded pod is not counted").isZero();
    }
  }

  @Test
  void aPodThatCannotPullItsImageIsHopeless() throws Exception {
    kubelet.cannotPull("bench-image:1");
    try (RunningJob job = RunningJob.start(client, NAMESPACE, job("no-image", "0"), List.of())) {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (job.hopeless().isEmpty()) {
        assertThat(System.nanoTime()).as("the pod was found stuck in time").isLessThan(deadline);
        Thread.sleep(100);
        job.poll();
      }
      assertThat(job.hopeless()).hasValue("pod no-image-0: ImagePullBackOff: Back-off pulling image \"bench-image:1\"");
      assertThat(job.ended()).isZero();
    }
  }
}
