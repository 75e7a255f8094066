package io.tablestoreycsb.mock.transport;

import java.util.Map;

/**
 * A response ready to be written: status, headers, body, and how long to hold it back (injected
 * latency or partition capacity wait) before writing it.
 */
public record HttpReply(int status, Map<String, String> headers, byte[] body, long delayNanos) {}
