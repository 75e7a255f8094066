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
import io.tablestoreycsb.mock.faults.Durations;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import io.tablestoreycsb.mock.protocol.OtsException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads each request's body, as Netty's decoder hands it over in pieces, straight into one
 * {@code byte[]} that grows with the bytes received (doubling, up to {@code Content-Length} when
 * the request has one, so a whole body ends in an array of exactly its size). Netty's
 * {@code HttpObjectAggregator} gathered the pieces in a composite buffer that the handler then
 * copied out again: ~4% of the mock's CPU. The array is never sized from {@code Content-Length}
 * alone: a client that announces 5 MB and sends 10 bytes holds 64 KB at most, and what all bodies
 * hold is reserved from {@link BodyMemory}, shared by all connections.
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
 *       connection closes after the answer;
 *   <li>a body that would take the bodies held over {@link BodyMemory}'s cap: OTSServerBusy (503,
 *       which the SDKs retry), and the connection closed, since part of the body was read;
 *   <li>a request whose deadline ({@link RequestReadDeadline}) passes before it has arrived:
 *       OTSTimeout (503) when its headers had come, and the connection closed either way.
 * </ul>
 * Everything else goes on to the next handler as a {@link ReceivedRequest}, one per request, in
 * the order they arrived (pipelined requests included). Each connection it closes is logged
 * ({@link DroppedConnections}).
 */
final class RequestBodyReader extends ChannelInboundHandlerAdapter {
  /** Exactly what Netty's aggregator wrote for these (through its response encoder). */
  private static final byte[] CONTINUE = "HTTP/1.1 100 Continue\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] EXPECTATION_FAILED =
      "HTTP/1.1 417 Expectation Failed\r\ncontent-length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] NO_BODY = new byte[0];
  /** The first array for a body: most SDK requests fit, larger ones double from here. */
  private static final int FIRST_BODY_BYTES = 64 * 1024;
  private static final int FIRST_CHUNKED_BODY_BYTES = 1024;

  private final int maxBodyBytes;
  private final BodyMemory memory;
  private final long timeoutNanos;
  /** The request whose body is being read; null between requests and while skipping a body. */
  private HttpRequest head;
  /** How large the body of {@link #head} is: its Content-Length, or the limit when chunked. */
  private int expectedBytes;
  private byte[] body;
  private int filled;
  /** Reserved from {@link #memory} for {@link #body} (its length), until handed on or dropped. */
  private int reservedBytes;
  /** A refused request's body is being skipped (the connection stays open for the next request). */
  private boolean skipping;
  /** The connection is closing after a refusal: what still arrives is ignored. */
  private boolean closing;

  RequestBodyReader(int maxBodyBytes, BodyMemory memory, long timeoutNanos) {
    this.maxBodyBytes = maxBodyBytes;
    this.memory = memory;
    this.timeoutNanos = timeoutNanos;
  }

  @Override
  public void channelRead(ChannelHandlerContext ctx, Object msg) {
    try {
      if (closing) {
        return;
      }
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
    skipping = false;
    // In the aggregator's order: expectations, then the announced size, then a failed decode.
    long announced = announcedLength(request);
    String expect = expectation(request);
    if (expect != null && !HttpHeaderValues.CONTINUE.contentEqualsIgnoreCase(expect)) {
      ctx.writeAndFlush(Unpooled.wrappedBuffer(EXPECTATION_FAILED), ctx.voidPromise());
      expectationFailed(ctx);
      received(ctx);
      return;
    }
    if (expect != null) { // 100-continue
      if (announced > maxBodyBytes) {
        // Refused before the client sends the body it announced; then the connection closes.
        expectationFailed(ctx);
        refuseAndClose(ctx, request, tooLarge(), "announced a " + announced + "-byte body with Expect: 100-continue,"
            + " over the " + maxBodyBytes + "-byte limit (answered OTSRequestBodyTooLarge)");
        return;
      }
      ctx.writeAndFlush(Unpooled.wrappedBuffer(CONTINUE), ctx.voidPromise());
    } else if (announced > maxBodyBytes) {
      // Refused from its headers; the body that follows is skipped and the connection kept.
      skipping = true;
      ctx.fireChannelRead(new ReceivedRequest(request, NO_BODY, HttpUtil.isKeepAlive(request), tooLarge(), 0));
      return;
    }
    if (request.decoderResult().isFailure()) {
      // Netty's decoder skips the rest of the connection's input after this.
      Throwable cause = request.decoderResult().cause();
      refuseAndClose(ctx, request, malformed(cause), "malformed request: " + cause.getMessage()
          + " (answered OTSParameterInvalid)");
      return;
    }
    // Unknown (chunked): start small and grow; never more than the limit either way.
    expectedBytes = announced < 0 ? maxBodyBytes : (int) announced;
    int first = announced < 0 ? FIRST_CHUNKED_BODY_BYTES : Math.min(expectedBytes, FIRST_BODY_BYTES);
    if (first > 0 && !memory.tryReserve(first)) {
      refuseAndClose(ctx, request, busy(), overCap(0));
      return;
    }
    head = request;
    body = first == 0 ? NO_BODY : new byte[first];
    reservedBytes = first;
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
      if (skipping && content instanceof LastHttpContent) {
        skipping = false; // a refused request's body, skipped to its end
        received(ctx);
      }
      return;
    }
    if (content.decoderResult().isFailure()) {
      Throwable cause = content.decoderResult().cause();
      refuseAndClose(ctx, head, malformed(cause), "malformed request body: " + cause.getMessage()
          + " (answered OTSParameterInvalid)");
      return;
    }
    ByteBuf piece = content.content();
    int length = piece.readableBytes();
    if (length > maxBodyBytes - filled) {
      // Only a chunked body gets here (a Content-Length over the limit was refused at the start):
      // part of it has been read, so the connection cannot be reused.
      refuseAndClose(ctx, head, tooLarge(), "chunked body over the " + maxBodyBytes
          + "-byte limit (answered OTSRequestBodyTooLarge)");
      return;
    }
    if (filled + length > body.length && !grow(filled + length)) {
      refuseAndClose(ctx, head, busy(), overCap(filled));
      return;
    }
    piece.readBytes(body, filled, length);
    filled += length;
    if (content instanceof LastHttpContent) {
      HttpRequest request = head;
      byte[] whole = filled == body.length ? body : Arrays.copyOf(body, filled);
      // The reservation goes on with the body: released once its action has run.
      int held = reservedBytes;
      reservedBytes = 0;
      forgetBody();
      received(ctx);
      ctx.fireChannelRead(new ReceivedRequest(request, whole, HttpUtil.isKeepAlive(request), null, held));
    }
  }

