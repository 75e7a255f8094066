package io.tablestoreycsb.mock.protocol;

import static io.tablestoreycsb.mock.protocol.PlainBufferSamples.le;
import static io.tablestoreycsb.mock.protocol.PlainBufferSamples.randomColumns;
import static io.tablestoreycsb.mock.protocol.PlainBufferSamples.randomKey;
import static io.tablestoreycsb.mock.protocol.PlainBufferSamples.sdkRow;
import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.core.protocol.PlainBufferBuilder;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferCell;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferCodedInputStream;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferCodedOutputStream;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferConsts;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferExtension;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferInputStream;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferOutputStream;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferRow;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferSequenceInfo;
import com.alicloud.openservices.tablestore.model.Column;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyColumn;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.RowDeleteChange;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.RowUpdateChange;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The mock's PlainBuffer reader against the SDK's: on valid rows of every kind and on thousands of
 * mutated ones (bit flips, truncations, insertions, byte changes), both must accept exactly the
 * same inputs and read the same content, but for one intended difference: the AUTO_INCREMENT
 * placeholder in a primary key, which the service reads and the SDK's reader (a client's, which
 * never meets one in an answer) refuses.
 */
class PlainBufferReaderTest {
  @Test
  void validRowsReadAsTheSdkReadsThem() throws Exception {
    Random random = new Random(11);
    for (int n = 0; n < 1000; n++) {
      byte[] input = randomRow(random);
      assertSameOutcome(input, "valid row " + n);
      assertThat(PlainBufferReader.readRowsWithHeader(input)).hasSize(1);
    }
  }

  @Test
  void mutatedRowsAreAcceptedOrRefusedExactlyAsTheSdkDoes() throws Exception {
    Random random = new Random(12);
    int accepted = 0;
    for (int n = 0; n < 20_000; n++) {
      byte[] input = mutate(randomRow(random), random);
      accepted += assertSameOutcome(input, "mutation " + n) ? 1 : 0;
    }
    assertThat(accepted).as("inputs accepted by both").isGreaterThan(1000);
  }

  @Test
  void extensionsAreSkippedAsTheSdkSkipsThem() throws Exception {
    PlainBufferRow row = sdkRow(new PrimaryKey(new PrimaryKeyColumn[] {new PrimaryKeyColumn("pk", PrimaryKeyValue.fromLong(7))}),
        List.of(new Column("c", ColumnValue.fromString("v"), 5)));
    PlainBufferExtension extension = new PlainBufferExtension();
    extension.setSequenceInfo(new PlainBufferSequenceInfo());
    row.setExtension(extension);
    PlainBufferOutputStream out = new PlainBufferOutputStream(PlainBufferBuilder.computePlainBufferRowWithHeader(row));
    new PlainBufferCodedOutputStream(out).writeRowWithHeader(row);
    byte[] input = out.getBuffer();
    assertThat(assertSameOutcome(input, "row with sequence info")).isTrue();
  }

