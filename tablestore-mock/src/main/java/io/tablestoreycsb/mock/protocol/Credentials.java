package io.tablestoreycsb.mock.protocol;

import java.util.Objects;

/**
 * The one instance and access key the endpoint accepts. The secret is never printed: {@link
 * #toString()} shows only the instance and the access key id.
 */
public final class Credentials {
  private final String instanceName;
  private final String accessKeyId;
  private final String accessKeySecret;

  public Credentials(String instanceName, String accessKeyId, String accessKeySecret) {
    this.instanceName = Objects.requireNonNull(instanceName, "instanceName");
    this.accessKeyId = Objects.requireNonNull(accessKeyId, "accessKeyId");
    this.accessKeySecret = Objects.requireNonNull(accessKeySecret, "accessKeySecret");
    if (!instanceName.matches("[a-zA-Z0-9_-]+")) {
      throw new IllegalArgumentException("instance name must match [a-zA-Z0-9_-]+, got '" + instanceName + "'");
    }
    if (accessKeyId.isBlank()) {
      throw new IllegalArgumentException("access key id must not be blank");
    }
    if (accessKeySecret.isEmpty()) {
      throw new IllegalArgumentException("access key secret must not be empty");
    }
  }

  public String instanceName() {
    return instanceName;
  }

  public String accessKeyId() {
    return accessKeyId;
  }

  public String accessKeySecret() {
    return accessKeySecret;
  }

  @Override
  public String toString() {
    return "Credentials{instance=" + instanceName + ", accessKeyId=" + accessKeyId + ", secret=****}";
  }
}
