package io.tablestoreycsb.mock.transport;

import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.DefaultHttpHeadersFactory;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpHeadersFactory;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.timeout.IdleStateEvent;
import io.netty.util.AsciiString;
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
 * Answers each complete request, then writes the reply on the connection's event loop after the
 * delay the reply asks for (scheduled, no thread sleeps), in request order. Actions run on the
 * event loop itself unless a worker pool is given (see {@link ServerOptions#workerThreads()}).
 */
final class OtsHttpHandler extends SimpleChannelInboundHandler<FullHttpRequest> {
  private static final Logger LOG = LoggerFactory.getLogger(OtsHttpHandler.class);
  /** Our own replies' headers come from the signer, not from a peer: Netty need not validate them. */
  private static final HttpHeadersFactory TRUSTED_HEADERS = DefaultHttpHeadersFactory.headersFactory().withValidation(false);
  private static final HttpHeadersFactory NO_TRAILERS = DefaultHttpHeadersFactory.trailersFactory().withValidation(false);
  private static final AsciiString CONTENT_LENGTH = AsciiString.cached("Content-Length");
  private static final AsciiString CONNECTION = AsciiString.cached("Connection");

  private final RequestHandler handler;
  /** Null: actions run on the event loop. */
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
    Map<String, String> headers = new LowerCaseHeaders(request.headers());
    byte[] body = ByteBufUtil.getBytes(request.content());
    boolean keepAlive = HttpUtil.isKeepAlive(request);
    if (workers == null) {
      deliver(ctx, sequence, answer(method, path, headers, body), keepAlive);
      return;
    }
    try {
      workers.execute(() -> {
        HttpReply reply = answer(method, path, headers, body);
        ctx.executor().execute(() -> deliver(ctx, sequence, reply, keepAlive));
      });
    } catch (RejectedExecutionException e) {
      HttpReply busy = handler.error(path, new OtsException(ErrorCode.SERVER_BUSY, "Server is busy: the mock's request queue is full."));
      sequencer.complete(sequence, () -> write(ctx, busy, keepAlive));
    }
  }

  private HttpReply answer(String method, String path, Map<String, String> headers, byte[] body) {
    try {
      return handler.handle(method, path, headers, body);
    } catch (RuntimeException | Error e) {
      InternalErrors.log(path, e);
      return handler.error(path, new OtsException(ErrorCode.INTERNAL_SERVER_ERROR, "Internal server error."));
    }
  }

  /** On the event loop: writes the reply now or after its delay, once every earlier reply is written. */
  private void deliver(ChannelHandlerContext ctx, long sequence, HttpReply reply, boolean keepAlive) {
    if (reply.delayNanos() > 0) {
      ctx.executor().schedule(() -> sequencer.complete(sequence, () -> write(ctx, reply, keepAlive)),
          reply.delayNanos(), TimeUnit.NANOSECONDS);
    } else {
      sequencer.complete(sequence, () -> write(ctx, reply, keepAlive));
    }
  }

  static FullHttpResponse toResponse(HttpReply reply, boolean keepAlive) {
    FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1,
        HttpResponseStatus.valueOf(reply.status()), Unpooled.wrappedBuffer(reply.body()), TRUSTED_HEADERS, NO_TRAILERS);
    HttpHeaders headers = response.headers();
    reply.headers().forEach(headers::add);
    // Spelt as the service (an HTTP/1.1 front end) writes them; like the service, no Content-Type:
    // the body's type is in x-ots-contenttype.
    headers.add(CONTENT_LENGTH, Integer.toString(reply.body().length));
    headers.add(CONNECTION, keepAlive ? HttpHeaderValues.KEEP_ALIVE : HttpHeaderValues.CLOSE);
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