  /**
   * Grows the body's array to hold {@code needed} bytes: doubling (Netty's decoder never hands over
   * more than Content-Length announced), never beyond the expected size; false when the bodies
   * held would go over the cap.
   */
  private boolean grow(int needed) {
    int capacity = Math.min(expectedBytes, Math.max(needed, body.length * 2));
    int more = capacity - body.length;
    if (!memory.tryReserve(more)) {
      return false;
    }
    reservedBytes += more;
    body = Arrays.copyOf(body, capacity);
    return true;
  }

  /** Answers a request with an error and closes the connection after the answer; logs why. */
  private void refuseAndClose(ChannelHandlerContext ctx, HttpRequest request, OtsException refusal, String why) {
    forgetBody();
    closing = true;
    received(ctx);
    DroppedConnections.warn(ctx.channel(), request.method() + " " + OtsHttpHandler.pathOf(request.uri()) + ": " + why);
    ctx.fireChannelRead(new ReceivedRequest(request, NO_BODY, false, refusal, 0));
  }

  /** Tells the deadline that the request has arrived (or will not be read further). */
  private static void received(ChannelHandlerContext ctx) {
    ctx.pipeline().fireUserEventTriggered(RequestReadDeadline.REQUEST_RECEIVED);
  }

  private void forgetBody() {
    head = null;
    body = null;
    memory.release(reservedBytes);
    reservedBytes = 0;
  }

  @Override
  public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
    if (event != RequestReadDeadline.TIMED_OUT) {
      super.userEventTriggered(ctx, event);
      return;
    }
    String limit = Durations.format(timeoutNanos);
    if (head != null) {
      refuseAndClose(ctx, head, new OtsException(ErrorCode.TIMEOUT, "Request not received within " + limit + ": "
          + filled + " of " + describeExpected() + " body bytes arrived."),
          "request not received within " + limit + " (" + filled + " of " + describeExpected()
              + " body bytes arrived; answered OTSTimeout)");
      return;
    }
    // The request line and headers had not all come (or a refused body was still being skipped):
    // nothing to answer.
    closing = true;
    DroppedConnections.warn(ctx.channel(), (skipping ? "the body of a refused request" : "a request's headers")
        + " not received within " + limit);
    ctx.close();
  }

  private String describeExpected() {
    return head != null && HttpUtil.isTransferEncodingChunked(head) ? "a chunked" : String.valueOf(expectedBytes);
  }

  @Override
  public void channelInactive(ChannelHandlerContext ctx) throws Exception {
    forgetBody();
    super.channelInactive(ctx);
  }

  private OtsException tooLarge() {
    return new OtsException(ErrorCode.REQUEST_BODY_TOO_LARGE,
        "Request body is too large: the limit is " + maxBodyBytes + " bytes.");
  }

  private OtsException busy() {
    return new OtsException(ErrorCode.SERVER_BUSY, "Server is busy: request bodies being received hold "
        + memory.heldBytes() + " of at most " + memory.limitBytes() + " bytes.");
  }

  private String overCap(int arrived) {
    return "request bodies would hold more than the " + memory.limitBytes() + "-byte cap (" + arrived + " of "
        + describeExpected() + " body bytes of this one had arrived; answered OTSServerBusy)";
  }

  private static OtsException malformed(Throwable cause) {
    return OtsException.parameterInvalid("Malformed HTTP request: " + cause.getMessage());
  }
}
