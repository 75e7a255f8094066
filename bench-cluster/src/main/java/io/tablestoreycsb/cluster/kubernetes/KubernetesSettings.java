package io.tablestoreycsb.cluster.kubernetes;

import io.fabric8.kubernetes.api.model.Toleration;
import io.fabric8.kubernetes.api.model.TolerationBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.tablestoreycsb.cluster.objectstore.ObjectStoreSettings;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Where and how a benchmark's runner pods run on Kubernetes. The messages name the command-line options
 * the applications share ({@code --image}, {@code --runner-cpu}, ...).
 *
 * @param namespace namespace of the Jobs (null: the kubeconfig's or the pod's own)
 * @param image the runner image (built by the application's image profile, pushed by the user)
 * @param cpu CPU request and limit of one runner (the white paper's runners had 8 cores)
 * @param memory memory request and limit of one runner (the paper's: 8 GB)
 * @param nodeSelector node labels a runner's node must have
 * @param tolerations taints runners tolerate
 * @param secretName the Secret holding the endpoint properties and the object store's access key
 *     ({@link SecretKeys})
 * @param results where runners upload their result sets
 * @param startLeadSeconds how far ahead of a Job's creation its runners start together: enough for
 *     every pod to be scheduled, pull the image and load its classes
 */
public record KubernetesSettings(
    String namespace,
    String image,
    String cpu,
    String memory,
    Map<String, String> nodeSelector,
    List<Toleration> tolerations,
    String secretName,
    ObjectStoreSettings results,
    long startLeadSeconds) {
  public static final String DEFAULT_CPU = "8";
  public static final String DEFAULT_MEMORY = "8Gi";
  public static final String DEFAULT_SECRET = "capacity-plan";
  public static final long DEFAULT_START_LEAD_SECONDS = 90;
  private static final Pattern QUANTITY = Pattern.compile("\\d+(\\.\\d+)?(m|k|M|G|T|Ki|Mi|Gi|Ti)?");
  private static final Pattern DNS_LABEL = Pattern.compile("[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?");

  public KubernetesSettings {
    if (image == null || image.isBlank()) {
      throw new IllegalArgumentException("--image is required: the runner image in a registry the cluster can pull from");
    }
    checkQuantity("--runner-cpu", cpu);
    checkQuantity("--runner-memory", memory);
    if (namespace != null && !DNS_LABEL.matcher(namespace).matches()) {
      throw new IllegalArgumentException("--namespace '" + namespace + "' is not a valid namespace name");
    }
    if (!DNS_LABEL.matcher(secretName).matches()) {
      throw new IllegalArgumentException("--secret '" + secretName + "' is not a valid Secret name");
    }
    if (startLeadSeconds < 5) {
      throw new IllegalArgumentException("--start-lead must be at least 5 s, got " + startLeadSeconds);
    }
    nodeSelector = Map.copyOf(nodeSelector);
    tolerations = List.copyOf(tolerations);
  }

  /** The namespace the Jobs go to: the one set, else the client's (kubeconfig context or the pod's own). */
  public String namespaceIn(KubernetesClient client) {
    return namespace != null ? namespace : client.getNamespace();
  }

  private static void checkQuantity(String option, String value) {
    if (value == null || !QUANTITY.matcher(value).matches()) {
      throw new IllegalArgumentException(option + " '" + value + "' is not a Kubernetes quantity (e.g. 8, 7500m, 8Gi)");
    }
  }

  /** Parses {@code key=value,key2=value2}. */
  public static Map<String, String> parseNodeSelector(List<String> entries) {
    Map<String, String> selector = new LinkedHashMap<>();
    for (String entry : entries) {
      int eq = entry.indexOf('=');
      if (eq <= 0) {
        throw new IllegalArgumentException("--node-selector '" + entry + "' must be label=value");
      }
      selector.put(entry.substring(0, eq), entry.substring(eq + 1));
    }
    return selector;
  }

  private static final Pattern TOLERATION = Pattern.compile("([^=:]+)(?:=([^:]*))?(?::(NoSchedule|PreferNoSchedule|NoExecute))?");

  /** Parses kubectl-taint-like {@code key[=value][:Effect]}: Equal with a value, Exists without. */
  public static List<Toleration> parseTolerations(List<String> entries) {
    List<Toleration> tolerations = new ArrayList<>();
    for (String entry : entries) {
      Matcher m = TOLERATION.matcher(entry);
      if (!m.matches()) {
        throw new IllegalArgumentException("--toleration '" + entry
            + "' must be key[=value][:NoSchedule|PreferNoSchedule|NoExecute]");
      }
      tolerations.add(new TolerationBuilder().withKey(m.group(1))
          .withOperator(m.group(2) == null ? "Exists" : "Equal").withValue(m.group(2)).withEffect(m.group(3)).build());
    }
    return tolerations;
  }
}
