package io.tablestoreycsb.cluster.kubernetes;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.LabelSelectorBuilder;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.fabric8.kubernetes.api.model.VolumeMountBuilder;
import io.fabric8.kubernetes.api.model.WeightedPodAffinityTermBuilder;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.api.model.batch.v1.JobBuilder;
import io.tablestoreycsb.cluster.launch.ChildGroup;
import io.tablestoreycsb.cluster.launch.ChildGroups;
import io.tablestoreycsb.cluster.launch.GroupSpec;
import io.tablestoreycsb.cluster.objectstore.ObjectStoreSettings;
import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The Kubernetes executor's {@link ChildGroups}: a group is the pods of one Indexed Job ({@link #manifest}: the
 * image, resources, node selector and tolerations of the {@link KubernetesSettings}, the Secret's endpoint
 * properties and object store key), started and followed as a {@link PodGroup}; results go through the
 * settings' object store.
 */
public final class KubernetesGroups implements ChildGroups {
  private final ClusterAccess access;
  private final KubernetesSettings settings;
  private final String parent;
  private S3Client store;

  /** @param parent who starts the groups, as a lost pod's text names it ("this planner") */
  public KubernetesGroups(ClusterAccess access, KubernetesSettings settings, String parent) {
    this.access = access;
    this.settings = settings;
    this.parent = parent;
  }

  @Override
  public ChildGroup start(GroupSpec spec) {
    return PodGroup.start(access.client(), settings.namespaceIn(access.client()), manifest(settings, spec),
        access.logs(), parent);
  }

  @Override
  public ObjectStoreSettings results() {
    return settings.results();
  }

  @Override
  public synchronized S3Client store() {
    if (store == null) {
      store = access.s3().apply(settings.results());
    }
    return store;
  }

  @Override
  public long startLeadSeconds() {
    return settings.startLeadSeconds();
  }

  @Override
  public String where() {
    return "pods of Kubernetes Jobs (image " + settings.image() + ", " + settings.cpu() + " CPU and "
        + settings.memory() + " each)";
  }

  @Override
  public String place() {
    return "pods on Kubernetes (namespace " + settings.namespaceIn(access.client()) + ", image " + settings.image()
        + ")";
  }

  /**
   * The Indexed Job of {@code spec} ({@link IndexedJobManifest}): its container runs the program with the image's
   * java and class path ({@link JibImage}), the object store's key from the Secret in its environment
   * ({@link SecretKeys#objectStoreEnv}), the node's name in {@link GroupSpec#hostEnv}; the mounts in their order,
   * the endpoint properties from the Secret. Children that fail {@link GroupSpec.Failures#EACH_ALONE} get one try
   * each and all but one may fail ({@code backoffLimitPerIndex: 0}); {@link GroupSpec#spreadOverHosts} prefers
   * nodes without another pod of the group.
   */
  public static Job manifest(KubernetesSettings settings, GroupSpec spec) {
    List<EnvVar> env = new ArrayList<>(SecretKeys.objectStoreEnv(settings.secretName()));
    spec.hostEnv().ifPresent(name -> env.add(new EnvVarBuilder().withName(name).withNewValueFrom().withNewFieldRef()
        .withFieldPath("spec.nodeName").endFieldRef().endValueFrom().build()));
    List<String> command = new ArrayList<>(JibImage.javaCommand(spec.program().jvmOptions(),
        spec.program().mainClass()));
    command.addAll(spec.program().args());
    JobBuilder job = IndexedJobManifest.builder(settings, spec.name(), spec.labels(), spec.size(),
        spec.deadlineSeconds(), spec.role(), command, env);
    for (GroupSpec.Mount mount : spec.mounts()) {
      boolean endpoint = mount.kind() == GroupSpec.Mount.Kind.ENDPOINT;
      job.editSpec().editTemplate().editSpec()
          .editFirstContainer()
            .addToVolumeMounts(new VolumeMountBuilder().withName(mount.name()).withMountPath(mount.path())
                .withReadOnly(endpoint ? true : null).build())
          .endContainer()
          .addToVolumes(endpoint ? SecretKeys.endpointVolume(mount.name(), settings.secretName())
              : new VolumeBuilder().withName(mount.name()).withNewEmptyDir().endEmptyDir().build())
          .endSpec().endTemplate().endSpec();
    }
    if (spec.failures() == GroupSpec.Failures.EACH_ALONE) {
      // one try per index, and every index but one may fail: one lost child does not fail the Job (with
      // backoffLimit 0 it would, and Kubernetes would stop the others)
      job.editSpec().withBackoffLimit(null).withBackoffLimitPerIndex(0)
          .withMaxFailedIndexes(Math.max(0, spec.size() - 1)).endSpec();
    }
    if (spec.spreadOverHosts()) {
      job.editSpec().editTemplate().editSpec()
          .withNewAffinity().withNewPodAntiAffinity()
            .withPreferredDuringSchedulingIgnoredDuringExecution(new WeightedPodAffinityTermBuilder()
                .withWeight(100).withNewPodAffinityTerm().withTopologyKey("kubernetes.io/hostname")
                .withLabelSelector(new LabelSelectorBuilder().withMatchLabels(spec.labels()).build())
                .endPodAffinityTerm().build())
          .endPodAntiAffinity().endAffinity()
          .endSpec().endTemplate().endSpec();
    }
    return job.build();
  }
}
