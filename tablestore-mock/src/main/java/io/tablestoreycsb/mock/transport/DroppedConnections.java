package io.tablestoreycsb.mock.transport;

import io.netty.channel.Channel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One log line for every connection the mock closes on its own initiative, naming the client and
 * why: a request not received in time, bodies over the memory cap, a malformed request, an idle
 * keep-alive connection, an unexpected error. (A client closing or resetting its own connection
 * is not logged: that is the client's doing.)
 */
final class DroppedConnections {
  private static final Logger LOG = LoggerFactory.getLogger(DroppedConnections.class);

  private DroppedConnections() {}

  /** A client that misbehaved or a failure: WARN. */
  static void warn(Channel channel, String why) {
    LOG.warn("Closing the connection from {}: {}", channel.remoteAddress(), oneLine(why));
  }

  /** Routine housekeeping (an idle keep-alive connection): INFO. */
  static void info(Channel channel, String why) {
    LOG.info("Closing the connection from {}: {}", channel.remoteAddress(), oneLine(why));
  }

  /**
   * {@code why} with its control characters written as escapes (CR, LF and tab as backslash-r, -n and -t, the others
   * as a Java unicode escape): it quotes what a client sent (a request line, a header name), and a client must not be able to
   * end the line and write a log line of its own.
   */
  static String oneLine(String why) {
    StringBuilder out = null;
    for (int i = 0; i < why.length(); i++) {
      char c = why.charAt(i);
      boolean control = c < 0x20 || c == 0x7f || c == 0x85 || c == 0x2028 || c == 0x2029;
      if (control && out == null) {
        out = new StringBuilder(why.length() + 8).append(why, 0, i);
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
    return out == null ? why : out.toString();
  }
}
