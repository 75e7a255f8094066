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
  public static final String IMAGE_LOG4J_CONFIG = "/opt/tablestore-ycsb/conf/log4j2.properties";
  /** Where a pod writes the workload of the cell it serves (beside, not in, the cell's result set). */
  public static final String WORKLOAD_FILE = "workload.properties";
  /** Where the Secret's endpoint properties (endpoint, instance, access key of Tablestore) are mounted, read-only. */
  public static final String ENDPOINT_DIR = "/etc/capacity-plan/endpoint";
  /** Where the runner writes each cell's result set before uploading it (an emptyDir). */
  public static final String RESULT_DIR = "/results";
  /** Labels on every object the planner creates. */
  public static final String LABEL_APP = "app.kubernetes.io/name";
  public static final String APP = "capacity-plan";
  public static final String LABEL_PLAN = "capacity-plan.tablestore-ycsb.io/plan";
  /** How many runner pods a plan's Job has (a plan whose cells want more gets a Job of its own for them). */
  public static final String LABEL_RUNNERS = "capacity-plan.tablestore-ycsb.io/runners";
}
