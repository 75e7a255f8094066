package io.tablestoreycsb.mock.transport;

import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.HttpUtil;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import io.tablestoreycsb.mock.protocol.OtsException;

/**
 * Aggregates request bodies up to the limit. A larger request (known from Content-Length before
 * the body is read, or found while aggregating a chunked one) is answered OTSRequestBodyTooLarge
 * (413) as a signed service error; its body is discarded unread.
 */
final class ServiceErrorAggregator extends HttpObjectAggregator {
  private final RequestHandler handler;
  private final int maxBodyBytes;

  ServiceErrorAggregator(int maxBodyBytes, RequestHandler handler) {
    super(maxBodyBytes);
    this.handler = handler;
    this.maxBodyBytes = maxBodyBytes;
  }

  /**
   * A client that sends {@code Expect: 100-continue} (curl does for large bodies) learns of the
   * refusal before sending the body, in the same signed service form.
   */
  @Override
  protected Object newContinueResponse(HttpMessage start, int maxContentLength, ChannelPipeline pipeline) {
    Object response = super.newContinueResponse(start, maxContentLength, pipeline);
    if (response instanceof HttpResponse && ((HttpResponse) response).status().code() == 413 && start instanceof HttpRequest) {
      io.netty.util.ReferenceCountUtil.release(response);
      return OtsHttpHandler.toResponse(tooLarge((HttpRequest) start), false);
    }
    return response;
  }

  @Override
  protected boolean closeAfterContinueResponse(Object msg) {
    return super.closeAfterContinueResponse(msg)
        || msg instanceof HttpResponse && ((HttpResponse) msg).status().code() == 413;
  }

  private HttpReply tooLarge(HttpRequest request) {
    return handler.error(OtsHttpHandler.pathOf(request.uri()), new OtsException(ErrorCode.REQUEST_BODY_TOO_LARGE,
        "Request body is too large: the limit is " + maxBodyBytes + " bytes."));
  }

  @Override
  protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) throws Exception {
    if (!(oversized instanceof HttpRequest)) {
      super.handleOversizedMessage(ctx, oversized);
      return;
    }
    HttpRequest request = (HttpRequest) oversized;
    HttpReply reply = tooLarge(request);
    // Stay open only when the rest of the body can be skipped cleanly (keep-alive, nothing sent yet).
    boolean keepAlive = HttpUtil.isKeepAlive(request) && !(oversized instanceof io.netty.handler.codec.http.FullHttpMessage);
    OtsHttpHandler.write(ctx, reply, keepAlive);
  }
}
