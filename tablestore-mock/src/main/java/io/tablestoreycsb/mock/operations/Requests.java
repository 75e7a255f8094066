package io.tablestoreycsb.mock.operations;

import com.aliyun.ots.thirdparty.com.google.protobuf.InvalidProtocolBufferException;
import io.tablestoreycsb.mock.protocol.OtsException;

/** Parsing protobuf request bodies, turning every malformed body into OTSParameterInvalid. */
public final class Requests {
  /** A protobuf message's {@code parseFrom(byte[])}. */
  public interface Parser<T> {
    T parse(byte[] body) throws InvalidProtocolBufferException;
  }

  private Requests() {}

  static <T> T parse(byte[] body, Parser<T> parser, String message) {
    try {
      return parser.parse(body);
    } catch (InvalidProtocolBufferException e) {
      throw OtsException.parameterInvalid("Failed to parse the request body as " + message + ": " + e.getMessage());
    } catch (RuntimeException e) {
      throw OtsException.parameterInvalid("Failed to parse the request body as " + message + ".");
    }
  }
}
