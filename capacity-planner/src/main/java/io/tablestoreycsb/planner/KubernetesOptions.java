package io.tablestoreycsb.planner;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.tablestoreycsb.cluster.kubernetes.KubernetesSettings;
import io.tablestoreycsb.cluster.objectstore.ObjectStoreCredentials;
import io.tablestoreycsb.cluster.objectstore.S3Clients;
import io.tablestoreycsb.planner.kubernetes.KubernetesCellExecutor;
import io.tablestoreycsb.planner.results.ResultStore;
import io.tablestoreycsb.planner.runner.RunnerRecord;

/**
 * The options of {@code --executor kubernetes} (run and render), shared with the other benchmarks
 * (bench-cluster's), and the planner's executor made from them; see docs/distributed-runs.md.
 */
final class KubernetesOptions extends io.tablestoreycsb.cluster.options.KubernetesOptions {

  /** The executor: the cluster from the usual kubeconfig rules (or in-cluster), the store's key from the environment. */
  KubernetesCellExecutor cellExecutor(KubernetesSettings settings) {
    ObjectStoreCredentials credentials = ObjectStoreCredentials.fromEnvironment(System.getenv());
    KubernetesClient client = new KubernetesClientBuilder().build();
    ResultStore store = new ResultStore(S3Clients.create(settings.results(), credentials), settings.results().location(),
        RunnerRecord.FILE_NAME);
    return new KubernetesCellExecutor(client, settings, store);
  }
}
