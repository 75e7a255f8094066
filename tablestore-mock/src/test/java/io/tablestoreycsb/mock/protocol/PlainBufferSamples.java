package io.tablestoreycsb.mock.protocol;

import com.alicloud.openservices.tablestore.core.protocol.PlainBufferCell;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferConversion;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferRow;
import com.alicloud.openservices.tablestore.model.Column;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyColumn;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Random rows for comparing the mock's PlainBuffer reader and writer with the SDK's codec: keys of
 * every primary-key type, columns of every value type, names and values with NUL, non-ASCII and
 * (now and then) a few hundred characters.
 */
final class PlainBufferSamples {
  private PlainBufferSamples() {}

  static PrimaryKey randomKey(Random random) {
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

  /** Up to five columns; with {@code timestampOptional} some leave their timestamp to the server. */
  static List<Column> randomColumns(Random random, boolean timestampOptional) {
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
      String name = "c" + i + randomString(random);
      columns.add(timestampOptional && random.nextBoolean()
          ? new Column(name, value)
          : new Column(name, value, random.nextLong() & Long.MAX_VALUE));
    }
    return columns;
  }

  static String randomString(Random random) {
    String alphabet = "ab\0\u00e9\u4e2d";
    StringBuilder s = new StringBuilder();
    int length = random.nextInt(random.nextInt(10) == 0 ? 300 : 8);
    for (int i = 0; i < length; i++) {
      s.append(alphabet.charAt(random.nextInt(alphabet.length())));
    }
    return s.toString();
  }

  static byte[] randomBytes(Random random) {
    byte[] b = new byte[random.nextInt(random.nextInt(10) == 0 ? 300 : 8)];
    random.nextBytes(b);
    return b;
  }

  /** The SDK's own row object for {@code key} and {@code columns}, as its encoder takes it. */
  static PlainBufferRow sdkRow(PrimaryKey key, List<Column> columns) throws IOException {
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

  /** {@code v} as PlainBuffer stores 64-bit numbers: little-endian. */
  static byte[] le(long v) {
    return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
  }
}
