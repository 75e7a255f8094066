package io.tablestoreycsb.cluster.options;

import io.tablestoreycsb.cluster.objectstore.ObjectStoreSettings;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * Where a pod uploads its results, as its command gives it ({@link ObjectStoreOptions#arguments} writes
 * them): the location and how to reach the store. A picocli mixin of the applications' pod mains.
 */
public final class PodResultsOptions {
  static final String RESULTS = "--results";

  @Option(names = RESULTS, required = true, paramLabel = "s3://BUCKET/PREFIX", description = "Where results go.")
  String results;

  @Mixin
  ObjectStoreOptions store = new ObjectStoreOptions();

  public ObjectStoreSettings settings() {
    return store.settings(results);
  }
}
