package io.tablestoreycsb.cluster.options;

import io.tablestoreycsb.cluster.kubernetes.KubernetesSettings;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options of an application's {@code --executor kubernetes} runs and of its {@code render}: where
 * and how its pods run and where their results go, as {@link KubernetesSettings}. A picocli mixin the
 * applications share (an application may extend it with what only it needs), so that every benchmark
 * here takes the same options with the same names.
 */
public class KubernetesOptions {
  @Option(names = "--namespace", description = "Namespace of the Jobs (default: the kubeconfig context's).")
  String namespace;

  @Option(names = "--image", paramLabel = "IMAGE", description = "The runner image (built with -Prunner-image).")
  String image;

  @Option(names = "--runner-cpu", defaultValue = KubernetesSettings.DEFAULT_CPU, paramLabel = "QUANTITY",
      description = "CPU request and limit of each runner pod (default ${DEFAULT-VALUE}).")
  String cpu;

  @Option(names = "--runner-memory", defaultValue = KubernetesSettings.DEFAULT_MEMORY, paramLabel = "QUANTITY",
      description = "Memory request and limit of each runner pod (default ${DEFAULT-VALUE}).")
  String memory;

  @Option(names = "--node-selector", paramLabel = "LABEL=VALUE", description = "Node label runners need (repeatable).")
  List<String> nodeSelector = new ArrayList<>();

  @Option(names = "--toleration", paramLabel = "TAINT",
      description = "A taint the runners tolerate, as KEY or KEY=VALUE with an effect after a colon (repeatable).")
  List<String> tolerations = new ArrayList<>();

  @Option(names = "--secret", defaultValue = KubernetesSettings.DEFAULT_SECRET, paramLabel = "NAME",
      description = "Secret with endpoint.properties and the object store key (default ${DEFAULT-VALUE}).")
  String secret;

  @Option(names = "--results", paramLabel = "S3_URI",
      description = "Where runners upload result sets: an S3 URI naming a bucket and a prefix in it.")
  String results;

  @Mixin
  ObjectStoreOptions store = new ObjectStoreOptions();

  @Option(names = "--start-lead", defaultValue = "" + KubernetesSettings.DEFAULT_START_LEAD_SECONDS,
      paramLabel = "SECONDS", description = "How far ahead of a Job's creation its runners start together "
          + "(default ${DEFAULT-VALUE}).")
  long startLeadSeconds;

  /** The settings, checked (a missing image or results location, a bad quantity or name: a clear message). */
  public KubernetesSettings settings() {
    if (results == null) {
      throw new IllegalArgumentException("--results s3://BUCKET/PREFIX is required with --executor kubernetes");
    }
    return new KubernetesSettings(namespace, image, cpu, memory, KubernetesSettings.parseNodeSelector(nodeSelector),
        KubernetesSettings.parseTolerations(tolerations), secret, store.settings(results), startLeadSeconds);
  }
}
