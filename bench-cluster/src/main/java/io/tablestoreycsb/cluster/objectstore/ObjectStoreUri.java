package io.tablestoreycsb.cluster.objectstore;

import java.util.regex.Pattern;

/**
 * Where result sets live: {@code s3://bucket/prefix} (OSS, S3 and MinIO all answer the S3 API).
 *
 * @param bucket bucket name
 * @param prefix key prefix without leading or trailing slash, or "" for the bucket's root
 */
public record ObjectStoreUri(String bucket, String prefix) {
  // S3's and OSS's bucket rules intersect here: 3-63 lower-case letters, digits, dots and hyphens.
  private static final Pattern BUCKET = Pattern.compile("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]");

  public ObjectStoreUri {
    if (!BUCKET.matcher(bucket).matches()) {
      throw new IllegalArgumentException("bucket name '" + bucket
          + "' is not valid: 3 to 63 lower-case letters, digits, '.' or '-', starting and ending with a letter or digit");
    }
    prefix = KeyPaths.trimSlashes(prefix);
    KeyPaths.checkRelative("prefix", prefix);
  }

  /** Parses {@code s3://bucket[/prefix]}; names what is wrong otherwise. */
  public static ObjectStoreUri parse(String uri) {
    if (uri == null || !uri.startsWith("s3://")) {
      throw new IllegalArgumentException("results location '" + uri + "' must look like s3://bucket/prefix");
    }
    String rest = uri.substring("s3://".length());
    int slash = rest.indexOf('/');
    return slash < 0 ? new ObjectStoreUri(rest, "") : new ObjectStoreUri(rest.substring(0, slash), rest.substring(slash + 1));
  }

  /** The key of {@code relative} below the prefix. */
  public String key(String relative) {
    return prefix.isEmpty() ? relative : prefix + "/" + relative;
  }

  @Override
  public String toString() {
    return "s3://" + bucket + (prefix.isEmpty() ? "" : "/" + prefix);
  }
}
