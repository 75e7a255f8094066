package io.tablestoreycsb.planner.kubernetes;

/**
 * Paths and names inside a runner pod, shared by the manifests the planner writes and the
 * {@link PodRunner} the pod runs.
 */
public final class PodLayout {
  private PodLayout() {
  }

  /** Jib's layout of the image: the planner's classes and every jar of the distribution. */
  public static final String IMAGE_CLASSPATH = "/app/resources:/app/classes:/app/libs/*";
  /**
   * The group of the image's user (Jib's {@code <user>1000:1000</user>} in capacity-planner/pom.xml): the
   * pods' fsGroup, so that the user, who is not root, may read the mounted Secret (mode 0400, owned by root).
   */
  public static final long IMAGE_GROUP_ID = 1000;
  /** The distribution's Log4j 2 configuration in the image (warnings to stderr). */
  public static final String IMAGE_LOG4J_CONFIG = "/opt/tablestore-ycsb/conf/log4j2.xml";
  /** The cell's ConfigMap: what every runner of the cell shares (no secret in it). */
  public static final String CELL_DIR = "/etc/capacity-plan/cell";
  public static final String CELL_RUNNERS_KEY = "runners.json";
  public static final String CELL_WORKLOAD_KEY = "workload.properties";
  /** The Secret's endpoint properties (endpoint, instance, access key of Tablestore), mounted read-only. */
  public static final String ENDPOINT_DIR = "/etc/capacity-plan/endpoint";
  public static final String SECRET_ENDPOINT_KEY = "endpoint.properties";
  /** The Secret's object store access key, handed to the container through secretKeyRef. */
  public static final String SECRET_ACCESS_KEY_ID = "results-access-key-id";
  public static final String SECRET_SECRET_ACCESS_KEY = "results-secret-access-key";
  /** Where the runner writes its result set before uploading it (an emptyDir). */
  public static final String RESULT_DIR = "/results";
  /** Set by Kubernetes in every pod of an Indexed Job. */
  public static final String INDEX_ENV = "JOB_COMPLETION_INDEX";
  /** Labels on every object the planner creates. */
  public static final String LABEL_APP = "app.kubernetes.io/name";
  public static final String APP = "capacity-plan";
  public static final String LABEL_PLAN = "capacity-plan.tablestore-ycsb.io/plan";
  public static final String LABEL_CELL = "capacity-plan.tablestore-ycsb.io/cell";
  /** Kubernetes' own label on a Job's pods. */
  public static final String LABEL_JOB_NAME = "job-name";
}
