package io.tablestoreycsb.cluster.kubernetes;

import io.fabric8.kubernetes.api.model.ContainerStateTerminated;
import io.fabric8.kubernetes.api.model.ContainerStateWaiting;
import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.tablestoreycsb.cluster.launch.ChildState;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * What a Job's pods are doing, in the words {@code kubectl get pods} uses: phase, and for a pending pod
 * why (Unschedulable, ContainerCreating, ErrImagePull, ...); which waiting reasons will not resolve by
 * themselves, so a run fails with the reason at once instead of waiting for the Job's deadline; and why
 * a pod that ended failed.
 */
public final class PodStates {
  /**
   * Waiting reasons that need a person: a bad image name, an image the node cannot pull (already
   * retried with back-off when the kubelet says ImagePullBackOff), or a container that cannot be
   * configured (typically the Secret it refers to does not exist).
   */
  private static final Set<String> HOPELESS = Set.of("InvalidImageName", "ImagePullBackOff",
      "CreateContainerConfigError", "CreateContainerError");

  private PodStates() {}

  /**
   * "1 Pending (Unschedulable), 2 Pending (ContainerCreating), 1 Running" for {@code total} runners, of
   * which indexes without a pod yet are "not created" ({@link ChildState#describe}).
   */
  public static String describe(Collection<Pod> pods, int total) {
    return ChildState.describe(pods.stream().map(p -> childState(-1, p, true)).toList(), total);
  }

  /**
   * The pod as a child's state: its phase, node, state in kubectl's words, why it is stuck for good, why it
   * failed, its container's exit code and whether it is being deleted.
   *
   * @param index its index in its Job
   * @param listed whether the last listing of the Job's pods found it
   */
  public static ChildState childState(int index, Pod pod, boolean listed) {
    String phase = pod.getStatus() == null || pod.getStatus().getPhase() == null ? "Pending"
        : pod.getStatus().getPhase();
    ChildState.Phase typed = switch (phase) {
      case "Pending" -> ChildState.Phase.PENDING;
      case "Running" -> ChildState.Phase.RUNNING;
      case "Succeeded" -> ChildState.Phase.SUCCEEDED;
      case "Failed" -> ChildState.Phase.FAILED;
      default -> ChildState.Phase.UNKNOWN;
    };
    String name = pod.getMetadata() == null ? null : pod.getMetadata().getName();
    boolean deleting = pod.getMetadata() != null && pod.getMetadata().getDeletionTimestamp() != null;
    Optional<String> host = Optional.ofNullable(pod.getSpec() == null ? null : pod.getSpec().getNodeName());
    return new ChildState(index, name, host, typed, state(pod), hopeless(pod),
        pod.getStatus() == null ? "phase Pending" : failure(pod), exitCode(pod), deleting, listed);
  }

  private static OptionalInt exitCode(Pod pod) {
    List<ContainerStatus> statuses = pod.getStatus() == null ? null : pod.getStatus().getContainerStatuses();
    return statuses == null ? OptionalInt.empty() : statuses.stream()
        .map(s -> s.getState() == null ? null : s.getState().getTerminated()).filter(Objects::nonNull)
        .map(ContainerStateTerminated::getExitCode).filter(Objects::nonNull).mapToInt(Integer::intValue).findFirst();
  }

  /** "Pending (ContainerCreating)", "Running", "Failed", ... */
  public static String state(Pod pod) {
    String phase = pod.getStatus() == null || pod.getStatus().getPhase() == null ? "Pending" : pod.getStatus().getPhase();
    if (!phase.equals("Pending")) {
      return phase;
    }
    Optional<String> why = waiting(pod).map(ContainerStateWaiting::getReason)
        .or(() -> unschedulable(pod).map(PodCondition::getReason));
    return why.map(reason -> phase + " (" + reason + ")").orElse(phase);
  }

  /** The reason and message of a pod stuck on something that will not resolve by itself, if it is. */
  public static Optional<String> hopeless(Pod pod) {
    return waiting(pod).filter(w -> HOPELESS.contains(w.getReason()))
        .map(w -> w.getReason() + (w.getMessage() == null || w.getMessage().isBlank() ? "" : ": " + w.getMessage().strip()));
  }

  /** Whether the pod has ended, either way. */
  public static boolean ended(Pod pod) {
    String phase = pod.getStatus() == null ? null : pod.getStatus().getPhase();
    return "Succeeded".equals(phase) || "Failed".equals(phase);
  }

  /** Whether the pod is running. */
  public static boolean running(Pod pod) {
    return pod.getStatus() != null && "Running".equals(pod.getStatus().getPhase());
  }

  /**
   * The pod's phase and why: the container's termination reason and exit code or its waiting reason,
   * with their messages, e.g. "phase Failed, OOMKilled (exit code 137)".
   */
  public static String failure(Pod pod) {
    StringBuilder why = new StringBuilder("phase ").append(pod.getStatus().getPhase());
    if (pod.getStatus().getReason() != null) {
      why.append(", ").append(pod.getStatus().getReason());
    }
    List<ContainerStatus> statuses = pod.getStatus().getContainerStatuses();
    if (statuses != null) {
      for (ContainerStatus status : statuses) {
        ContainerStateTerminated t = status.getState() == null ? null : status.getState().getTerminated();
        if (t != null) {
          why.append(", ").append(t.getReason()).append(" (exit code ").append(t.getExitCode()).append(')');
          if (t.getMessage() != null && !t.getMessage().isBlank()) {
            why.append(": ").append(t.getMessage().strip());
          }
        } else if (status.getState() != null && status.getState().getWaiting() != null) {
          why.append(", waiting: ").append(status.getState().getWaiting().getReason());
          String message = status.getState().getWaiting().getMessage();
          if (message != null && !message.isBlank()) {
            why.append(" (").append(message.strip()).append(')');
          }
        }
      }
    }
    if (pod.getStatus().getMessage() != null) {
      why.append(": ").append(pod.getStatus().getMessage());
    }
    return why.toString();
  }

  private static Optional<ContainerStateWaiting> waiting(Pod pod) {
    List<ContainerStatus> statuses = pod.getStatus() == null ? null : pod.getStatus().getContainerStatuses();
    if (statuses == null) {
      return Optional.empty();
    }
    return statuses.stream().filter(s -> s.getState() != null && s.getState().getWaiting() != null)
        .map(s -> s.getState().getWaiting()).findFirst();
  }

  private static Optional<PodCondition> unschedulable(Pod pod) {
    List<PodCondition> conditions = pod.getStatus() == null ? null : pod.getStatus().getConditions();
    return conditions == null ? Optional.empty() : conditions.stream()
        .filter(c -> "PodScheduled".equals(c.getType()) && "False".equals(c.getStatus()) && c.getReason() != null)
        .findFirst();
  }
}
