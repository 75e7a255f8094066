package io.tablestoreycsb.mock.transport;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.timeout.IdleStateEvent;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import io.tablestoreycsb.mock.protocol.OtsException;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers each complete request (or the HTTP layer's own refusal of it, see
 * {@link RequestBodyReader}), then writes the reply on the connection's event loop after the delay
 * the reply asks for (scheduled, no thread sleeps), in request order. Actions run on the event
 * loop itself unless a worker pool is given (see {@link ServerOptions#workerThreads()}). Replies
 * are written as bytes by {@link ReplyEncoder}.
 */
final class OtsHttpHandler extends SimpleChannelInboundHandler<ReceivedRequest> {
  private static final Logger LOG = LoggerFactory.getLogger(OtsHttpHandler.class);

  private final RequestHandler handler;
  /** Null: actions run on the event loop. */
  private final ExecutorService workers;
  private final BodyMemory memory;
  /** For the log line when an idle connection is closed. */
  private final long idleSeconds;
  private final ResponseSequencer sequencer = new ResponseSequencer();

  OtsHttpHandler(RequestHandler handler, ExecutorService workers, BodyMemory memory, long idleSeconds) {
    this.handler = handler;
    this.workers = workers;
    this.memory = memory;
    this.idleSeconds = idleSeconds;
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, ReceivedRequest received) {
    long sequence = sequencer.assign();
    HttpRequest request = received.head();
    String path = pathOf(request.uri());
    String query = queryOf(request.uri());
    boolean keepAlive = received.keepAlive();
    // As the service's HTTP front end answers HEAD: the head of the answer, without its body.
    boolean headOnly = HttpMethod.HEAD.equals(request.method());
    if (received.refusal() != null) {
      HttpReply reply = handler.error(path, received.refusal());
      sequencer.complete(sequence, () -> write(ctx, reply, keepAlive, headOnly));
      return;
    }
    String method = request.method().name();
    Map<String, String> headers = new LowerCaseHeaders(request.headers());
    byte[] body = received.body();
    int heldBytes = received.heldBodyBytes();
    if (workers == null) {
      deliver(ctx, sequence, answer(method, path, query, headers, body, heldBytes), keepAlive, headOnly);
      return;
    }
    try {
      workers.execute(() -> {
        HttpReply reply = answer(method, path, query, headers, body, heldBytes);
        ctx.executor().execute(() -> deliver(ctx, sequence, reply, keepAlive, headOnly));
      });
    } catch (RejectedExecutionException e) {
      memory.release(heldBytes);
      HttpReply busy = handler.error(path, new OtsException(ErrorCode.SERVER_BUSY, "Server is busy: the mock's request queue is full."));
      sequencer.complete(sequence, () -> write(ctx, busy, keepAlive, headOnly));
    }
  }

  /** Runs the action; the body's memory is released once it has (the action decodes it, the reply does not keep it). */
  private HttpReply answer(String method, String path, String query, Map<String, String> headers, byte[] body,
      int heldBytes) {
    try {
      return handler.handle(method, path, query, headers, body);
    } catch (RuntimeException | Error e) {
      InternalErrors.log(path, e);
      return handler.error(path, new OtsException(ErrorCode.INTERNAL_SERVER_ERROR, "Internal server error."));
    } finally {
      memory.release(heldBytes);
    }
  }

  /** On the event loop: writes the reply now or after its delay, once every earlier reply is written. */
  private void deliver(ChannelHandlerContext ctx, long sequence, HttpReply reply, boolean keepAlive, boolean headOnly) {
    if (reply.ready() != null) {
      reply.ready().thenAccept(ready -> ctx.executor().execute(() -> deliver(ctx, sequence, ready, keepAlive, headOnly)));
      return;
    }
    if (reply.delayNanos() > 0) {
      ctx.executor().schedule(() -> sequencer.complete(sequence, () -> write(ctx, reply, keepAlive, headOnly)),
          reply.delayNanos(), TimeUnit.NANOSECONDS);
    } else {
      sequencer.complete(sequence, () -> write(ctx, reply, keepAlive, headOnly));
    }
  }

  private static void write(ChannelHandlerContext ctx, HttpReply reply, boolean keepAlive, boolean headOnly) {
    if (!ctx.channel().isActive()) {
      return;
    }
    ByteBuf response = ReplyEncoder.encode(ctx.alloc(), reply, keepAlive, headOnly);
    if (keepAlive) {
      ctx.writeAndFlush(response, ctx.voidPromise());
    } else {
      ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
    if (event instanceof IdleStateEvent) {
      DroppedConnections.info(ctx.channel(), "idle for " + idleSeconds + " s (the idle timeout)");
      ctx.close();
      return;
    }
    super.userEventTriggered(ctx, event);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    if (cause instanceof IOException) {
      // The client reset or broke its own connection: its doing, not a drop.
      LOG.debug("Connection from {} failed", ctx.channel().remoteAddress(), cause);
    } else {
      DroppedConnections.warn(ctx.channel(), "unexpected error: " + cause);
      LOG.debug("Closing a connection after an error", cause);
    }
    ctx.close();
  }

  /** The raw query of a request target (after {@code ?}), or null when it has none. */
  static String queryOf(String uri) {
    int query = uri.indexOf('?');
    return query < 0 ? null : uri.substring(query + 1);
  }

  static String pathOf(String uri) {
    int query = uri.indexOf('?');
    String path = query < 0 ? uri : uri.substring(0, query);
    int scheme = path.indexOf("://"); // absolute-form request target
    if (scheme >= 0) {
      int slash = path.indexOf('/', scheme + 3);
      path = slash < 0 ? "/" : path.substring(slash);
    }
    return path;
  }
}
