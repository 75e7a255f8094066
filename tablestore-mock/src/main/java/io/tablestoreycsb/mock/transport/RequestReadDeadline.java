package io.tablestoreycsb.mock.transport;

import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandlerContext;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Gives each request a deadline to arrive whole, from its first byte to its last: a client that
 * trickles its request line, headers or body (a byte a second keeps the idle timeout from ever
 * firing) is cut off. First in the pipeline, so it sees the raw bytes; {@link RequestBodyReader}
 * tells it when a request is complete ({@link #REQUEST_RECEIVED}) and is told when time is up
 * ({@link #TIMED_OUT}), since it knows what part of the request has come and how to answer it.
 */
final class RequestReadDeadline extends ChannelDuplexHandler {
  /** Fired by the body reader, from the pipeline's head, when a request has fully arrived. */
  static final Object REQUEST_RECEIVED = new Object() {
    @Override
    public String toString() {
      return "REQUEST_RECEIVED";
    }
  };
  /** Fired on to the body reader when a request's deadline passes before it has arrived. */
  static final Object TIMED_OUT = new Object() {
    @Override
    public String toString() {
      return "TIMED_OUT";
    }
  };

  private final long timeoutNanos;
  /**
   * The running deadline: armed by a request's first bytes, null between requests. (The next
   * request's bytes that came in the same read as the end of the last one arm it only with the
   * next read: a client that then trickles is still cut off; one that sends nothing more is left
   * to the idle timeout.)
   */
  private ScheduledFuture<?> deadline;

  RequestReadDeadline(long timeoutNanos) {
    this.timeoutNanos = timeoutNanos;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (deadline == null) {
      deadline = ctx.executor().schedule(() -> {
        deadline = null;
        ctx.fireUserEventTriggered(TIMED_OUT);
      }, timeoutNanos, TimeUnit.NANOSECONDS);
    }
    ctx.fireChannelRead(msg);
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
    if (event == REQUEST_RECEIVED) {
      disarm();
      return;
    }
    ctx.fireUserEventTriggered(event);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    disarm();
    ctx.fireChannelInactive();
  }

  private void disarm() {
    if (deadline != null) {
      deadline.cancel(false);
      deadline = null;
    }
  }
}
