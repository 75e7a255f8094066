package io.tablestoreycsb.binding.config;

/**
 * An endpoint as it may be shown in a message, a log or a report: without the user name and
 * password of an endpoint written as {@code http://user:secret@host}, which the SDK does not accept
 * but a user may still write.
 */
public final class EndpointText {
  private EndpointText() {
  }

  /** {@code endpoint} without its user information ({@code user:secret@}); null stays null. */
  public static String withoutUserInfo(String endpoint) {
    if (endpoint == null) {
      return null;
    }
    String s = endpoint.strip();
    int scheme = s.indexOf("://");
    int path = s.indexOf('/', scheme < 0 ? 0 : scheme + 3);
    int at = s.lastIndexOf('@', path < 0 ? s.length() - 1 : path);
    if (at >= 0) {
      return (scheme < 0 ? "" : s.substring(0, scheme + 3)) + s.substring(at + 1);
    }
    return s;
  }

  /** True when {@code endpoint} carries user information (a user name, perhaps a password). */
  public static boolean hasUserInfo(String endpoint) {
    return endpoint != null && !withoutUserInfo(endpoint).equals(endpoint.strip());
  }
}
