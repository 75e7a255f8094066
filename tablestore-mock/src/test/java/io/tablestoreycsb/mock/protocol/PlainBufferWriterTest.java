package io.tablestoreycsb.mock.protocol;

import static io.tablestoreycsb.mock.protocol.PlainBufferSamples.le;
import static io.tablestoreycsb.mock.protocol.PlainBufferSamples.randomColumns;
import static io.tablestoreycsb.mock.protocol.PlainBufferSamples.randomKey;
import static io.tablestoreycsb.mock.protocol.PlainBufferSamples.sdkRow;
import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.core.protocol.PlainBufferCodedOutputStream;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferConsts;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferOutputStream;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferCrc8;
import com.alicloud.openservices.tablestore.model.Column;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyColumn;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Our PlainBuffer writer must produce exactly the SDK encoder's bytes (checksums included). */
class PlainBufferWriterTest {
  @Test
  void crc8MatchesTheSdk() {
    Random random = new Random(1);
    for (int n = 0; n < 200; n++) {
      byte[] bytes = new byte[random.nextInt(300)];
      random.nextBytes(bytes);
      byte seed = (byte) random.nextInt(256);
      assertThat(PlainBufferWriter.crc8(seed, bytes, 0, bytes.length)).isEqualTo(PlainBufferCrc8.crc8(seed, bytes));
      int from = bytes.length == 0 ? 0 : random.nextInt(bytes.length);
      int to = from + random.nextInt(bytes.length - from + 1);
      assertThat(PlainBufferWriter.crc8(seed, bytes, from, to))
          .isEqualTo(PlainBufferCrc8.crc8Slow(seed, java.util.Arrays.copyOfRange(bytes, from, to)));
    }
  }

  @Test
  void singleRowsMatchTheSdkEncoderByteForByte() {
    Random random = new Random(2);
    for (int n = 0; n < 500; n++) {
      PrimaryKey key = randomKey(random);
      List<Column> columns = randomColumns(random, false);
      PlainBufferWriter writer = new PlainBufferWriter(8); // small: exercises growing
      writer.header();
      writeRow(writer, key, columns);
      assertThat(writer.toByteString()).as("row %d: %s %s", n, key, columns).isEqualTo(PlainBufferCodec.encodeRow(key, columns));
    }
  }

  @Test
  void manyRowsBehindOneHeaderMatchTheSdkEncoder() throws Exception {
    Random random = new Random(3);
    PlainBufferOutputStream sdkOut = new PlainBufferOutputStream(1 << 20);
    PlainBufferCodedOutputStream sdk = new PlainBufferCodedOutputStream(sdkOut);
    sdk.writeHeader();
    PlainBufferWriter ours = new PlainBufferWriter(16);
    ours.header();
    for (int n = 0; n < 50; n++) {
      PrimaryKey key = randomKey(random);
      List<Column> columns = randomColumns(random, false);
      sdk.writeRow(sdkRow(key, columns));
      writeRow(ours, key, columns);
    }
    assertThat(ours.toByteString().toByteArray()).isEqualTo(Arrays.copyOf(sdkOut.getBuffer(), sdkOut.count()));
  }

  private static void writeRow(PlainBufferWriter writer, PrimaryKey key, List<Column> columns) {
    writer.startRow();
    for (int i = 0; i < key.size(); i++) {
      PrimaryKeyColumn column = key.getPrimaryKeyColumn(i);
      byte[] name = column.getName().getBytes(StandardCharsets.UTF_8);
      PrimaryKeyValue value = column.getValue();
      switch (value.getType()) {
        case INTEGER:
          writer.primaryKeyInteger(name, value.asLong());
          break;
        case STRING:
          writer.primaryKeyBytes(name, false, value.asStringInBytes());
          break;
        default:
          writer.primaryKeyBytes(name, true, value.asBinary());
      }
    }
    if (!columns.isEmpty()) {
      writer.startData();
      for (Column column : columns) {
        byte[] name = column.getName().getBytes(StandardCharsets.UTF_8);
        byte[] padded = new byte[name.length + 3]; // names and values are ranges of larger arrays in storage
        System.arraycopy(name, 0, padded, 2, name.length);
        ColumnValue value = column.getValue();
        byte type;
        byte[] data;
        switch (value.getType()) {
          case INTEGER:
            type = PlainBufferConsts.VT_INTEGER;
            data = le(value.asLong());
            break;
          case DOUBLE:
            type = PlainBufferConsts.VT_DOUBLE;
            data = le(Double.doubleToRawLongBits(value.asDouble()));
            break;
          case BOOLEAN:
            type = PlainBufferConsts.VT_BOOLEAN;
            data = new byte[] {(byte) (value.asBoolean() ? 1 : 0)};
            break;
          case STRING:
            type = PlainBufferConsts.VT_STRING;
            data = value.asStringInBytes();
            break;
          default:
            type = PlainBufferConsts.VT_BLOB;
            data = value.asBinary();
        }
        byte[] paddedData = new byte[data.length + 5];
        System.arraycopy(data, 0, paddedData, 1, data.length);
        writer.attribute(padded, 2, name.length, type, paddedData, 1, data.length, column.getTimestamp());
      }
    }
    writer.endRow();
  }
}
