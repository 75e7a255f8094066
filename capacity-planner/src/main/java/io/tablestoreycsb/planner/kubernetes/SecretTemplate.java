package io.tablestoreycsb.planner.kubernetes;

import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.SecretBuilder;

/**
 * The Secret the runners read, as a template with placeholders: the user fills it in (or creates it
 * with {@code kubectl create secret generic ... --from-file --from-literal}) and applies it; the
 * planner never writes a credential into a manifest.
 */
public final class SecretTemplate {
  public static final String PLACEHOLDER = "REPLACE_ME";

  private SecretTemplate() {
  }

  public static Secret of(KubernetesSettings settings) {
    return new SecretBuilder()
        .withNewMetadata().withName(settings.secretName()).withNamespace(settings.namespace())
          .addToLabels(PodLayout.LABEL_APP, PodLayout.APP).endMetadata()
        .withType("Opaque")
        .addToStringData(PodLayout.SECRET_ENDPOINT_KEY, String.join("\n",
            "# the binding's endpoint properties, as in conf/tablestore.properties",
            "tablestore.endpoint = https://" + PLACEHOLDER + ".cn-hangzhou.vpc.tablestore.aliyuncs.com",
            "tablestore.instance = " + PLACEHOLDER,
            "tablestore.accesskeyid = " + PLACEHOLDER,
            "tablestore.accesskeysecret = " + PLACEHOLDER, ""))
        .addToStringData(PodLayout.SECRET_ACCESS_KEY_ID, PLACEHOLDER)
        .addToStringData(PodLayout.SECRET_SECRET_ACCESS_KEY, PLACEHOLDER)
        .build();
  }
}
