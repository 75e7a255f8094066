package io.tablestoreycsb.cluster.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Pods' states as the planner's progress line tells them, and the ones it gives up on. */
class PodStatesTest {
  private static Pod waiting(String reason, String message) {
    return new PodBuilder().withNewStatus().withPhase("Pending").withContainerStatuses(new ContainerStatusBuilder()
        .withNewState().withNewWaiting().withReason(reason).withMessage(message).endWaiting().endState().build())
        .endStatus().build();
  }

  private static Pod phase(String phase) {
    return new PodBuilder().withNewStatus().withPhase(phase).endStatus().build();
  }

  private static Pod unschedulable() {
    return new PodBuilder().withNewStatus().withPhase("Pending").withConditions(new PodConditionBuilder()
        .withType("PodScheduled").withStatus("False").withReason("Unschedulable")
        .withMessage("0/3 nodes are available: 3 Insufficient cpu.").build()).endStatus().build();
  }

  @Test
  void pendingPodsSayWhyAndTheLineReadsInTheOrderOfAPodsLife() {
    List<Pod> pods = List.of(phase("Running"), waiting("ContainerCreating", null), unschedulable(),
        waiting("ContainerCreating", null), phase("Succeeded"));

    assertThat(PodStates.describe(pods, 6)).isEqualTo(
        "1 not created, 2 Pending (ContainerCreating), 1 Pending (Unschedulable), 1 Running, 1 Succeeded");
    assertThat(PodStates.state(phase("Pending"))).isEqualTo("Pending");
  }

  @Test
  void onlyWaitingReasonsThatNeedAPersonAreHopeless() {
    assertThat(PodStates.hopeless(waiting("ImagePullBackOff", "Back-off pulling image \"r/x:1\"")))
        .contains("ImagePullBackOff: Back-off pulling image \"r/x:1\"");
    assertThat(PodStates.hopeless(waiting("CreateContainerConfigError", "secret \"capacity-plan\" not found")))
        .contains("CreateContainerConfigError: secret \"capacity-plan\" not found");
    // these resolve by themselves (a pull in progress, a node being added by the autoscaler)
    assertThat(PodStates.hopeless(waiting("ContainerCreating", null))).isEmpty();
    assertThat(PodStates.hopeless(waiting("ErrImagePull", "timeout"))).isEmpty();
    assertThat(PodStates.hopeless(unschedulable())).isEmpty();
    assertThat(PodStates.hopeless(phase("Running"))).isEmpty();
  }
}
