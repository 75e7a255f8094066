package io.tablestoreycsb.mock.operations;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.alicloud.openservices.tablestore.core.protocol.OTSProtocolBuilder;
import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.aliyun.ots.thirdparty.com.google.protobuf.InvalidProtocolBufferException;
import io.tablestoreycsb.mock.protocol.OtsException;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Request bodies parsed with their bytes fields as views of the body: the same messages, the same refusals. */
class RequestsTest {
  private static byte[] putRowBody() {
    RowPutChange change = new RowPutChange("usertable",
        PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("userid", PrimaryKeyValue.fromString("0a1b000000000075bcd1")).build());
    for (int f = 0; f < 5; f++) {
      change.addColumn("field" + f, ColumnValue.fromString(("v" + f).repeat(50)));
    }
    return OTSProtocolBuilder.buildPutRowRequest(new PutRowRequest(change)).toByteArray();
  }

  @Test
  void anSdkRequestParsesToTheMessageProtobufParsesItTo() throws Exception {
    byte[] body = putRowBody();

    OtsInternalApi.PutRowRequest parsed = Requests.parse(body, OtsInternalApi.PutRowRequest.parser(), "PutRowRequest");

    assertThat(parsed).isEqualTo(OtsInternalApi.PutRowRequest.parseFrom(body));
    assertThat(parsed.getRow().toByteArray()).isEqualTo(OtsInternalApi.PutRowRequest.parseFrom(body).getRow().toByteArray());
  }

  @Test
  void aTruncatedBodyIsRefusedWithProtobufsOwnReason() {
    byte[] body = putRowBody();
    byte[] truncated = Arrays.copyOf(body, body.length - 7);

    assertThatThrownBy(() -> Requests.parse(truncated, OtsInternalApi.PutRowRequest.parser(), "PutRowRequest"))
        .isInstanceOf(OtsException.class)
        .hasMessage("Failed to parse the request body as PutRowRequest: " + protobufsReason(truncated));
  }

  @Test
  void aBodyMissingRequiredFieldsIsRefusedNamingThem() {
    byte[] body = OtsInternalApi.GetRowRequest.newBuilder().setTableName("usertable").buildPartial().toByteArray();

    assertThatThrownBy(() -> Requests.parse(body, OtsInternalApi.GetRowRequest.parser(), "GetRowRequest"))
        .isInstanceOf(OtsException.class)
        .hasMessageContaining("primary_key")
        .hasMessage("Failed to parse the request body as GetRowRequest: " + getRowReason(body));
  }

  @Test
  void aBodyEndingInAnEndGroupTagIsRefusedAsProtobufRefusesIt() {
    byte[] body = putRowBody();
    byte[] withEndGroup = Arrays.copyOf(body, body.length + 1);
    withEndGroup[body.length] = 0x0c; // field 1, wire type 4 (end group): parsing stops there, the body goes on

    assertThatThrownBy(() -> Requests.parse(withEndGroup, OtsInternalApi.PutRowRequest.parser(), "PutRowRequest"))
        .isInstanceOf(OtsException.class)
        .hasMessage("Failed to parse the request body as PutRowRequest: " + protobufsReason(withEndGroup));
  }

  private static String protobufsReason(byte[] body) {
    try {
      OtsInternalApi.PutRowRequest.parseFrom(body);
      throw new AssertionError("protobuf accepted the body");
    } catch (InvalidProtocolBufferException e) {
      return e.getMessage();
    }
  }

  private static String getRowReason(byte[] body) {
    try {
      OtsInternalApi.GetRowRequest.parseFrom(body);
      throw new AssertionError("protobuf accepted the body");
    } catch (InvalidProtocolBufferException e) {
      return e.getMessage();
    }
  }
}
