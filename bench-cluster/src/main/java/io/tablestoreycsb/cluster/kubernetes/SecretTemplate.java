package io.tablestoreycsb.cluster.kubernetes;

import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;

/**
 * The Secret the runner pods read, as a template with placeholders: the user fills it in (or creates it
 * with {@code kubectl create secret generic ... --from-file --from-literal}) and applies it; no
 * application writes a credential into a manifest. One Secret serves every application here (the
 * planner's and tunnel-bench's pods read the same keys), so it is labelled as part of tablestore-ycsb.
 */
public final class SecretTemplate {
  public static final String PLACEHOLDER = "REPLACE_ME";
  public static final String LABEL_PART_OF = "app.kubernetes.io/part-of";
  public static final String PART_OF = "tablestore-ycsb";

  private SecretTemplate() {
  }

  public static Secret of(KubernetesSettings settings) {
    return new SecretBuilder()
        .withNewMetadata().withName(settings.secretName()).withNamespace(settings.namespace())
          .addToLabels(LABEL_PART_OF, PART_OF).endMetadata()
        .withType("Opaque")
        .addToStringData(SecretKeys.ENDPOINT_PROPERTIES, String.join("\n",
            "# the binding's endpoint properties, as in conf/tablestore.properties",
            "tablestore.endpoint = https://" + PLACEHOLDER + ".cn-hangzhou.vpc.tablestore.aliyuncs.com",
            "tablestore.instance = " + PLACEHOLDER,
            "tablestore.accesskeyid = " + PLACEHOLDER,
            "tablestore.accesskeysecret = " + PLACEHOLDER, ""))
        .addToStringData(SecretKeys.RESULTS_ACCESS_KEY_ID, PLACEHOLDER)
        .addToStringData(SecretKeys.RESULTS_SECRET_ACCESS_KEY, PLACEHOLDER)
        .build();
  }
}
