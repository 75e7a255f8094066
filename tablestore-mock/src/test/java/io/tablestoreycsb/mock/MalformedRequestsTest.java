package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferBuilder;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.aliyun.ots.thirdparty.com.google.protobuf.ByteString;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Requests the SDK would never send, sent raw over HTTP: each is answered with the service's error
 * (status and protobuf Error code) in a signed response, and the endpoint then still serves the SDK.
 */
class MalformedRequestsTest {
  private static final String TABLE = "malformed";

  @RegisterExtension
  static final MockFixture fx = MockFixture.withTables(TableSpec.named(TABLE).key("userid", PrimaryKeyType.STRING));

  @AfterEach
  void theEndpointStillServesTheSdk() {
    RowPutChange change = new RowPutChange(TABLE, key("still-serving"));
    change.addColumn("field0", ColumnValue.fromString("ok"));
    assertThat(fx.client().putRow(new PutRowRequest(change)).getConsumedCapacity().getCapacityUnit().getWriteCapacityUnit()).isEqualTo(1);
  }

  @Test
  void randomBytesAreOtsParameterInvalid() {
    byte[] garbage = new byte[512];
    new Random(1).nextBytes(garbage);

    RawOtsHttp.Answer answer = fx.raw().post("PutRow", garbage);

    assertServiceError(answer, "PutRow", 400, "OTSParameterInvalid");
  }

  @Test
  void aTruncatedProtobufIsOtsParameterInvalid() throws Exception {
    byte[] valid = putRowRequest(PlainBufferBuilder.buildRowPutChangeWithHeader(change("truncated"))).toByteArray();

    RawOtsHttp.Answer answer = fx.raw().post("PutRow", Arrays.copyOf(valid, valid.length - 7));

    assertServiceError(answer, "PutRow", 400, "OTSParameterInvalid");
  }

  @Test
  void aPlainBufferRowWithABadChecksumIsOtsParameterInvalid() throws Exception {
    byte[] row = PlainBufferBuilder.buildRowPutChangeWithHeader(change("bad-checksum"));
    row[row.length - 1] ^= 0x5a; // the row checksum is the last byte

    RawOtsHttp.Answer answer = fx.raw().post("PutRow", putRowRequest(row).toByteArray());

    assertServiceError(answer, "PutRow", 400, "OTSParameterInvalid");
    assertThat(answer.error().getMessage()).containsIgnoringCase("checksum");
  }

  @Test
  void aBodyOverTheLimitIsOtsRequestBodyTooLarge() {
    RawOtsHttp.Answer answer = fx.raw().post("PutRow", new byte[6 * 1024 * 1024]);

    assertServiceError(answer, "PutRow", 413, "OTSRequestBodyTooLarge");
  }

  @Test
  void anUnknownActionIsOtsUnsupportOperation() {
    RawOtsHttp.Answer answer = fx.raw().post("DropEverything", new byte[0]);

    assertServiceError(answer, "DropEverything", 400, "OTSUnsupportOperation");
    assertThat(answer.error().getMessage()).contains("DropEverything");
  }

  @Test
  void aGetRequestIsOtsMethodNotAllowed() {
    RawOtsHttp.Answer answer = fx.raw().send("GET", "ListTable", new byte[0], fx.raw().signedHeaders("ListTable", new byte[0],
        RawOtsHttp.SDK_DATE.format(java.time.Instant.now())));

    assertServiceError(answer, "ListTable", 405, "OTSMethodNotAllowed");
  }

  @Test
  void partitionsThatDoNotStartAtInfMinAreOtsParameterInvalid() {
    OtsInternalApi.CreateTableRequest request = OtsInternalApi.CreateTableRequest.newBuilder()
        .setTableMeta(OtsInternalApi.TableMeta.newBuilder().setTableName("gappy")
            .addPrimaryKey(OtsInternalApi.PrimaryKeySchema.newBuilder().setName("userid").setType(OtsInternalApi.PrimaryKeyType.STRING)))
        .setReservedThroughput(OtsInternalApi.ReservedThroughput.newBuilder()
            .setCapacityUnit(OtsInternalApi.CapacityUnit.newBuilder().setRead(0).setWrite(0)))
        .addPartitions(OtsInternalApi.PartitionRange.newBuilder()
            .setBegin(ByteString.copyFrom(bareString("a"))).setEnd(ByteString.copyFrom(new byte[] {0x0a})))
        .build();

    RawOtsHttp.Answer answer = fx.raw().post("CreateTable", request.toByteArray());

    assertServiceError(answer, "CreateTable", 400, "OTSParameterInvalid");
    assertThat(answer.error().getMessage()).contains("INF_MIN");
  }

  @Test
  void anAutoIncrementPrimaryKeyIsRefusedClearly() {
    RowPutChange change = new RowPutChange(TABLE, PrimaryKeyBuilder.createPrimaryKeyBuilder()
        .addPrimaryKeyColumn("userid", PrimaryKeyValue.AUTO_INCREMENT).build());
    change.addColumn("field0", ColumnValue.fromString("v"));

    assertThatThrownBy(() -> fx.client().putRow(new PutRowRequest(change)))
        .isInstanceOfSatisfying(TableStoreException.class, e -> {
          assertThat(e.getErrorCode()).isEqualTo("OTSParameterInvalid");
          assertThat(e.getMessage()).contains("auto-increment");
        });
  }

  @Test
  void aKeepAliveConnectionServesManyRequests() {
    for (int i = 0; i < 20; i++) {
      assertThat(fx.raw().post("ListTable", new byte[0]).status()).isEqualTo(200);
    }
  }

  /** Every answer carries the service's signed headers, so any SDK can read the error code. */
  private static void assertServiceError(RawOtsHttp.Answer answer, String action, int status, String code) {
    assertThat(answer.status()).isEqualTo(status);
    assertThat(answer.error().getCode()).isEqualTo(code);
    assertThat(answer.error().getMessage()).isNotBlank();
    assertThat(answer.header("x-ots-requestid")).isNotBlank();
    assertThat(answer.header("x-ots-date")).isNotBlank();
    assertThat(answer.header("x-ots-contenttype")).isEqualTo("protocol buffer");
    assertThat(answer.header("x-ots-contentmd5")).isEqualTo(RawOtsHttp.md5(answer.body()));
    assertThat(answer.header("authorization"))
        .isEqualTo("OTS " + fx.mock().accessKeyId() + ":" + fx.raw().expectedResponseSignature(action, answer.headers()));
  }

  private static byte[] bareString(String s) {
    byte[] bytes = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    java.nio.ByteBuffer b = java.nio.ByteBuffer.allocate(5 + bytes.length).order(java.nio.ByteOrder.LITTLE_ENDIAN);
    b.put((byte) 0x3).putInt(bytes.length).put(bytes);
    return b.array();
  }

  private static OtsInternalApi.PutRowRequest putRowRequest(byte[] row) {
    return OtsInternalApi.PutRowRequest.newBuilder().setTableName(TABLE).setRow(ByteString.copyFrom(row))
        .setCondition(OtsInternalApi.Condition.newBuilder().setRowExistence(OtsInternalApi.RowExistenceExpectation.IGNORE))
        .build();
  }

  private static RowPutChange change(String userid) {
    RowPutChange change = new RowPutChange(TABLE, key(userid));
    change.addColumn("field0", ColumnValue.fromString("value"));
    return change;
  }

  private static PrimaryKey key(String userid) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("userid", PrimaryKeyValue.fromString(userid)).build();
  }
}
