package io.tablestoreycsb.mock.transport;

import java.util.Map;
import java.util.concurrent.CompletionStage;

/**
 * A response ready to be written: status, headers, body, and how long to hold it back (injected
 * latency or partition capacity wait) before writing it. Or a reply not ready yet ({@link
 * #whenReady}): {@code ready} completes with the reply to write (a write answered once it is
 * durable, see {@code persist.DurableReplies}).
 */
public record HttpReply(int status, Map<String, String> headers, byte[] body, long delayNanos,
    CompletionStage<HttpReply> ready) {

  public HttpReply(int status, Map<String, String> headers, byte[] body, long delayNanos) {
    this(status, headers, body, delayNanos, null);
  }

  /** A reply written once {@code ready} completes, as the reply it completes with. */
  public static HttpReply whenReady(CompletionStage<HttpReply> ready) {
    return new HttpReply(0, Map.of(), new byte[0], 0, ready);
  }
}
