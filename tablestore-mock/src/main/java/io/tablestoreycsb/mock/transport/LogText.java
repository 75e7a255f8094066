package io.tablestoreycsb.mock.transport;

/** Text for the mock's log lines that quote what a client sent. */
public final class LogText {
  private LogText() {}

  /**
   * {@code text} with its control characters written as escapes (CR, LF and tab as backslash-r, -n and -t, the
   * others as a Java unicode escape): it may quote what a client sent (a request line, a header name, a path), and a
   * client must not be able to end the line and write a log line of its own.
   */
  public static String oneLine(String text) {
    StringBuilder out = null;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      boolean control = c < 0x20 || c == 0x7f || c == 0x85 || c == 0x2028 || c == 0x2029;
      if (control && out == null) {
        out = new StringBuilder(text.length() + 8).append(text, 0, i);
      }
      if (out != null) {
        if (!control) {
          out.append(c);
        } else if (c == '\r') {
          out.append("\\r");
        } else if (c == '\n') {
          out.append("\\n");
        } else if (c == '\t') {
          out.append("\\t");
        } else {
          out.append(String.format("\\u%04x", (int) c));
        }
      }
    }
    return out == null ? text : out.toString();
  }
}
