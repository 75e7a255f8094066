package io.tablestoreycsb.mock.transport;

import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.timeout.IdleStateEvent;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import io.tablestoreycsb.mock.protocol.OtsException;
import java.io.IOException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Takes each complete request off the I/O loop to a worker, then writes the reply back on the
 * loop after the delay the reply asks for (scheduled, no thread sleeps), in request order.
 */
final class OtsHttpHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
  private static final Logger LOG = LoggerFactory.getLogger(OtsHttpHandler.class);

  private final RequestHandler handler;
  private final ExecutorService workers;
  private final ResponseSequencer sequencer = new ResponseSequencer();

  OtsHttpHandler(RequestHandler handler, ExecutorService workers) {
    this.handler = handler;
    this.workers = workers;
  }

  @Override
  protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest request) {
    long sequence = sequencer.assign();
    String path = pathOf(request.uri());
    if (request.decoderResult().isFailure()) {
      HttpReply reply = handler.error(path, OtsException.parameterInvalid("Malformed HTTP request: "
          + request.decoderResult().cause().getMessage()));
      sequencer.complete(sequence, () -> write(ctx, reply, false));
      return;
    }
    String method = request.method().name();
    Map<String, String> headers = new HashMap<>();
    for (Map.Entry<String, String> h : request.headers()) {
      headers.putIfAbsent(h.getKey().toLowerCase(Locale.ROOT), h.getValue());
    }
    byte[] body = ByteBufUtil.getBytes(request.content());
    boolean keepAlive = HttpUtil.isKeepAlive(request);
    try {
      workers.execute(() -> {
        HttpReply reply;
        try {
          reply = handler.handle(method, path, headers, body);
        } catch (RuntimeException | Error e) {
          InternalErrors.log(path, e);
          reply = handler.error(path, new OtsException(ErrorCode.INTERNAL_SERVER_ERROR, "Internal server error."));
        }
        schedule(ctx, sequence, reply, keepAlive);
      });
    } catch (RejectedExecutionException e) {
      HttpReply busy = handler.error(path, new OtsException(ErrorCode.SERVER_BUSY, "Server is busy: the mock's request queue is full."));
      sequencer.complete(sequence, () -> write(ctx, busy, keepAlive));
    }
  }

  private void schedule(ChannelHandlerContext ctx, long sequence, HttpReply reply, boolean keepAlive) {
    Runnable complete = () -> sequencer.complete(sequence, () -> write(ctx, reply, keepAlive));
    if (reply.delayNanos() > 0) {
      ctx.executor().schedule(complete, reply.delayNanos(), TimeUnit.NANOSECONDS);
    } else {
      ctx.executor().execute(complete);
    }
  }

  static FullHttpResponse toResponse(HttpReply reply, boolean keepAlive) {
    FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
        HttpResponseStatus.valueOf(reply.status()), Unpooled.wrappedBuffer(reply.body()));
    reply.headers().forEach((name, value) -> response.headers().set(name, value));
    response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, reply.body().length);
    response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_OCTET_STREAM);
    response.headers().set(HttpHeaderNames.CONNECTION, keepAlive ? HttpHeaderValues.KEEP_ALIVE : HttpHeaderValues.CLOSE);
    return response;
  }

  static void write(ChannelHandlerContext ctx, HttpReply reply, boolean keepAlive) {
    if (!ctx.channel().isActive()) {
      return;
    }
    FullHttpResponse response = toResponse(reply, keepAlive);
    if (keepAlive) {
      ctx.writeAndFlush(response, ctx.voidPromise());
    } else {
      ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
    if (event instanceof IdleStateEvent) {
      ctx.close();
      return;
    }
    super.userEventTriggered(ctx, event);
  }

  @Override
  public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
    if (!(cause instanceof IOException)) {
      LOG.debug("Closing a connection after an error", cause);
    }
    ctx.close();
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
