package io.tablestoreycsb.cluster.objectstore;

/** Checks on the path pieces that become object keys. */
public final class KeyPaths {
  private KeyPaths() {
  }

  public static String trimSlashes(String path) {
    String p = path == null ? "" : path;
    while (p.startsWith("/")) {
      p = p.substring(1);
    }
    while (p.endsWith("/")) {
      p = p.substring(0, p.length() - 1);
    }
    return p;
  }

  /** A relative path of plain segments: no empty, "." or ".." segment, no backslash. */
  public static void checkRelative(String what, String path) {
    if (path.isEmpty()) {
      return;
    }
    for (String segment : path.split("/", -1)) {
      if (segment.isEmpty() || segment.equals(".") || segment.equals("..") || segment.contains("\\")) {
        throw new IllegalArgumentException(what + " '" + path + "' has an empty, '.', '..' or backslash segment");
      }
    }
  }
}
