package io.tablestoreycsb.mock.protocol;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.core.protocol.PlainBufferCell;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferCodedOutputStream;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferConsts;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferConversion;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferOutputStream;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferRow;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferCrc8;
import com.alicloud.openservices.tablestore.model.Column;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyColumn;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.aliyun.ots.thirdparty.com.google.protobuf.ByteString;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
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
      List<Column> columns = randomColumns(random);
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
      List<Column> columns = randomColumns(random);
      sdk.writeRow(sdkRow(key, columns));
      writeRow(ours, key, columns);
    }
    assertThat(ours.toByteString().toByteArray()).isEqualTo(Arrays.copyOf(sdkOut.getBuffer(), sdkOut.count()));
  }

  private static PlainBufferRow sdkRow(PrimaryKey key, List<Column> columns) throws Exception {
    List<PlainBufferCell> pk = new ArrayList<>();
    for (PrimaryKeyColumn c : key.getPrimaryKeyColumns()) {
      pk.add(PlainBufferConversion.toPlainBufferCell(c));
    }
    List<PlainBufferCell> cells = new ArrayList<>();
    for (Column c : columns) {
      cells.add(PlainBufferConversion.toPlainBufferCell(c, false, false, false, (byte) 0));
    }
    return new PlainBufferRow(pk, cells, false);
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

  private static byte[] le(long v) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
  }

  private static PrimaryKey randomKey(Random random) {
    int n = 1 + random.nextInt(4);
    PrimaryKeyColumn[] columns = new PrimaryKeyColumn[n];
    for (int i = 0; i < n; i++) {
      PrimaryKeyValue value;
      switch (random.nextInt(3)) {
        case 0:
          value = PrimaryKeyValue.fromLong(random.nextLong());
          break;
        case 1:
          value = PrimaryKeyValue.fromString(randomString(random));
          break;
        default:
          value = PrimaryKeyValue.fromBinary(randomBytes(random));
      }
      columns[i] = new PrimaryKeyColumn("pk" + i + randomString(random), value);
    }
    return new PrimaryKey(columns);
  }

  private static List<Column> randomColumns(Random random) {
    int n = random.nextInt(6);
    List<Column> columns = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      ColumnValue value;
      switch (random.nextInt(5)) {
        case 0:
          value = ColumnValue.fromLong(random.nextLong());
          break;
        case 1:
          value = ColumnValue.fromDouble(random.nextDouble() * 1e6 - 5e5);
          break;
        case 2:
          value = ColumnValue.fromBoolean(random.nextBoolean());
          break;
        case 3:
          value = ColumnValue.fromString(randomString(random));
          break;
        default:
          value = ColumnValue.fromBinary(randomBytes(random));
      }
      columns.add(new Column("c" + i + randomString(random), value, random.nextLong() & Long.MAX_VALUE));
    }
    return columns;
  }

  private static String randomString(Random random) {
    String alphabet = "ab\0\u00e9\u4e2d";
    StringBuilder s = new StringBuilder();
    int length = random.nextInt(random.nextInt(10) == 0 ? 300 : 8);
    for (int i = 0; i < length; i++) {
      s.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return s.toString();
  }

  private static byte[] randomBytes(Random random) {
    byte[] b = new byte[random.nextInt(random.nextInt(10) == 0 ? 300 : 8)];
    random.nextBytes(b);
    return b;
  }
}
