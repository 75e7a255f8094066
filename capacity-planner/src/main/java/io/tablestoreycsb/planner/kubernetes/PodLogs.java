package io.tablestoreycsb.planner.kubernetes;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The last lines of a runner pod's log: for a failed runner's reason and for the live rate. */
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

  Pattern RATE = Pattern.compile("pod-runner: ([0-9.]+) ops/s");

  /** The rate in the last {@code pod-runner: N ops/s} line of a log tail. */
  static OptionalDouble lastRate(String tail) {
    Matcher m = RATE.matcher(tail);
    OptionalDouble last = OptionalDouble.empty();
    while (m.find()) {
      last = OptionalDouble.of(Double.parseDouble(m.group(1)));
    }
    return last;
  }
}