  @Test
  void zeroPaddingAfterTheRowChecksumIsIgnoredAndAnythingElseRefused() throws Exception {
    PrimaryKey key = new PrimaryKey(new PrimaryKeyColumn[] {
        new PrimaryKeyColumn("name", PrimaryKeyValue.INF_MIN), new PrimaryKeyColumn("seq", PrimaryKeyValue.INF_MIN)});
    byte[] row = PlainBufferBuilder.buildPrimaryKeyWithHeader(key);
    for (int padding = 1; padding <= 4; padding++) {
      List<PlainBufferReader.Row> rows = PlainBufferReader.readRowsWithHeader(Arrays.copyOf(row, row.length + padding));
      assertThat(rows).as("%d zero bytes of padding", padding).hasSize(1);
      assertThat(rows.get(0).primaryKey).hasSize(2);
    }
    byte[] garbage = Arrays.copyOf(row, row.length + 3);
    garbage[row.length + 2] = 0x05;
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> PlainBufferReader.readRowsWithHeader(garbage))
        .hasMessage("Unexpected byte 0x05 at offset %d after the row checksum: only zero padding may follow a row.", row.length + 2);
  }

  @Test
  void anAutoIncrementPlaceholderIsAPrimaryKeyCellWithoutPayload() throws Exception {
    PrimaryKey key = new PrimaryKey(new PrimaryKeyColumn[] {
        new PrimaryKeyColumn("part", PrimaryKeyValue.fromString("p")), new PrimaryKeyColumn("seq", PrimaryKeyValue.AUTO_INCREMENT)});
    byte[] input = PlainBufferBuilder.buildRowPutChangeWithHeader(new RowPutChange("t", key));

    PlainBufferReader.Cell placeholder = PlainBufferReader.readRowsWithHeader(input).get(0).primaryKey.get(1);

    org.assertj.core.api.Assertions.assertThat(placeholder.name).isEqualTo("seq");
    org.assertj.core.api.Assertions.assertThat(placeholder.valueType).isEqualTo(PlainBufferConsts.VT_AUTO_INCREMENT);
    org.assertj.core.api.Assertions.assertThat(placeholder.valueLength).isZero();
  }

  /** Returns whether the input was accepted; fails unless both readers agree. */
  private static boolean assertSameOutcome(byte[] input, String what) {
    List<PlainBufferRow> expected;
    try {
      expected = new PlainBufferCodedInputStream(new PlainBufferInputStream(ByteBuffer.wrap(input))).readRowsWithHeader();
    } catch (Exception e) {
      expected = null;
    }
    List<PlainBufferReader.Row> actual;
    try {
      actual = PlainBufferReader.readRowsWithHeader(input);
    } catch (IllegalArgumentException e) {
      actual = null;
    }
    if (expected == null && actual != null && hasAutoIncrementPlaceholder(actual)) {
      return false;
    }
    assertThat(actual == null).as("%s refused by ours / by the SDK: %s", what, Arrays.toString(input)).isEqualTo(expected == null);
    if (expected == null) {
      return false;
    }
    assertThat(actual).hasSameSizeAs(expected);
    for (int r = 0; r < expected.size(); r++) {
      PlainBufferRow e = expected.get(r);
      PlainBufferReader.Row a = actual.get(r);
      assertThat(a.deleteMarker).as(what).isEqualTo(e.hasDeleteMarker());
      assertSameCells(a.primaryKey, e.getPrimaryKey(), true, what);
      assertSameCells(a.cells, e.getCells(), false, what);
    }
    return true;
  }

  private static boolean hasAutoIncrementPlaceholder(List<PlainBufferReader.Row> rows) {
    return rows.stream().flatMap(r -> r.primaryKey.stream())
        .anyMatch(c -> c.hasValue && c.valueType == PlainBufferConsts.VT_AUTO_INCREMENT);
  }

  private static void assertSameCells(List<PlainBufferReader.Cell> actual, List<PlainBufferCell> expected, boolean primaryKey,
      String what) {
    assertThat(actual).as(what).hasSameSizeAs(expected);
    for (int i = 0; i < expected.size(); i++) {
      PlainBufferCell e = expected.get(i);
      PlainBufferReader.Cell a = actual.get(i);
      assertThat(a.name).as(what).isEqualTo(e.hasCellName() ? e.getCellName() : null);
      if (e.hasCellName()) {
        assertThat(a.nameBytes).as(what).isEqualTo(e.getNameRawData());
      }
      assertThat(a.hasCellType).as(what).isEqualTo(e.hasCellType());
      if (e.hasCellType()) {
        assertThat(a.cellType).as(what).isEqualTo(e.getCellType());
      }
      assertThat(a.hasTimestamp).as(what).isEqualTo(e.hasCellTimestamp());
      if (e.hasCellTimestamp()) {
        assertThat(a.timestamp).as(what).isEqualTo(e.getCellTimestamp());
      }
      assertThat(a.hasValue).as(what).isEqualTo(e.hasCellValue());
      if (e.hasCellValue()) {
        // Our value bytes in the PlainBuffer layout, compared with the SDK value re-encoded the same way.
        byte[] expectedBytes = primaryKey ? valueBytes(e.getPkCellValue()) : valueBytes(e.getCellValue());
        assertThat(a.valueBytes()).as(what).isEqualTo(expectedBytes);
        byte expectedType = primaryKey ? pkType(e.getPkCellValue()) : columnType(e.getCellValue());
        assertThat(a.valueType).as(what).isEqualTo(expectedType);
      }
    }
  }

  private static byte[] valueBytes(PrimaryKeyValue v) {
    if (v.isInfMin() || v.isInfMax()) {
      return new byte[0];
    }
    switch (v.getType()) {
      case INTEGER:
        return le(v.asLong());
      case STRING:
        return v.asStringInBytes();
      default:
        return v.asBinary();
    }
  }

  private static byte pkType(PrimaryKeyValue v) {
    if (v.isInfMin()) {
      return PlainBufferConsts.VT_INF_MIN;
    }
    if (v.isInfMax()) {
      return PlainBufferConsts.VT_INF_MAX;
    }
    switch (v.getType()) {
      case INTEGER:
        return PlainBufferConsts.VT_INTEGER;
      case STRING:
        return PlainBufferConsts.VT_STRING;
      default:
        return PlainBufferConsts.VT_BLOB;
    }
  }

  private static byte[] valueBytes(ColumnValue v) {
    switch (v.getType()) {
      case INTEGER:
        return le(v.asLong());
      case DOUBLE:
        return le(Double.doubleToRawLongBits(v.asDouble()));
      case BOOLEAN:
        return new byte[] {(byte) (v.asBoolean() ? 1 : 0)};
      case STRING:
        return v.asStringInBytes();
      default:
        return v.asBinary();
    }
  }

  private static byte columnType(ColumnValue v) {
    switch (v.getType()) {
      case INTEGER:
        return PlainBufferConsts.VT_INTEGER;
      case DOUBLE:
        return PlainBufferConsts.VT_DOUBLE;
      case BOOLEAN:
        return PlainBufferConsts.VT_BOOLEAN;
      case STRING:
        return PlainBufferConsts.VT_STRING;
      default:
        return PlainBufferConsts.VT_BLOB;
    }
  }

  private static byte[] mutate(byte[] row, Random random) throws Exception {
    byte[] out = row.clone();
    switch (random.nextInt(5)) {
      case 0: // a bit flip
        out[random.nextInt(out.length)] ^= (byte) (1 << random.nextInt(8));
        return out;
      case 1: // truncation
        return Arrays.copyOf(out, random.nextInt(out.length));
      case 2: { // an inserted byte
        int at = random.nextInt(out.length + 1);
        byte[] longer = new byte[out.length + 1];
        System.arraycopy(out, 0, longer, 0, at);
        longer[at] = (byte) random.nextInt(256);
        System.arraycopy(out, at, longer, at + 1, out.length - at);
        return longer;
      }
      case 3: { // a byte set to a tag or type value, then the checksum bytes left as they are
        out[random.nextInt(out.length)] = (byte) random.nextInt(16);
        return out;
      }
      default: // no mutation: keeps valid rows in the mix
        return randomRow(random);
    }
  }

  private static byte[] randomRow(Random random) throws Exception {
    PrimaryKey key = randomKey(random);
    switch (random.nextInt(4)) {
      case 0: {
        RowPutChange put = new RowPutChange("t", key);
        for (Column c : randomColumns(random, true)) {
          put.addColumn(c);
        }
        return PlainBufferBuilder.buildRowPutChangeWithHeader(put);
      }
      case 1: {
        RowUpdateChange update = new RowUpdateChange("t", key);
        for (Column c : randomColumns(random, true)) {
          switch (random.nextInt(4)) {
            case 0:
              update.put(c);
              break;
            case 1:
              update.deleteColumn(c.getName(), random.nextLong() & Long.MAX_VALUE);
              break;
            case 2:
              update.deleteColumns(c.getName());
              break;
            default:
              update.increment(new Column(c.getName(), ColumnValue.fromLong(random.nextLong())));
          }
        }
        return PlainBufferBuilder.buildRowUpdateChangeWithHeader(update);
      }
      case 2:
        return PlainBufferBuilder.buildRowDeleteChangeWithHeader(new RowDeleteChange("t", key));
      default:
        return PlainBufferBuilder.buildPrimaryKeyWithHeader(random.nextBoolean() ? key : boundKey(random));
    }
  }

  private static PrimaryKey boundKey(Random random) {
    return new PrimaryKey(new PrimaryKeyColumn[] {
        new PrimaryKeyColumn("a", random.nextBoolean() ? PrimaryKeyValue.INF_MIN : PrimaryKeyValue.INF_MAX),
        new PrimaryKeyColumn("b", PrimaryKeyValue.fromString("x"))});
  }
}
