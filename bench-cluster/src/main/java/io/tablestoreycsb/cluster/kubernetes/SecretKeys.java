package io.tablestoreycsb.cluster.kubernetes;

import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.EnvVarBuilder;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeBuilder;
import io.tablestoreycsb.cluster.objectstore.ObjectStoreCredentials;
import java.util.List;

/**
 * The keys of the Secret runner pods read ({@link SecretTemplate} writes its template), and the
 * references to them a pod spec holds: credentials reach a pod only through these, never as values in
 * a manifest or on a command line.
 */
public final class SecretKeys {
  /** The binding's endpoint properties (endpoint, instance, access key of Tablestore), mounted as a file. */
  public static final String ENDPOINT_PROPERTIES = "endpoint.properties";
  /** The object store's access key, handed to the container through {@code secretKeyRef}. */
  public static final String RESULTS_ACCESS_KEY_ID = "results-access-key-id";
  public static final String RESULTS_SECRET_ACCESS_KEY = "results-secret-access-key";
  /** Only the owner (root) may read a mounted Secret file; the pod's fsGroup is added by the kubelet. */
  public static final int FILE_MODE = 0400;

  private SecretKeys() {
  }

  /** An environment variable whose value the kubelet reads from {@code key} of Secret {@code secretName}. */
  public static EnvVar env(String name, String secretName, String key) {
    return new EnvVarBuilder().withName(name).withNewValueFrom().withNewSecretKeyRef()
        .withName(secretName).withKey(key).endSecretKeyRef().endValueFrom().build();
  }

  /**
   * The object store's access key as the environment {@link ObjectStoreCredentials#fromEnvironment} reads
   * ({@code AWS_ACCESS_KEY_ID}, {@code AWS_SECRET_ACCESS_KEY}), by reference to the Secret.
   */
  public static List<EnvVar> objectStoreEnv(String secretName) {
    return List.of(
        env(ObjectStoreCredentials.ENV_ACCESS_KEY_ID, secretName, RESULTS_ACCESS_KEY_ID),
        env(ObjectStoreCredentials.ENV_SECRET_ACCESS_KEY, secretName, RESULTS_SECRET_ACCESS_KEY));
  }

  /** A volume holding the Secret's endpoint properties as the file {@value #ENDPOINT_PROPERTIES}, mode 0400. */
  public static Volume endpointVolume(String volumeName, String secretName) {
    return new VolumeBuilder().withName(volumeName).withNewSecret().withSecretName(secretName)
        .addNewItem().withKey(ENDPOINT_PROPERTIES).withPath(ENDPOINT_PROPERTIES).endItem()
        .withDefaultMode(FILE_MODE).endSecret().build();
  }
}
