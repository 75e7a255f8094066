package io.tablestoreycsb.cluster.kubernetes;

import io.tablestoreycsb.cluster.launch.ChildState;
import io.tablestoreycsb.cluster.launch.LostChild;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Why the pods of a Job that left no result set did not, told apart as the cluster tells them: with
 * {@code backoffLimit: 0} one lost pod (deleted, OOM-killed, evicted) fails the whole Job, and the Job
 * controller then stops every other pod. Their last states all read "Failed, Error (exit code 143)" or
 * "Running"; what names the cause is that the controller deleted the others itself (its events on the
 * Job), and that the lost one was deleted by someone else or failed on its own.
 */
final class LostPods {
  private LostPods() {
  }

  /** A child that left no result set: its index and its pod's last state (null: none was created). */
  record Missing(int index, ChildState pod) {
  }

  /**
   * @param jobFailed the Job's Failed condition ("BackoffLimitExceeded: ..."), if it failed
   * @param stoppedByController the pods the Job controller deleted itself
   * @param jobGone the Job no longer exists: someone other than {@code parent} deleted it, and its pods with it
   * @param parent who started the Job, as the text names it ("this planner")
   */
  static Map<Integer, LostChild> explain(List<Missing> missing, Optional<String> jobFailed,
      Set<String> stoppedByController, boolean jobGone, String parent) {
    List<Missing> causes = missing.stream()
        .filter(m -> m.pod() != null && !stoppedByController.contains(m.pod().name())).toList();
    String causeNames = causes.stream().map(m -> "runner " + m.index() + " (pod " + m.pod().name() + ")")
        .collect(Collectors.joining(", "));
    Map<Integer, LostChild> why = new TreeMap<>();
    for (Missing m : missing) {
      if (m.pod() == null) {
        why.put(m.index(), new LostChild("no pod ran (not scheduled before the Job ended)", false));
      } else if (stoppedByController.contains(m.pod().name())) {
        why.put(m.index(), new LostChild("pod " + m.pod().name() + " was stopped by the Job controller when the Job failed"
            + jobFailed.map(f -> " (" + f + ")").orElse("") + (causes.isEmpty() ? "" : ", after it lost " + causeNames), false));
      } else if (jobGone) {
        why.put(m.index(), new LostChild("pod " + m.pod().name() + " was deleted with its Job, which someone"
            + " other than " + parent + " deleted (last seen " + m.pod().failure() + ")", true));
      } else {
        why.put(m.index(), new LostChild("pod " + m.pod().name() + lost(m.pod()) + jobFailed.map(f -> "; the Job failed ("
            + f + ")" + (stoppedByController.isEmpty() ? "" : " and its controller stopped the other pods")).orElse(""), true));
      }
    }
    return why;
  }

  private static String lost(ChildState pod) {
    if (!pod.listed()) {
      return " was deleted (gone from the cluster; last seen " + pod.failure() + ")";
    }
    if (pod.deleting()) {
      return " was deleted (kubectl delete, an eviction or a drained node; " + pod.failure() + ")";
    }
    return (pod.ended() ? " left no result set: " : " did not finish the cell: ") + pod.failure();
  }
}
