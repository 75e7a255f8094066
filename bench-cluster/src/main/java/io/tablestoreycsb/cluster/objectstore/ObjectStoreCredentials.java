package io.tablestoreycsb.cluster.objectstore;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * The access key of the object store. Read from the environment or from the files of a mounted
 * Kubernetes Secret, never from a command line; {@link #toString()} never shows the secret.
 *
 * @param accessKeyId access key id
 * @param secretAccessKey secret access key
 */
public record ObjectStoreCredentials(String accessKeyId, String secretAccessKey) {
  /** Environment variables read, in order of preference: the AWS names, then Alibaba Cloud's. */
  public static final String ENV_ACCESS_KEY_ID = "AWS_ACCESS_KEY_ID";
  public static final String ENV_SECRET_ACCESS_KEY = "AWS_SECRET_ACCESS_KEY";
  public static final String ENV_OSS_ACCESS_KEY_ID = "OSS_ACCESS_KEY_ID";
  public static final String ENV_OSS_ACCESS_KEY_SECRET = "OSS_ACCESS_KEY_SECRET";
  /** File names inside a mounted Secret directory (the Secret's data keys). */
  public static final String FILE_ACCESS_KEY_ID = "access-key-id";
  public static final String FILE_SECRET_ACCESS_KEY = "secret-access-key";

  public ObjectStoreCredentials {
    if (accessKeyId == null || accessKeyId.isBlank()) {
      throw new IllegalArgumentException("object store access key id is empty");
    }
    if (secretAccessKey == null || secretAccessKey.isBlank()) {
      throw new IllegalArgumentException("object store secret access key is empty");
    }
  }

  /** From AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, else OSS_ACCESS_KEY_ID / OSS_ACCESS_KEY_SECRET. */
  public static ObjectStoreCredentials fromEnvironment(Map<String, String> env) {
    if (env.containsKey(ENV_ACCESS_KEY_ID) || env.containsKey(ENV_SECRET_ACCESS_KEY)) {
      return new ObjectStoreCredentials(require(env, ENV_ACCESS_KEY_ID), require(env, ENV_SECRET_ACCESS_KEY));
    }
    if (env.containsKey(ENV_OSS_ACCESS_KEY_ID) || env.containsKey(ENV_OSS_ACCESS_KEY_SECRET)) {
      return new ObjectStoreCredentials(require(env, ENV_OSS_ACCESS_KEY_ID), require(env, ENV_OSS_ACCESS_KEY_SECRET));
    }
    throw new IllegalArgumentException("no object store credentials: set " + ENV_ACCESS_KEY_ID + " and "
        + ENV_SECRET_ACCESS_KEY + " (or " + ENV_OSS_ACCESS_KEY_ID + " and " + ENV_OSS_ACCESS_KEY_SECRET
        + "), or mount a Secret with keys " + FILE_ACCESS_KEY_ID + " and " + FILE_SECRET_ACCESS_KEY);
  }

  /** From the files {@code access-key-id} and {@code secret-access-key} of a mounted Secret. */
  public static ObjectStoreCredentials fromSecretDirectory(Path dir) throws IOException {
    return new ObjectStoreCredentials(readKey(dir, FILE_ACCESS_KEY_ID), readKey(dir, FILE_SECRET_ACCESS_KEY));
  }

  private static String require(Map<String, String> env, String name) {
    String value = env.get(name);
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("environment variable " + name + " is not set or empty");
    }
    return value;
  }

  private static String readKey(Path dir, String name) throws IOException {
    Path file = dir.resolve(name);
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("credentials directory " + dir + " has no file " + name);
    }
    return Files.readString(file, StandardCharsets.UTF_8).strip();
  }

  @Override
  public String toString() {
    return "ObjectStoreCredentials[accessKeyId=" + accessKeyId + ", secretAccessKey=***]";
  }
}
