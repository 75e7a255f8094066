package io.tablestoreycsb.cluster.kubernetes;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;

/** The last lines of a pod's log: for a failed pod's reason and for what a running one tells. */
public interface PodLogs {
  /** The last {@code lines} lines of the pod's container log, or "" when there is none (any more). */
  String tail(Pod pod, int lines);

  /** Through the API server's log endpoint. */
  static PodLogs of(KubernetesClient client) {
    return (pod, lines) -> {
      try {
        String log = client.pods().inNamespace(pod.getMetadata().getNamespace()).withName(pod.getMetadata().getName())
            .tailingLines(lines).getLog();
        return log == null ? "" : log;
      } catch (KubernetesClientException e) {
        return ""; // a deleted pod's, or a pod's that never started
      }
    };
  }
}
