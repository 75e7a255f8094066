package io.tablestoreycsb.tunnelbench.kubernetes;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.tablestoreycsb.cluster.kubernetes.KubernetesSettings;
import io.tablestoreycsb.cluster.kubernetes.PodLogs;
import io.tablestoreycsb.cluster.kubernetes.PodGroup;
import io.tablestoreycsb.cluster.objectstore.ObjectStore;
import io.tablestoreycsb.tunnelbench.run.ProcessLauncher;
import io.tablestoreycsb.tunnelbench.run.ScenarioProcesses;
import java.io.IOException;
import java.util.List;

/**
 * The writer and the consumers as pods ({@link ScenarioManifests}: a writer Job, a consumers' Job), their
 * files exchanged with this machine through the object store ({@link KubernetesScenario}).
 */
public final class KubernetesLauncher implements ProcessLauncher {
  /** Time for the pods to be scheduled, pull the image and start, before they are given up. */
  static final long START_SECONDS = 600;

  private final KubernetesClient client;
  private final KubernetesSettings settings;
  private final ObjectStore store;
  private final PodLogs logs;
  private final String run;
  private final List<String> jvmOptions;
  private final long longestScenarioSeconds;

  /**
   * @param logs where pods' logs are read (tests: the test kubelet's container logs)
   * @param run this run's directory in the results location (its scenarios go below it)
   * @param jvmOptions the pods' JVM options
   * @param longestScenarioSeconds write time plus drain time-out of the longest scenario: with the start
   *     time, the Jobs' deadline
   */
  public KubernetesLauncher(KubernetesClient client, KubernetesSettings settings, ObjectStore store, PodLogs logs,
      String run, List<String> jvmOptions, long longestScenarioSeconds) {
    this.client = client;
    this.settings = settings;
    this.store = store;
    this.logs = logs;
    this.run = run;
    this.jvmOptions = List.copyOf(jvmOptions);
    this.longestScenarioSeconds = longestScenarioSeconds;
  }

  /** The manifests of a scenario (also what {@code render} writes). */
  public static ScenarioManifests manifests(KubernetesSettings settings, String run, List<String> jvmOptions,
      long scenarioSeconds, Launch launch) {
    return new ScenarioManifests(settings, new ScenarioKeys(run + "/" + launch.name()), launch.name(),
        launch.consumerDirs().size(), jvmOptions, launch.writerArgs(), launch.consumerArgs(),
        activeDeadlineSeconds(scenarioSeconds));
  }

  /** Start time, the scenario and a margin for the hand-over and the uploads. */
  static long activeDeadlineSeconds(long scenarioSeconds) {
    return START_SECONDS + scenarioSeconds + 300;
  }

  @Override
  public ScenarioProcesses start(Launch launch) throws IOException {
    ScenarioManifests manifests = manifests(settings, run, jvmOptions, longestScenarioSeconds, launch);
    ScenarioKeys keys = new ScenarioKeys(run + "/" + launch.name());
    String namespace = settings.namespaceIn(client);
    // what an earlier run under the same name left (the run's directory is new: normally nothing)
    store.deleteAll(keys.scenario());
    PodGroup consumers = PodGroup.start(client, namespace, manifests.consumerJob(), logs);
    PodGroup writer;
    try {
      writer = PodGroup.start(client, namespace, manifests.writerJob(), logs);
    } catch (RuntimeException e) {
      consumers.close();
      throw e;
    }
    return new KubernetesScenario(store, keys, writer, consumers, launch);
  }

  @Override
  public String where() {
    return "writer and consumers as pods of Kubernetes Jobs (image " + settings.image() + ", " + settings.cpu()
        + " CPU and " + settings.memory() + " each), results through " + settings.results().location();
  }
}
