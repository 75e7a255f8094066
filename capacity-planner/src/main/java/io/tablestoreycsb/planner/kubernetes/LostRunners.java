package io.tablestoreycsb.planner.kubernetes;

import io.fabric8.kubernetes.api.model.Pod;
import io.tablestoreycsb.cluster.kubernetes.PodStates;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Why the runners of a cell that left no result set did not, told apart as the cluster tells them: with
 * {@code backoffLimit: 0} one lost pod (deleted, OOM-killed, evicted) fails the whole Job, and the Job
 * controller then stops every other pod. Their last states all read "Failed, Error (exit code 143)" or
 * "Running"; what names the cause is that the controller deleted the others itself (its events on the
 * Job), and that the lost one was deleted by someone else or failed on its own.
 */
final class LostRunners {
  private LostRunners() {
  }

  /** A runner that left no result set: its index, its pod (null: none was created), whether the cluster still lists it. */
  record Missing(int index, Pod pod, boolean listed) {
  }

  /** Why one runner left no result set; {@code cause}: its pod was lost first (its log tail tells more). */
  record Why(String text, boolean cause) {
  }

  /**
   * @param jobFailed the Job's Failed condition ("BackoffLimitExceeded: ..."), if it failed
   * @param stoppedByController the pods the Job controller deleted itself
   */
  static Map<Integer, Why> explain(List<Missing> missing, Optional<String> jobFailed, Set<String> stoppedByController) {
    return explain(missing, jobFailed, stoppedByController, false);
  }

  /** @param jobGone the Job no longer exists: someone other than this planner deleted it, and its pods with it */
  static Map<Integer, Why> explain(List<Missing> missing, Optional<String> jobFailed, Set<String> stoppedByController,
      boolean jobGone) {
    List<Missing> causes = missing.stream()
        .filter(m -> m.pod() != null && !stoppedByController.contains(m.pod().getMetadata().getName())).toList();
    String causeNames = causes.stream().map(m -> "runner " + m.index() + " (pod " + m.pod().getMetadata().getName() + ")")
        .collect(Collectors.joining(", "));
    Map<Integer, Why> why = new TreeMap<>();
    for (Missing m : missing) {
      if (m.pod() == null) {
        why.put(m.index(), new Why("no pod ran (not scheduled before the Job ended)", false));
      } else if (stoppedByController.contains(m.pod().getMetadata().getName())) {
        why.put(m.index(), new Why("pod " + m.pod().getMetadata().getName() + " was stopped by the Job controller when the Job failed"
            + jobFailed.map(f -> " (" + f + ")").orElse("") + (causes.isEmpty() ? "" : ", after it lost " + causeNames), false));
      } else if (jobGone) {
        why.put(m.index(), new Why("pod " + m.pod().getMetadata().getName() + " was deleted with its Job, which someone"
            + " other than this planner deleted (last seen " + PodStates.failure(m.pod()) + ")", true));
      } else {
        why.put(m.index(), new Why("pod " + m.pod().getMetadata().getName() + lost(m) + jobFailed.map(f -> "; the Job failed ("
            + f + ")" + (stoppedByController.isEmpty() ? "" : " and its controller stopped the other pods")).orElse(""), true));
      }
    }
    return why;
  }

  private static String lost(Missing m) {
    Pod pod = m.pod();
    if (!m.listed()) {
      return " was deleted (gone from the cluster; last seen " + PodStates.failure(pod) + ")";
    }
    if (pod.getMetadata().getDeletionTimestamp() != null) {
      return " was deleted (kubectl delete, an eviction or a drained node; " + PodStates.failure(pod) + ")";
    }
    return (PodStates.ended(pod) ? " left no result set: " : " did not finish the cell: ") + PodStates.failure(pod);
  }
}
