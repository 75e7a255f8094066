package io.tablestoreycsb.mock.tunnel;

/** A connected tunnel client: its id, tag, heartbeat time-out and when it last heartbeated. */
final class ClientSession {
  final String id;
  final String tag;
  final long timeoutMillis;
  /** Connection order: the earlier clients take the channels that do not divide evenly. */
  final long connectOrder;
  long lastHeartbeatMillis;

  ClientSession(String id, String tag, long timeoutMillis, long connectOrder, long nowMillis) {
    this.id = id;
    this.tag = tag;
    this.timeoutMillis = timeoutMillis;
    this.connectOrder = connectOrder;
    this.lastHeartbeatMillis = nowMillis;
  }

  boolean timedOut(long nowMillis) {
    return nowMillis - lastHeartbeatMillis > timeoutMillis;
  }
}
