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

  /** A container command running {@code mainClass} with the image's java and class path. */
  public static java.util.List<String> javaCommand(java.util.List<String> jvmOptions, String mainClass) {
    java.util.List<String> cmd = new java.util.ArrayList<>();
    cmd.add("java");
    cmd.addAll(jvmOptions);
    cmd.add("-cp");
    cmd.add(CLASSPATH);
    cmd.add(mainClass);
    return cmd;
  }
}
