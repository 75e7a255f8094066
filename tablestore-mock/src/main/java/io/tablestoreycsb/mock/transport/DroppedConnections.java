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
    LOG.warn("Closing the connection from {}: {}", channel.remoteAddress(), LogText.oneLine(why));
  }

  /** Routine housekeeping (an idle keep-alive connection): INFO. */
  static void info(Channel channel, String why) {
    LOG.info("Closing the connection from {}: {}", channel.remoteAddress(), LogText.oneLine(why));
  }
}
