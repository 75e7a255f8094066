package io.tablestoreycsb.mock.transport;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufUtil;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.tablestoreycsb.mock.protocol.OtsHeaders;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * Writes an {@link HttpReply} as the bytes of an HTTP/1.1 response, in one buffer: status line,
 * the reply's headers in their map's order, {@code Content-Length}, {@code Connection}, a blank
 * line and the body. This is what Netty's {@code HttpResponseEncoder} wrote for the same reply
 * (the same status lines and reason phrases, {@code name: value} lines, names in the reply's
 * spelling, values as Netty's ASCII writer writes them), without copying the headers into Netty's
 * header object first: that copy and the encoder's walk over it were ~5% of the mock's CPU.
 *
 * <p>Invariants: the reply's header names and values are the mock's own (the signer's), so they
 * are not validated; a reply never carries {@code Content-Length}, {@code Connection} or
 * {@code Transfer-Encoding} itself (this class adds the first two); the status line, the names
 * the signer uses and the fixed lines are encoded once, per-reply values spliced in between.
 */
final class ReplyEncoder {
  private static final byte[] CONTENT_LENGTH = "Content-Length: ".getBytes(StandardCharsets.US_ASCII);
  // Spelt as the service (an HTTP/1.1 front end) writes them; like the service, no Content-Type:
  // the body's type is in x-ots-contenttype.
  private static final byte[] KEEP_ALIVE_END = "\r\nConnection: keep-alive\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
  private static final byte[] CLOSE_END = "\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
  private static final int FIRST_STATUS = 100;
  /** "HTTP/1.1 200 OK\r\n" and so on, with Netty's reason phrases, for every status 100 to 599. */
  private static final byte[][] STATUS_LINES = new byte[600 - FIRST_STATUS][];
  /** "name: " of the headers every reply carries (see ResponseSigner); other names are encoded as they come. */
  private static final Map<String, byte[]> NAME_PREFIXES = Map.of(
      OtsHeaders.CONTENT_MD5, namePrefix(OtsHeaders.CONTENT_MD5),
      OtsHeaders.CONTENT_TYPE, namePrefix(OtsHeaders.CONTENT_TYPE),
      OtsHeaders.DATE, namePrefix(OtsHeaders.DATE),
      OtsHeaders.REQUEST_ID, namePrefix(OtsHeaders.REQUEST_ID),
      OtsHeaders.AUTHORIZATION, namePrefix(OtsHeaders.AUTHORIZATION),
      OtsHeaders.HTTP_DATE, namePrefix(OtsHeaders.HTTP_DATE));

  static {
    for (int code = FIRST_STATUS; code < 600; code++) {
      STATUS_LINES[code - FIRST_STATUS] = ("HTTP/1.1 " + code + " " + HttpResponseStatus.valueOf(code).reasonPhrase() + "\r\n")
          .getBytes(StandardCharsets.US_ASCII);
    }
  }

  private ReplyEncoder() {}

  /**
   * The response's bytes.
   *
   * @param keepAlive whether the connection stays open ({@code Connection: keep-alive}) or closes
   *     after this response ({@code Connection: close})
   * @param headOnly the answer to a HEAD request: the same head, {@code Content-Length} included,
   *     and no body
   */
  static ByteBuf encode(ByteBufAllocator alloc, HttpReply reply, boolean keepAlive, boolean headOnly) {
    byte[] body = reply.body();
    byte[] statusLine = statusLine(reply.status());
    ByteBuf out = alloc.buffer(statusLine.length + 320 + (headOnly ? 0 : body.length));
    out.writeBytes(statusLine);
    for (Map.Entry<String, String> header : reply.headers().entrySet()) {
      byte[] prefix = NAME_PREFIXES.get(header.getKey());
      if (prefix != null) {
        out.writeBytes(prefix);
      } else {
        ByteBufUtil.writeAscii(out, header.getKey());
        out.writeByte(':').writeByte(' ');
      }
      // As Netty's header encoder writes values: one byte per char, '?' beyond U+00FF.
      ByteBufUtil.writeAscii(out, header.getValue());
      out.writeByte('\r').writeByte('\n');
    }
    out.writeBytes(CONTENT_LENGTH);
    ByteBufUtil.writeAscii(out, Integer.toString(body.length));
    out.writeBytes(keepAlive ? KEEP_ALIVE_END : CLOSE_END);
    if (!headOnly) {
      out.writeBytes(body);
    }
    return out;
  }

  private static byte[] statusLine(int status) {
    if (status >= FIRST_STATUS && status < 600) {
      return STATUS_LINES[status - FIRST_STATUS];
    }
    throw new IllegalArgumentException("not an HTTP status: " + status);
  }

  private static byte[] namePrefix(String name) {
    return (name + ": ").getBytes(StandardCharsets.US_ASCII);
  }
}
