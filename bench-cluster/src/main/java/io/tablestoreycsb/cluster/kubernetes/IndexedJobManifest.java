package io.tablestoreycsb.cluster.kubernetes;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.api.model.ResourceRequirementsBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import java.util.List;
import java.util.Map;

/**
 * The Indexed Job a benchmark runs its pods as: pod {@code i} of {@code completions} is told its index by
 * {@value RunningJob#INDEX_ENV}. Its one container runs the image of the {@link KubernetesSettings}
 * with their resources, node selector and tolerations, as the image's non-root user with the image's
 * group as fsGroup (so a mounted Secret is readable), and the environment given (credentials only as
 * {@link SecretKeys} references). The caller adds its volumes and mounts to the builder.
 */
public final class IndexedJobManifest {
  private IndexedJobManifest() {
  }

  /**
   * @param name the Job's name (a DNS label)
   * @param labels on the Job and on its pods
   * @param completions how many pods, indexes 0 to completions - 1, run at once
   * @param activeDeadlineSeconds Kubernetes stops the Job's pods after this long
   * @param container the container's name
   * @param command the container's command (the image's entrypoint is not used)
   * @param env the container's environment
   */
  public static JobBuilder builder(KubernetesSettings settings, String name, Map<String, String> labels,
      int completions, long activeDeadlineSeconds, String container, List<String> command, List<EnvVar> env) {
    Map<String, Quantity> resources = Map.of("cpu", new Quantity(settings.cpu()), "memory",
        new Quantity(settings.memory()));
    return new JobBuilder()
        .withNewMetadata().withName(name).withNamespace(settings.namespace()).withLabels(labels).endMetadata()
        .withNewSpec()
          .withCompletionMode("Indexed")
          .withCompletions(completions)
          .withParallelism(completions)
          // A pod that failed has failed its run: the application reports it with the pod's reason;
          // Kubernetes does not start it again behind the application's back.
          .withBackoffLimit(0)
          .withActiveDeadlineSeconds(activeDeadlineSeconds)
          .withNewTemplate()
            .withNewMetadata().withLabels(labels).endMetadata()
            .withNewSpec()
              .withRestartPolicy("Never")
              // the image's user is not root: the Secret's files (0400, root's) are readable through this group
              .withNewSecurityContext().withFsGroup(JibImage.GROUP_ID).endSecurityContext()
              .withNodeSelector(settings.nodeSelector().isEmpty() ? null : settings.nodeSelector())
              .withTolerations(settings.tolerations())
              .addNewContainer()
                .withName(container)
                .withImage(settings.image())
                .withImagePullPolicy("IfNotPresent")
                .withCommand(command)
                .withEnv(env)
                .withResources(new ResourceRequirementsBuilder().withRequests(resources).withLimits(resources).build())
              .endContainer()
            .endSpec()
          .endTemplate()
        .endSpec();
  }
}
