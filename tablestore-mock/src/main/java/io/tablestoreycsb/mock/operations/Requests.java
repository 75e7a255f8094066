package io.tablestoreycsb.mock.operations;

import com.aliyun.ots.thirdparty.com.google.protobuf.CodedInputStream;
import com.aliyun.ots.thirdparty.com.google.protobuf.InvalidProtocolBufferException;
import com.aliyun.ots.thirdparty.com.google.protobuf.MessageLite;
import com.aliyun.ots.thirdparty.com.google.protobuf.Parser;
import io.tablestoreycsb.mock.protocol.OtsException;
import java.io.IOException;

/** Parsing protobuf request bodies, turning every malformed body into OTSParameterInvalid. */
public final class Requests {
  private Requests() {}

  /**
   * {@code body} parsed as {@code parser}'s message. Its {@code bytes} fields (the PlainBuffer rows,
   * a request's largest part) are views of {@code body}, not copies: the transport hands every
   * request a body array of its own, which nothing changes afterwards. A body that does not parse
   * that way is parsed again the ordinary way, so a malformed one fails exactly as protobuf's
   * {@code parseFrom(byte[])} fails it.
   */
  static <T extends MessageLite> T parse(byte[] body, Parser<T> parser, String message) {
    T aliased = parseAliased(body, parser);
    if (aliased != null) {
      return aliased;
    }
    try {
      return parser.parseFrom(body);
    } catch (InvalidProtocolBufferException e) {
      throw OtsException.parameterInvalid("Failed to parse the request body as " + message + ": " + e.getMessage());
    } catch (RuntimeException e) {
      throw OtsException.parameterInvalid("Failed to parse the request body as " + message + ".");
    }
  }

  /** The message, bytes fields aliasing {@code body}; null when it is not a well-formed, complete one. */
  private static <T extends MessageLite> T parseAliased(byte[] body, Parser<T> parser) {
    try {
      CodedInputStream in = CodedInputStream.newInstance(body);
      in.enableAliasing(true);
      T parsed = parser.parsePartialFrom(in);
      in.checkLastTagWas(0); // as parseFrom(byte[]): the body ends where the message does
      return parsed.isInitialized() ? parsed : null;
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
