package io.tablestoreycsb.planner.kubernetes;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.ServiceAccountBuilder;
import io.fabric8.kubernetes.api.model.rbac.PolicyRuleBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBindingBuilder;
import io.fabric8.kubernetes.api.model.rbac.RoleBuilder;
import io.tablestoreycsb.cluster.kubernetes.SecretTemplate;
import java.util.List;

/**
 * What {@code bin/capacity-plan run --executor kubernetes} may do in the plan's namespace, and no more: a
 * ServiceAccount, a Role and their RoleBinding, for a planner that runs in the cluster (a pod with that
 * account) or a user given only this Role. Each verb and why:
 * <ul>
 *   <li>{@code jobs}: {@code create} the plan's Job; {@code get} its conditions (finished, failed and why);
 *       {@code delete} it at the plan's end, on Ctrl-C, after a lost pod, and a Job of the same name an
 *       interrupted run left;</li>
 *   <li>{@code pods}: {@code list} the Job's pods (once a second, by its {@code job-name} label);</li>
 *   <li>{@code pods/log}: {@code get} the running pods' rates and a failed pod's last lines;</li>
 *   <li>{@code events}: {@code list} the Job controller's, to tell the pods it stopped from the one lost.</li>
 * </ul>
 * No access to Secrets: the pods read the Secret, the planner never does.
 */
public final class PlannerRole {
  public static final String NAME = "capacity-plan-planner";

  private PlannerRole() {
  }

  /** The ServiceAccount, Role and RoleBinding, in that order. */
  public static List<HasMetadata> objects(String namespace) {
    return List.of(
        new ServiceAccountBuilder().withNewMetadata().withName(NAME).withNamespace(namespace)
            .addToLabels(SecretTemplate.LABEL_PART_OF, SecretTemplate.PART_OF).endMetadata().build(),
        new RoleBuilder().withNewMetadata().withName(NAME).withNamespace(namespace)
            .addToLabels(SecretTemplate.LABEL_PART_OF, SecretTemplate.PART_OF).endMetadata()
            .withRules(
                new PolicyRuleBuilder().withApiGroups("batch").withResources("jobs")
                    .withVerbs("create", "get", "delete").build(),
                new PolicyRuleBuilder().withApiGroups("").withResources("pods").withVerbs("list").build(),
                new PolicyRuleBuilder().withApiGroups("").withResources("pods/log").withVerbs("get").build(),
                new PolicyRuleBuilder().withApiGroups("").withResources("events").withVerbs("list").build())
            .build(),
        new RoleBindingBuilder().withNewMetadata().withName(NAME).withNamespace(namespace)
            .addToLabels(SecretTemplate.LABEL_PART_OF, SecretTemplate.PART_OF).endMetadata()
            .withNewRoleRef().withApiGroup("rbac.authorization.k8s.io").withKind("Role").withName(NAME).endRoleRef()
            .addNewSubject().withKind("ServiceAccount").withName(NAME).withNamespace(namespace).endSubject()
            .build());
  }
}
