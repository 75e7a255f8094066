package io.tablestoreycsb.mock.tunnel;

import com.alicloud.openservices.tablestore.core.protocol.TunnelServiceApi;
import com.aliyun.ots.thirdparty.com.google.protobuf.InvalidProtocolBufferException;
import io.tablestoreycsb.mock.protocol.OtsException;
import java.util.Base64;

/**
 * Stream channel positions as the tokens clients hold: Base64 of {@code Token{version 2,
 * TokenContentV2{iterator "<partition>:<sequence>", timestamp}}}. The Java TunnelWorker decodes
 * the token it is given ({@code tunnel.pipeline.Utils.isStreamToken}): a token with a non-empty
 * iterator marks a stream channel, which turns on its back-off while {@code may_more_record} is
 * false, so a caught-up client does not poll in a hot loop.
 */
final class StreamTokens {
  /** The token that ends a channel (the SDK's {@code ResponseFactory.FINISH_TAG}). */
  static final String FINISHED = "finished";
  private static final int VERSION = 2;

  /** A decoded position: the next record of {@code partition}'s change log to hand out. */
  record Position(int partition, long sequence) {}

  private StreamTokens() {}

  static String encode(int partition, long sequence, long timestampMillis) {
    TunnelServiceApi.TokenContentV2 content = TunnelServiceApi.TokenContentV2.newBuilder()
        .setIterator(partition + ":" + sequence)
        .setTimestamp(timestampMillis)
        .build();
    TunnelServiceApi.Token token = TunnelServiceApi.Token.newBuilder()
        .setVersion(VERSION)
        .setContent(content.toByteString())
        .build();
    return Base64.getEncoder().encodeToString(token.toByteArray());
  }

  /**
   * A BaseData channel's position: the last row handed out (its encoded key; empty before the
   * first). No iterator, so the client does not treat the channel as a stream.
   */
  static String encodeBase(byte[] lastKey) {
    TunnelServiceApi.TokenContentV2 content = TunnelServiceApi.TokenContentV2.newBuilder()
        .setPrimaryKey(com.aliyun.ots.thirdparty.com.google.protobuf.ByteString.copyFrom(lastKey))
        .build();
    return Base64.getEncoder().encodeToString(TunnelServiceApi.Token.newBuilder()
        .setVersion(VERSION).setContent(content.toByteString()).build().toByteArray());
  }

  /** The last key a BaseData token names (empty: none yet). */
  static byte[] decodeBase(String token, String field) {
    TunnelServiceApi.TokenContentV2 content = content(token, field);
    if (!content.getIterator().isEmpty()) {
      throw invalid(field, token);
    }
    return content.getPrimaryKey().toByteArray();
  }

  private static TunnelServiceApi.TokenContentV2 content(String token, String field) {
    try {
      TunnelServiceApi.Token parsed = TunnelServiceApi.Token.parseFrom(Base64.getDecoder().decode(token));
      if (parsed.getVersion() != VERSION) {
        throw invalid(field, token);
      }
      return TunnelServiceApi.TokenContentV2.parseFrom(parsed.getContent());
    } catch (IllegalArgumentException | InvalidProtocolBufferException e) {
      throw invalid(field, token);
    }
  }

  /** The position a token names; OTSParameterInvalid (naming the field) when it is not one of ours. */
  static Position decode(String token, String field) {
    try {
      String iterator = content(token, field).getIterator();
      int colon = iterator.indexOf(':');
      if (colon <= 0) {
        throw invalid(field, token);
      }
      return new Position(Integer.parseInt(iterator.substring(0, colon)), Long.parseLong(iterator.substring(colon + 1)));
    } catch (IllegalArgumentException e) {
      throw invalid(field, token);
    }
  }

  private static OtsException invalid(String field, String token) {
    String shown = token.length() > 64 ? token.substring(0, 64) + "..." : token;
    return OtsException.parameterInvalid("Invalid " + field + ": '" + shown + "' is not a stream token of this tunnel.");
  }
}
