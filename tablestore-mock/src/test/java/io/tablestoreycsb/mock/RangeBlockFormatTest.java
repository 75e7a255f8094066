package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferCodedInputStream;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferConversion;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferInputStream;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferRow;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferBuilder;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.Row;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.SimpleRowMatrixBlockParser;
import com.aliyun.ots.thirdparty.com.google.protobuf.ByteString;
import com.aliyun.ots.thirdparty.com.google.protobuf.UnknownFieldSet;
import io.tablestoreycsb.mock.fixtures.TableSpec;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * GetRange's {@code data_block_type_hint} (the Go SDK sends it on every GetRange; the Java SDK's
 * protobuf classes lack the field, so it is set here as the unknown field it is to them): a
 * DBT_SIMPLE_ROW_MATRIX page holds the same rows as the PlainBuffer one, in the layout the Java
 * SDK's own {@link SimpleRowMatrixBlockParser} reads; what cannot be served that way is refused.
 * Also the read-time pair the service refuses: {@code max_versions} with a specific timestamp.
 */
class RangeBlockFormatTest {
  private static final int DATA_BLOCK_TYPE_HINT = 15;
  private static final int COMPRESS_TYPE_HINT = 17;
  private static final int RESPONSE_DATA_BLOCK_TYPE = 5;
  private static final long ANY_TIME = 1000;

  @RegisterExtension
  static final MockFixture fx = MockFixture.withTables(TableSpec.named("m")
      .key("k", PrimaryKeyType.STRING).key("n", PrimaryKeyType.INTEGER).key("b", PrimaryKeyType.BINARY).maxVersions(3));

  @BeforeAll
  static void putRowsOfEveryColumnType() {
    long anHourAgo = System.currentTimeMillis() - 3_600_000;
    for (int i = 0; i < 20; i++) {
      RowPutChange put = new RowPutChange("m", key("row" + (100 + i), i));
      put.addColumn("s", ColumnValue.fromString("text-" + i + "-\u00e9"));
      if (i % 2 == 0) {
        put.addColumn("i", ColumnValue.fromLong(-i * 1_000_000_007L));
      }
      if (i % 3 == 0) {
        put.addColumn("d", ColumnValue.fromDouble(i / 7.0));
        put.addColumn("z", ColumnValue.fromBinary(new byte[] {(byte) i, 0, (byte) 0xff}));
      }
      put.addColumn("t", ColumnValue.fromBoolean(i % 4 == 0));
      fx.client().putRow(new PutRowRequest(put));
      // an older version the matrix must not show
      RowPutChange older = new RowPutChange("m", key("row" + (100 + i), i));
      older.addColumn("s", ColumnValue.fromString("old"), anHourAgo);
      fx.client().putRow(new PutRowRequest(older));
    }
  }

  @Test
  void aSimpleRowMatrixPageHoldsTheRowsOfThePlainBufferPageInTheLayoutTheSdkParses() throws Exception {
    OtsInternalApi.GetRangeResponse plain = OtsInternalApi.GetRangeResponse.parseFrom(
        ok(fx.raw().post("GetRange", range(1, null, null).toByteArray())));
    OtsInternalApi.GetRangeResponse matrix = OtsInternalApi.GetRangeResponse.parseFrom(
        ok(fx.raw().post("GetRange", range(1, 1L, null).toByteArray())));

    assertThat(matrix.getUnknownFields().getField(RESPONSE_DATA_BLOCK_TYPE).getVarintList())
        .as("data_block_type DBT_SIMPLE_ROW_MATRIX").containsExactly(1L);
    SimpleRowMatrixBlockParser parser = new SimpleRowMatrixBlockParser(ByteBuffer.wrap(matrix.getRows().toByteArray()));
    assertThat(parser.hasEntirePrimaryKeys()).isTrue();
    List<Row> fromMatrix = parser.getRows();
    List<Row> fromPlainBuffer = plainBufferRows(plain.getRows());
    assertThat(fromMatrix).hasSize(20);
    for (int r = 0; r < fromMatrix.size(); r++) {
      Row m = fromMatrix.get(r);
      Row p = fromPlainBuffer.get(r);
      assertThat(m.getPrimaryKey()).isEqualTo(p.getPrimaryKey());
      assertThat(m.getColumns()).hasSameSizeAs(p.getColumns());
      for (int c = 0; c < m.getColumns().length; c++) {
        assertThat(m.getColumns()[c].getName()).isEqualTo(p.getColumns()[c].getName());
        assertThat(m.getColumns()[c].getValue()).isEqualTo(p.getColumns()[c].getValue());
      }
    }
  }

