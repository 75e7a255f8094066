package io.tablestoreycsb.cluster.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.tablestoreycsb.cluster.launch.LostChild;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What a cell's failure says of runners that left no result set, in the states the real Job controller leaves. */
class LostPodsTest {
  private static final Optional<String> BACKOFF = Optional.of("BackoffLimitExceeded: Job has reached the specified backoff limit");

  private static Pod pod(String name, String phase, String reason, int exitCode, boolean deleting) {
    return new PodBuilder().withNewMetadata().withName(name)
        .withDeletionTimestamp(deleting ? "2026-11-28T09:00:01Z" : null).endMetadata()
        .withNewStatus().withPhase(phase).addNewContainerStatus().withName("runner").withNewState()
          .withNewTerminated().withReason(reason).withExitCode(exitCode).endTerminated().endState()
        .endContainerStatus().endStatus().build();
  }

  private static Pod running(String name, boolean deleting) {
    return new PodBuilder().withNewMetadata().withName(name)
        .withDeletionTimestamp(deleting ? "2026-11-28T09:00:01Z" : null).endMetadata()
        .withNewStatus().withPhase("Running").endStatus().build();
  }

  private static LostPods.Missing missing(int index, Pod pod, boolean listed) {
    return new LostPods.Missing(index, pod == null ? null : PodStates.childState(index, pod, listed));
  }

  private static Map<Integer, LostChild> explain(List<LostPods.Missing> missing, Optional<String> jobFailed,
      Set<String> stoppedByController) {
    return explain(missing, jobFailed, stoppedByController, false);
  }

  private static Map<Integer, LostChild> explain(List<LostPods.Missing> missing, Optional<String> jobFailed,
      Set<String> stoppedByController, boolean jobGone) {
    return LostPods.explain(missing, jobFailed, stoppedByController, jobGone, "this planner");
  }

  @Test
  void aPodDeletedByHandIsTheCauseAndThePodsTheControllerStoppedSaySo() {
    // kubectl delete pod of runner 1: gone by the time the cell is over; the controller stopped 0 and 2 (143)
    Map<Integer, LostChild> why = explain(List.of(
        missing(0, pod("cp-0", "Failed", "Error", 143, true), true),
        missing(1, running("cp-1", true), false),
        missing(2, pod("cp-2", "Failed", "Error", 143, true), true)),
        BACKOFF, Set.of("cp-0", "cp-2"));

    assertThat(why.get(1).cause()).isTrue();
    assertThat(why.get(1).why()).isEqualTo("pod cp-1 was deleted (gone from the cluster; last seen phase Running); the Job failed"
        + " (BackoffLimitExceeded: Job has reached the specified backoff limit) and its controller stopped the other pods");
    for (int other : new int[] {0, 2}) {
      assertThat(why.get(other).cause()).isFalse();
      assertThat(why.get(other).why()).isEqualTo("pod cp-" + other + " was stopped by the Job controller when the Job failed"
          + " (BackoffLimitExceeded: Job has reached the specified backoff limit), after it lost runner 1 (pod cp-1)");
    }
  }

  @Test
  void aPodThatIsStillTerminatingAfterAHandDeletionIsNamedDeleted() {
    Map<Integer, LostChild> why = explain(List.of(
        missing(1, running("cp-1", true), true)), Optional.empty(), Set.of());

    assertThat(why.get(1).why()).startsWith("pod cp-1 was deleted (kubectl delete, an eviction or a drained node; phase Running");
    // ended of the SIGTERM the deletion sent, not yet removed: still deleted by someone, not failed by itself
    assertThat(explain(List.of(missing(1, pod("cp-1", "Failed", "Error", 143, true), true)),
        Optional.empty(), Set.of()).get(1).why())
        .isEqualTo("pod cp-1 was deleted (kubectl delete, an eviction or a drained node; phase Failed, Error (exit code 143))");
  }

  @Test
  void aPodThatFailedOnItsOwnKeepsItsReasonAndWithoutEventsNoPodIsCalledStopped() {
    // a role that may not list events, or a cluster that dropped them: every pod is described as it ended
    Map<Integer, LostChild> why = explain(List.of(
        missing(0, pod("cp-0", "Failed", "OOMKilled", 137, false), true),
        missing(1, null, false)), BACKOFF, Set.of());

    assertThat(why.get(0).why()).isEqualTo("pod cp-0 left no result set: phase Failed, OOMKilled (exit code 137); the Job failed"
        + " (BackoffLimitExceeded: Job has reached the specified backoff limit)");
    assertThat(why.get(0).cause()).isTrue();
    assertThat(why.get(1).why()).isEqualTo("no pod ran (not scheduled before the Job ended)");
  }

  @Test
  void podsOfAJobSomeoneElseDeletedSaySo() {
    Map<Integer, LostChild> why = explain(List.of(
        missing(0, pod("cp-0", "Failed", "Error", 143, true), true)), Optional.empty(), Set.of(), true);

    assertThat(why.get(0).why()).isEqualTo("pod cp-0 was deleted with its Job, which someone other than this planner"
        + " deleted (last seen phase Failed, Error (exit code 143))");
  }
}
