package io.tablestoreycsb.cluster.kubernetes;

import static org.assertj.core.api.Assertions.assertThat;

import io.fabric8.kubernetes.api.model.ContainerStatusBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import io.fabric8.kubernetes.api.model.PodConditionBuilder;
import io.tablestoreycsb.cluster.launch.ChildState;
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

  @Test
  void aPodIsAChildStateItsFollowerDecidesOnWithoutReadingThePod() {
    Pod oomKilled = new PodBuilder().withNewMetadata().withName("cp-r2-0").withDeletionTimestamp("2026-11-28T09:00:01Z")
        .endMetadata().withNewSpec().withNodeName("node-a").endSpec()
        .withNewStatus().withPhase("Failed").withContainerStatuses(new ContainerStatusBuilder().withNewState()
            .withNewTerminated().withReason("OOMKilled").withExitCode(137).endTerminated().endState().build())
        .endStatus().build();

    ChildState failed = PodStates.childState(1, oomKilled, false);
    assertThat(failed.index()).isEqualTo(1);
    assertThat(failed.name()).isEqualTo("cp-r2-0");
    assertThat(failed.host()).contains("node-a");
    assertThat(failed.phase()).isEqualTo(ChildState.Phase.FAILED);
    assertThat(failed.ended()).isTrue();
    assertThat(failed.failed()).isTrue();
    assertThat(failed.exitCode()).hasValue(137);
    assertThat(failed.deleting()).isTrue();
    assertThat(failed.listed()).isFalse();
    assertThat(failed.failure()).isEqualTo("phase Failed, OOMKilled (exit code 137)");

    ChildState stuck = PodStates.childState(0, waiting("ImagePullBackOff", "Back-off pulling image"), true);
    assertThat(stuck.phase()).isEqualTo(ChildState.Phase.PENDING);
    assertThat(stuck.ended()).isFalse();
    assertThat(stuck.failed()).isTrue();
    assertThat(stuck.stuck()).contains("ImagePullBackOff: Back-off pulling image");
    assertThat(stuck.where()).isEqualTo("no node");
    assertThat(stuck.shown()).isEqualTo("Pending (ImagePullBackOff)");
    assertThat(PodStates.childState(0, phase("Succeeded"), true).failed()).isFalse();
  }
}
