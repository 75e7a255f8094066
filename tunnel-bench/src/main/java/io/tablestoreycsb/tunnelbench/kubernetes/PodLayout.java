package io.tablestoreycsb.tunnelbench.kubernetes;

/** Paths inside a tunnel-bench pod, shared by the manifests and the {@link PodMain} the pod runs. */
final class PodLayout {
  private PodLayout() {
  }

  /** Where the Secret's endpoint properties (endpoint, instance, access key of Tablestore) are mounted, read-only. */
  static final String ENDPOINT_DIR = "/etc/tunnel-bench/endpoint";
  /** The process's directory lives below this emptyDir until its result set is uploaded. */
  static final String WORK_DIR = "/results";
  /** Labels on every object tunnel-bench creates. */
  static final String LABEL_APP = "app.kubernetes.io/name";
  static final String APP = "tunnel-bench";
  static final String LABEL_SCENARIO = "tunnel-bench.tablestore-ycsb.io/scenario";
  static final String LABEL_ROLE = "tunnel-bench.tablestore-ycsb.io/role";
}
