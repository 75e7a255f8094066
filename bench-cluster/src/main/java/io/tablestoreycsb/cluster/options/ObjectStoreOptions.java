package io.tablestoreycsb.cluster.options;

import io.tablestoreycsb.cluster.objectstore.ObjectStoreSettings;
import io.tablestoreycsb.cluster.objectstore.ObjectStoreUri;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * How to reach the object store of {@code --results} (and of a planner's {@code report s3://...}): endpoint,
 * region, addressing. A picocli mixin the applications share.
 */
public final class ObjectStoreOptions {
  @Option(names = "--results-endpoint", paramLabel = "URL",
      description = "Object store endpoint URL, e.g. the internal OSS endpoint of the region, or MinIO's URL.")
  URI endpoint;

  @Option(names = "--results-region", paramLabel = "REGION", description = "Signing region (OSS: e.g. cn-hangzhou).")
  String region;

  @Option(names = "--results-path-style", description = "Bucket in the URL path (MinIO); OSS wants it off.")
  boolean pathStyle;

  public ObjectStoreSettings settings(String location) {
    return new ObjectStoreSettings(ObjectStoreUri.parse(location), endpoint, region, pathStyle);
  }

  /**
   * The command-line arguments that give {@code settings} back through {@link PodResultsOptions}: what a
   * pod's command carries to reach the store (no credential: the pod reads those from its Secret).
   */
  public static List<String> arguments(ObjectStoreSettings settings) {
    List<String> args = new ArrayList<>(List.of(PodResultsOptions.RESULTS, settings.location().toString()));
    if (settings.endpoint() != null) {
      args.addAll(List.of("--results-endpoint", settings.endpoint().toString()));
    }
    args.addAll(List.of("--results-region", settings.region()));
    if (settings.pathStyle()) {
      args.add("--results-path-style");
    }
    return args;
  }
}
