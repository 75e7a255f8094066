package io.tablestoreycsb.tunnelbench.child;

/** Where a process runs, as the report groups consumers: its pod's node, else this machine's name. */
public final class Host {
  /** Set in a pod from the downward API's {@code spec.nodeName}. */
  public static final String NODE_NAME_ENV = "NODE_NAME";

  private Host() {
  }

  public static String current() {
    String node = System.getenv(NODE_NAME_ENV);
    if (node != null && !node.isBlank()) {
      return node.strip();
    }
    try {
      return java.net.InetAddress.getLocalHost().getHostName();
    } catch (java.io.IOException e) {
      return "unknown host";
    }
  }
}
