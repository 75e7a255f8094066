package io.tablestoreycsb.bench;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferConsts;
import com.aliyun.ots.thirdparty.com.google.protobuf.InvalidProtocolBufferException;
import com.aliyun.ots.thirdparty.com.google.protobuf.Parser;
import io.tablestoreycsb.mock.protocol.Credentials;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.protocol.PlainBufferCodec;
import io.tablestoreycsb.mock.protocol.PlainBufferReader;
import io.tablestoreycsb.mock.protocol.PlainBufferWriter;
import io.tablestoreycsb.mock.protocol.RequestAuthenticator;
import io.tablestoreycsb.mock.protocol.ResponseSigner;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Map;

/**
 * The protocol work any faithful Tablestore server does for one GetRow or PutRow of the mock's CPU
 * comparisons, with the mock's own protocol classes and nothing else (no storage, journal,
 * capacity or request pipeline): the request check (required headers, date, Content-MD5 of the
 * body, HMAC-SHA1 signature), the protobuf request, its PlainBuffer (primary key or row change)
 * read with every CRC-8 checked, for GetRow one paper row written as PlainBuffer with its CRC-8s,
 * the protobuf response, and the response's Content-MD5 and HMAC-SHA1 signature. What
 * {@code ProtocolFloorBench} measures alone and the protocol floor ({@link FloorServer}
 * {@code --protocol true}) does per request.
 *
 * <p>Every GetRow answers the same paper row (its five values chosen at construction) under the
 * requested key; a request that fails the check, or whose body or row does not decode, throws the
 * service's error ({@link OtsException}), as the mock would answer it.
 */
public final class ProtocolWork {
  private final RequestAuthenticator authenticator;
  private final ResponseSigner signer;
  private final byte[] keyName = PaperRows.KEY_COLUMN.getBytes(StandardCharsets.UTF_8);
  private final byte[][] fieldNames = new byte[PaperRows.FIELDS][];
  private final byte[][] values = new byte[PaperRows.FIELDS][];
  /** The cells' timestamp: one fixed time, as a stored row's would be. */
  private final long timestamp;
  private final OtsInternalApi.ConsumedCapacity readOne = consumed(1, 0);
  private final OtsInternalApi.ConsumedCapacity writeOne = consumed(0, 1);

  /** @param clock what the request's date is checked against and the response's dated */
  public ProtocolWork(Credentials credentials, Clock clock, long timestamp) {
    this.authenticator = new RequestAuthenticator(credentials, clock);
    this.signer = new ResponseSigner(credentials, clock);
    this.timestamp = timestamp;
    for (int f = 0; f < PaperRows.FIELDS; f++) {
      fieldNames[f] = PaperRows.fieldName(f).getBytes(StandardCharsets.UTF_8);
      values[f] = PaperRows.randomValue().getBytes(StandardCharsets.UTF_8);
    }
  }

  /**
   * The mock's request check; returns the key the response is signed with.
   *
   * @param lowerCaseHeaders the request's headers as the mock's transport hands them over
   */
  public String authenticate(String action, Map<String, String> lowerCaseHeaders, byte[] body) {
    return authenticator.authenticate(action, lowerCaseHeaders, body);
  }

  /** A GetRow's response body: the request and its key decoded, the paper row under that key encoded. */
  public byte[] getRow(byte[] body) {
    OtsInternalApi.GetRowRequest request = parse(OtsInternalApi.GetRowRequest.parser(), body, "GetRowRequest");
    PlainBufferReader.Row primaryKey = PlainBufferCodec.decodeOneRow(request.getPrimaryKey(), "primary_key");
    if (primaryKey.primaryKey.isEmpty()) {
      throw OtsException.parameterInvalid("The primary_key has no primary key column.");
    }
    PlainBufferReader.Cell keyCell = primaryKey.primaryKey.get(0);
    PlainBufferWriter writer = new PlainBufferWriter(64 + keyCell.valueLength + PaperRows.FIELDS * (48 + PaperRows.FIELD_LENGTH));
    writer.header();
    writer.startRow();
    writer.primaryKeyBytes(keyName, false, keyCell.valueBytes());
    writer.startData();
    for (int f = 0; f < PaperRows.FIELDS; f++) {
      writer.attribute(fieldNames[f], 0, fieldNames[f].length, PlainBufferConsts.VT_STRING, values[f], 0, values[f].length,
          timestamp);
    }
    writer.endRow();
    return OtsInternalApi.GetRowResponse.newBuilder().setConsumed(readOne).setRow(writer.toByteString()).build()
        .toByteArray();
  }

  /** The row change of a PutRow, decoded with its checksums verified. */
  public PlainBufferReader.Row putRowChange(byte[] body) {
    OtsInternalApi.PutRowRequest request = parse(OtsInternalApi.PutRowRequest.parser(), body, "PutRowRequest");
    return PlainBufferCodec.decodeOneRow(request.getRow(), "row");
  }

  /** A PutRow's response body (its consumed capacity), encoded. */
  public byte[] putRowResponse() {
    return OtsInternalApi.PutRowResponse.newBuilder().setConsumed(writeOne).build().toByteArray();
  }

  /** The response's headers as the mock signs them; {@code signingKey} null before the check passed. */
  public Map<String, String> sign(String action, String requestId, byte[] response, String signingKey) {
    return signer.headersFor(action, requestId, response, signingKey);
  }

  /** A malformed body is the service's OTSParameterInvalid, as the mock answers it. */
  private static <T> T parse(Parser<T> parser, byte[] body, String message) {
    try {
      return parser.parseFrom(body);
    } catch (InvalidProtocolBufferException e) {
      throw OtsException.parameterInvalid("Failed to parse the request body as " + message + ": " + e.getMessage());
    }
  }

  private static OtsInternalApi.ConsumedCapacity consumed(int read, int write) {
    return OtsInternalApi.ConsumedCapacity.newBuilder()
        .setCapacityUnit(OtsInternalApi.CapacityUnit.newBuilder().setRead(read).setWrite(write)).build();
  }
}
