package io.tablestoreycsb.cluster.kubernetes;

import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientBuilder;
import io.tablestoreycsb.cluster.objectstore.ObjectStoreCredentials;
import io.tablestoreycsb.cluster.objectstore.ObjectStoreSettings;
import io.tablestoreycsb.cluster.objectstore.S3Clients;
import java.util.function.Function;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * How an application's Kubernetes executor reaches the cluster and the object store (the planner's and
 * tunnel-bench's alike; tests hand their own: the mock API server, the test kubelet's logs, the test bucket).
 *
 * @param client the cluster's API server
 * @param logs where pods' logs are read
 * @param s3 an S3 client for the results location
 */
public record ClusterAccess(KubernetesClient client, PodLogs logs, Function<ObjectStoreSettings, S3Client> s3) {

  /** The cluster by the usual kubeconfig rules (or in-cluster); the store's key from the environment. */
  public static ClusterAccess fromEnvironment() {
    KubernetesClient client = new KubernetesClientBuilder().build();
    return new ClusterAccess(client, PodLogs.of(client),
        settings -> S3Clients.create(settings, ObjectStoreCredentials.fromEnvironment(System.getenv())));
  }
}
