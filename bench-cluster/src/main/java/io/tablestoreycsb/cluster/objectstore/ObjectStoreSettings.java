package io.tablestoreycsb.cluster.objectstore;

import java.net.URI;

/**
 * How to reach the object store.
 *
 * @param location bucket and prefix
 * @param endpoint endpoint override (OSS: https://oss-cn-hangzhou.aliyuncs.com; MinIO: its URL), or
 *     null for AWS S3's own endpoints
 * @param region signing region (OSS: the region id, e.g. cn-hangzhou; MinIO: us-east-1)
 * @param pathStyle bucket in the path instead of the host name: MinIO and test servers want it; OSS
 *     refuses it for buckets created since 2020, so it is off unless asked for
 */
public record ObjectStoreSettings(ObjectStoreUri location, URI endpoint, String region, boolean pathStyle) {
  public static final String DEFAULT_REGION = "us-east-1";

  public ObjectStoreSettings {
    if (location == null) {
      throw new IllegalArgumentException("results location is missing");
    }
    if (endpoint != null && endpoint.getUserInfo() != null) {
      throw new IllegalArgumentException("object store endpoint must not carry credentials; use the environment or a Secret");
    }
    if (endpoint != null && (endpoint.getScheme() == null || endpoint.getHost() == null
        || !(endpoint.getScheme().equals("http") || endpoint.getScheme().equals("https")))) {
      throw new IllegalArgumentException("object store endpoint '" + endpoint + "' must be an http:// or https:// URL");
    }
    region = region == null || region.isBlank() ? DEFAULT_REGION : region;
  }
}
