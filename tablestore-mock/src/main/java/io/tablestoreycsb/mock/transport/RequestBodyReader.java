package io.tablestoreycsb.mock.transport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpExpectationFailedEvent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import io.tablestoreycsb.mock.protocol.OtsException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads each request's body, as Netty's decoder hands it over in pieces, straight into one
 * {@code byte[]}: sized by {@code Content-Length} when the request has one (every SDK sends it),
 * grown as needed for a chunked body. Netty's {@code HttpObjectAggregator} gathered the pieces in a
 * composite buffer that the handler then copied out again: ~4% of the mock's CPU.
 *
 * <p>What it answers itself, as the aggregator did:
 * <ul>
 *   <li>a body over the limit: OTSRequestBodyTooLarge (413, signed like every service error), known
 *       from {@code Content-Length} before the body is read (the connection stays open and the
 *       body is skipped unread) or found while reading a chunked body (the connection closes);
 *   <li>{@code Expect: 100-continue}: {@code 100 Continue}, or the 413 at once and the connection
 *       closed when the announced body is over the limit; any other expectation: {@code 417} and
 *       no action run (what the client sends next is read as its next request, see
 *       {@link #expectationFailed});
 *   <li>a request Netty could not decode: handed on as a refusal (OTSParameterInvalid); the
 *       connection closes after the answer.
 * </ul>
 * Everything else goes on to the next handler as a {@link ReceivedRequest}, one per request, in
 * the order they arrived (pipelined requests included).
 */
final class RequestBodyReader extends ChannelInboundHandlerAdapter {
  /** Exactly what Netty's aggregator wrote for these (through its response encoder). */
  private static final byte[] CONTINUE = "HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] EXPECTATION_FAILED =
      "HTTP/1.1 417 Expectation Failed\r\ncontent-length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] NO_BODY = new byte[0];

  private final int maxBodyBytes;
  /** The request whose body is being read; null between requests and while skipping a body. */
  private HttpRequest head;
  private byte[] body;
  private int filled;

  RequestBodyReader(int maxBodyBytes) {
    this.maxBodyBytes = maxBodyBytes;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    try {
      if (msg instanceof HttpRequest request) {
        start(ctx, request);
      }
      if (msg instanceof HttpContent content) {
        read(ctx, content);
      }
    } finally {
      ReferenceCountUtil.release(msg);
    }
  }

  private void start(ChannelHandlerContext ctx, HttpRequest request) {
    head = null;
    // In the aggregator's order: expectations, then the announced size, then a failed decode.
    long announced = announcedLength(request);
    String expect = expectation(request);
    if (expect != null && !HttpHeaderValues.CONTINUE.contentEqualsIgnoreCase(expect)) {
      ctx.writeAndFlush(Unpooled.wrappedBuffer(EXPECTATION_FAILED), ctx.voidPromise());
      expectationFailed(ctx);
      return;
    }
    if (expect != null) { // 100-continue
      if (announced > maxBodyBytes) {
        // Refused before the client sends the body it announced; then the connection closes.
        expectationFailed(ctx);
        ctx.fireChannelRead(new ReceivedRequest(request, NO_BODY, false, tooLarge()));
        return;
      }
      ctx.writeAndFlush(Unpooled.wrappedBuffer(CONTINUE), ctx.voidPromise());
    } else if (announced > maxBodyBytes) {
      // Refused from its headers; the body that follows is skipped and the connection kept.
      ctx.fireChannelRead(new ReceivedRequest(request, NO_BODY, HttpUtil.isKeepAlive(request), tooLarge()));
      return;
    }
    if (request.decoderResult().isFailure()) {
      // Netty's decoder skips the rest of the connection's input after this.
      ctx.fireChannelRead(new ReceivedRequest(request, NO_BODY, false, malformed(request.decoderResult().cause())));
      return;
    }
    head = request;
    // Unknown (chunked): start small and grow; never more than the limit either way.
    body = announced < 0 ? new byte[1024] : announced == 0 ? NO_BODY : new byte[(int) announced];
    filled = 0;
  }

  /**
   * As Netty's aggregator did: tells the decoder the announced body will not come, so it reads
   * whatever the client sends next as the next request (RFC 7231 5.1.1: a client that gets a final
   * status instead of 100 does not send the body).
   */
  private static void expectationFailed(ChannelHandlerContext ctx) {
    ctx.pipeline().fireUserEventTriggered(HttpExpectationFailedEvent.INSTANCE);
  }

  /**
   * The (first) {@code Expect} header, or null; always null in HTTP/1.0, which must ignore it
   * (RFC 7231 5.1.1). Netty's {@code HttpUtil} rules in one look-up: an unsupported expectation
   * when this is not 100-continue, 100-continue expected when it is.
   */
  private static String expectation(HttpRequest request) {
    if (request.protocolVersion().compareTo(HttpVersion.HTTP_1_1) < 0) {
      return null;
    }
    return request.headers().get(HttpHeaderNames.EXPECT);
  }

  /** Content-Length, or -1 when there is none (or, in a request Netty failed to decode, it is not a number). */
  private static long announcedLength(HttpRequest request) {
    try {
      return HttpUtil.getContentLength(request, -1L);
    } catch (NumberFormatException e) {
      return -1L;
    }
  }

  private void read(ChannelHandlerContext ctx, HttpContent content) {
    if (head == null) {
      return; // skipping a refused request's body
    }
    if (content.decoderResult().isFailure()) {
      HttpRequest request = head;
      head = null;
      ctx.fireChannelRead(new ReceivedRequest(request, NO_BODY, false, malformed(content.decoderResult().cause())));
      return;
    }
    ByteBuf piece = content.content();
    int length = piece.readableBytes();
    if (length > maxBodyBytes - filled) {
      // Only a chunked body gets here (a Content-Length over the limit was refused at the start):
      // part of it has been read, so the connection cannot be reused.
      HttpRequest request = head;
      head = null;
      ctx.fireChannelRead(new ReceivedRequest(request, NO_BODY, false, tooLarge()));
      return;
    }
    if (filled + length > body.length) {
      // A chunked body (Netty's decoder never hands over more than Content-Length announced).
      body = Arrays.copyOf(body, Math.min(maxBodyBytes, Math.max(filled + length, body.length * 2)));
    }
    piece.readBytes(body, filled, length);
    filled += length;
    if (content instanceof LastHttpContent) {
      HttpRequest request = head;
      head = null;
      byte[] whole = filled == body.length ? body : Arrays.copyOf(body, filled);
      body = null;
      ctx.fireChannelRead(new ReceivedRequest(request, whole, HttpUtil.isKeepAlive(request), null));
    }
  }

  private OtsException tooLarge() {
    return new OtsException(ErrorCode.REQUEST_BODY_TOO_LARGE,
        "Request body is too large: the limit is " + maxBodyBytes + " bytes.");
  }

  private static OtsException malformed(Throwable cause) {
    return OtsException.parameterInvalid("Malformed HTTP request: " + cause.getMessage());
  }
}