  @Test
  void aMatrixOfSeveralVersionsACompressedPageAndAnUnknownBlockTypeAreRefused() {
    RawOtsHttp.Answer twoVersions = fx.raw().post("GetRange", range(2, 1L, null).toByteArray());
    assertThat(twoVersions.status()).isEqualTo(400);
    assertThat(twoVersions.error().getMessage()).contains("max_versions must be 1");

    RawOtsHttp.Answer compressed = fx.raw().post("GetRange", range(1, 0L, 1L).toByteArray());
    assertThat(compressed.status()).isEqualTo(400);
    assertThat(compressed.error().getMessage()).contains("compress_type_hint");

    RawOtsHttp.Answer unknown = fx.raw().post("GetRange", range(1, 7L, null).toByteArray());
    assertThat(unknown.status()).isEqualTo(400);
    assertThat(unknown.error().getMessage()).contains("data_block_type_hint 7");
  }

  @Test
  void maxVersionsWithASpecificTimeIsRefusedAndWithATimeRangeAccepted() {
    OtsInternalApi.GetRowRequest.Builder get = OtsInternalApi.GetRowRequest.newBuilder().setTableName("m")
        .setPrimaryKey(primaryKeyBytes(key("row100", 0))).setMaxVersions(1)
        .setTimeRange(OtsInternalApi.TimeRange.newBuilder().setSpecificTime(ANY_TIME));
    RawOtsHttp.Answer specific = fx.raw().post("GetRow", get.build().toByteArray());
    assertThat(specific.status()).isEqualTo(400);
    assertThat(specific.error().getCode()).isEqualTo("OTSParameterInvalid");
    assertThat(specific.error().getMessage()).contains("max_versions", "specific_time");

    get.setTimeRange(OtsInternalApi.TimeRange.newBuilder().setStartTime(ANY_TIME).setEndTime(ANY_TIME + 1));
    assertThat(fx.raw().post("GetRow", get.build().toByteArray()).status()).isEqualTo(200);
    get.clearMaxVersions().setTimeRange(OtsInternalApi.TimeRange.newBuilder().setSpecificTime(ANY_TIME));
    assertThat(fx.raw().post("GetRow", get.build().toByteArray()).status()).isEqualTo(200);
  }

  private static OtsInternalApi.GetRangeRequest range(int maxVersions, Long blockType, Long compressType) {
    PrimaryKey start = PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("k", PrimaryKeyValue.INF_MIN)
        .addPrimaryKeyColumn("n", PrimaryKeyValue.INF_MIN).addPrimaryKeyColumn("b", PrimaryKeyValue.INF_MIN).build();
    PrimaryKey end = PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("k", PrimaryKeyValue.INF_MAX)
        .addPrimaryKeyColumn("n", PrimaryKeyValue.INF_MAX).addPrimaryKeyColumn("b", PrimaryKeyValue.INF_MAX).build();
    UnknownFieldSet.Builder hints = UnknownFieldSet.newBuilder();
    if (blockType != null) {
      hints.addField(DATA_BLOCK_TYPE_HINT, UnknownFieldSet.Field.newBuilder().addVarint(blockType).build());
    }
    if (compressType != null) {
      hints.addField(COMPRESS_TYPE_HINT, UnknownFieldSet.Field.newBuilder().addVarint(compressType).build());
    }
    return OtsInternalApi.GetRangeRequest.newBuilder().setTableName("m")
        .setDirection(OtsInternalApi.Direction.FORWARD).setMaxVersions(maxVersions)
        .setInclusiveStartPrimaryKey(primaryKeyBytes(start)).setExclusiveEndPrimaryKey(primaryKeyBytes(end))
        .setUnknownFields(hints.build()).build();
  }

  private static PrimaryKey key(String k, long n) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("k", PrimaryKeyValue.fromString(k))
        .addPrimaryKeyColumn("n", PrimaryKeyValue.fromLong(n))
        .addPrimaryKeyColumn("b", PrimaryKeyValue.fromBinary(new byte[] {(byte) n, 1})).build();
  }

  private static ByteString primaryKeyBytes(PrimaryKey key) {
    try {
      return ByteString.copyFrom(PlainBufferBuilder.buildPrimaryKeyWithHeader(key));
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }

  private static byte[] ok(RawOtsHttp.Answer answer) {
    assertThat(answer.status()).as("HTTP status").isEqualTo(200);
    return answer.body();
  }

  private static List<Row> plainBufferRows(ByteString rows) throws Exception {
    List<Row> out = new ArrayList<>();
    for (PlainBufferRow row : new PlainBufferCodedInputStream(new PlainBufferInputStream(rows.toByteArray()))
        .readRowsWithHeader()) {
      out.add(PlainBufferConversion.toRow(row));
    }
    return out;
  }
}
