package io.tablestoreycsb.mock.tunnel;

/**
 * A channel's state on the server. WAIT: never handed out; OPEN: a client reads it; CLOSING: the
 * server asked its client to give it up; CLOSE: given up (or its client timed out), to be handed
 * out again; TERMINATED: consumed to the end (BaseData channels only).
 */
enum ChannelStatus {
  WAIT, OPEN, CLOSING, CLOSE, TERMINATED
}
