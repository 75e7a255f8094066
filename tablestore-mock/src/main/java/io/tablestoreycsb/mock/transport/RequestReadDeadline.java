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
   * Whether a request is arriving: set by its first bytes, cleared when it has arrived. (The next
   * request's bytes that came in the same read as the end of the last one start it only with the
   * next read: a client that then trickles is still cut off; one that sends nothing more is left
   * to the idle timeout.)
   */
  private boolean arriving;
  /** When the arriving request's first bytes came ({@link System#nanoTime()}). */
  private long startedNanos;
  /**
   * The check scheduled, or null. Not scheduled and cancelled per request (a task and a change of
   * the event loop's queue each way): a check that finds the request it was scheduled for arrived
   * looks at the one arriving now, if any, and is scheduled again for that one's deadline, so on a
   * busy connection one check runs per timeout, not one per request.
   */
  private ScheduledFuture<?> check;

  RequestReadDeadline(long timeoutNanos) {
    this.timeoutNanos = timeoutNanos;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    if (!arriving) {
      arriving = true;
      startedNanos = System.nanoTime();
      if (check == null) {
        schedule(ctx, timeoutNanos);
      }
    }
    ctx.fireChannelRead(msg);
  }

  private void schedule(ChannelHandlerContext ctx, long delayNanos) {
    check = ctx.executor().schedule(() -> check(ctx), delayNanos, TimeUnit.NANOSECONDS);
  }

  /** On the event loop, at or after the deadline of the request that was arriving when it was scheduled. */
  private void check(ChannelHandlerContext ctx) {
    check = null;
    if (!arriving) {
      return; // nothing arriving: the next request's first bytes schedule a check
    }
    long left = startedNanos + timeoutNanos - System.nanoTime();
    if (left > 0) {
      schedule(ctx, left); // a later request than the one this check was for: its own deadline
      return;
    }
    arriving = false;
    ctx.fireUserEventTriggered(TIMED_OUT);
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object event) {
    if (event == REQUEST_RECEIVED) {
      arriving = false;
      return;
    }
    ctx.fireUserEventTriggered(event);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) {
    arriving = false;
    if (check != null) {
      check.cancel(false);
      check = null;
    }
    ctx.fireChannelInactive();
  }
}
