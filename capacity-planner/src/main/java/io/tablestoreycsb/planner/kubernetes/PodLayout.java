package io.tablestoreycsb.planner.kubernetes;

/**
 * Paths and names inside a runner pod, shared by the manifests the planner writes and the
 * {@link PodRunner} the pod runs. What any benchmark's pods share (the Secret's keys, the Jib image's
 * class path, the index variable) is in {@code io.tablestoreycsb.cluster.kubernetes}.
 */
public final class PodLayout {
  private PodLayout() {
  }

  /** The distribution's Log4j 2 configuration in the image (warnings to stderr). */
  public static final String IMAGE_LOG4J_CONFIG = "/opt/tablestore-ycsb/conf/log4j2.xml";
  /** The cell's ConfigMap: what every runner of the cell shares (no secret in it). */
  public static final String CELL_DIR = "/etc/capacity-plan/cell";
  public static final String CELL_RUNNERS_KEY = "runners.json";
  public static final String CELL_WORKLOAD_KEY = "workload.properties";
  /** Where the Secret's endpoint properties (endpoint, instance, access key of Tablestore) are mounted, read-only. */
  public static final String ENDPOINT_DIR = "/etc/capacity-plan/endpoint";
  /** Where the runner writes its result set before uploading it (an emptyDir). */
  public static final String RESULT_DIR = "/results";
  /** Labels on every object the planner creates. */
  public static final String LABEL_APP = "app.kubernetes.io/name";
  public static final String APP = "capacity-plan";
  public static final String LABEL_PLAN = "capacity-plan.tablestore-ycsb.io/plan";
  public static final String LABEL_CELL = "capacity-plan.tablestore-ycsb.io/cell";
}
