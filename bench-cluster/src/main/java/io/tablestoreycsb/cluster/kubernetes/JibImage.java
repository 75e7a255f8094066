package io.tablestoreycsb.cluster.kubernetes;

/** The layout of an application image Jib builds, as the pods that run it see it. */
public final class JibImage {
  private JibImage() {
  }

  /** Jib's class path: the application's resources and classes and every jar it depends on. */
  public static final String CLASSPATH = "/app/resources:/app/classes:/app/libs/*";
  /**
   * The group of the image's user (Jib's {@code <user>1000:1000</user>} in the applications' poms): the
   * pods' fsGroup, so that the user, who is not root, may read the mounted Secret (mode 0400, owned by root).
   */
  public static final long GROUP_ID = 1000;
}
