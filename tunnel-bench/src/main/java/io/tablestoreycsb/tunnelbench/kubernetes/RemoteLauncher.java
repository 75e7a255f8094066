package io.tablestoreycsb.tunnelbench.kubernetes;

import io.tablestoreycsb.cluster.launch.ChildGroup;
import io.tablestoreycsb.cluster.launch.ChildGroups;
import io.tablestoreycsb.cluster.objectstore.ObjectStore;
import io.tablestoreycsb.cluster.objectstore.ObjectStoreSettings;
import io.tablestoreycsb.tunnelbench.run.ProcessLauncher;
import io.tablestoreycsb.tunnelbench.run.ScenarioProcesses;
import java.io.IOException;
import java.util.List;

/**
 * The writer and the consumers as pods ({@link ScenarioManifests}: a writer group, a consumers' group; on
 * Kubernetes two Jobs), started by the executor's {@link ChildGroups}, their files exchanged with this machine
 * through the object store ({@link RemoteScenario}).
 */
public final class RemoteLauncher implements ProcessLauncher {
  /** Time for the pods to be scheduled, pull the image and start, before they are given up. */
  static final long START_SECONDS = 600;

  private final ChildGroups groups;
  private final ObjectStore store;
  private final String run;
  private final List<String> jvmOptions;
  private final long longestScenarioSeconds;

  /**
   * @param run this run's directory in the results location (its scenarios go below it)
   * @param jvmOptions the pods' JVM options
   * @param longestScenarioSeconds write time plus drain time-out of the longest scenario: with the start
   *     time, the Jobs' deadline
   */
  public RemoteLauncher(ChildGroups groups, String run, List<String> jvmOptions, long longestScenarioSeconds) {
    this.groups = groups;
    this.store = new ObjectStore(groups.store(), groups.results().location());
    this.run = run;
    this.jvmOptions = List.copyOf(jvmOptions);
    this.longestScenarioSeconds = longestScenarioSeconds;
  }

  /** The manifests of a scenario (also what {@code render} writes). */
  public static ScenarioManifests manifests(ObjectStoreSettings results, String run, List<String> jvmOptions,
      long scenarioSeconds, Launch launch) {
    return new ScenarioManifests(results, new ScenarioKeys(run + "/" + launch.name()), launch.name(),
        launch.consumerDirs().size(), jvmOptions, launch.writerArgs(), launch.consumerArgs(),
        activeDeadlineSeconds(scenarioSeconds));
  }

  /** Start time, the scenario and a margin for the hand-over and the uploads. */
  static long activeDeadlineSeconds(long scenarioSeconds) {
    return START_SECONDS + scenarioSeconds + 300;
  }

  @Override
  public ScenarioProcesses start(Launch launch) throws IOException {
    ScenarioManifests manifests = manifests(groups.results(), run, jvmOptions, longestScenarioSeconds, launch);
    ScenarioKeys keys = new ScenarioKeys(run + "/" + launch.name());
    // what an earlier run under the same name left (the run's directory is new: normally nothing)
    store.deleteAll(keys.scenario());
    ChildGroup consumers = groups.start(manifests.consumerGroup());
    ChildGroup writer;
    try {
      writer = groups.start(manifests.writerGroup());
    } catch (RuntimeException e) {
      consumers.close();
      throw e;
    }
    return new RemoteScenario(store, keys, writer, consumers, launch);
  }

  @Override
  public String where() {
    return "writer and consumers as " + groups.where() + ", results through " + groups.results().location();
  }
}
