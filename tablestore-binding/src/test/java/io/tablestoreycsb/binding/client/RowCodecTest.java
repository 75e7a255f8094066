package io.tablestoreycsb.binding.client;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.model.Column;
import com.alicloud.openservices.tablestore.model.ColumnType;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.Row;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.RandomByteIterator;

class RowCodecTest {
  @Test
  void asciiValuesTravelAsTheirOwnBytes() {
    RandomByteIterator generated = new RandomByteIterator(100);

    ColumnValue value = RowCodec.stringValue(generated);

    assertThat(value.getType()).isEqualTo(ColumnType.STRING);
    assertThat(value.asStringInBytes()).hasSize(100);
    assertThat(value.asString().getBytes(StandardCharsets.UTF_8)).isEqualTo(value.asStringInBytes());
  }

  @Test
  void nonAsciiBytesAreSentAsTheUtf8OfTheirDecodedTextAsBefore() {
    byte[] mixed = {'a', (byte) 0xc3, (byte) 0xa9, (byte) 0xff, 'z'}; // "a", e-acute, an invalid byte, "z"

    ColumnValue value = RowCodec.stringValue(new ByteArrayByteIterator(mixed));

    ColumnValue plain = ColumnValue.fromString(new String(mixed, StandardCharsets.UTF_8));
    assertThat(value.asString()).isEqualTo(plain.asString()).isEqualTo("a\u00e9\ufffdz");
    assertThat(value.asStringInBytes()).isEqualTo(plain.asStringInBytes());
  }

  private final RowCodec codec = new RowCodec("userid");

  /** A row whose columns are name/value pairs (several versions of a name: newest first). */
  private static Row row(String key, Object... nameValueTimestamp) {
    List<Column> columns = new ArrayList<>();
    for (int i = 0; i < nameValueTimestamp.length; i += 3) {
      // A new String per column, as the SDK decodes every name of every row.
      columns.add(new Column(new String((String) nameValueTimestamp[i]),
          ColumnValue.fromString((String) nameValueTimestamp[i + 1]), (Long) nameValueTimestamp[i + 2]));
    }
    return new Row(new RowCodec("userid").primaryKey(key), columns);
  }

  private Map<String, String> decoded(Row row) {
    HashMap<String, ByteIterator> result = RowCodec.mapFor(row.getColumns().length);
    codec.decode(row, null, result);
    Map<String, String> text = new TreeMap<>();
    result.forEach((name, value) -> text.put(name, new String(value.toArray(), StandardCharsets.UTF_8)));
    return text;
  }

  @Test
  void rowsWithDifferentColumnsInOneScanKeepTheirOwnNamesAndValues() {
    Map<String, String> first = decoded(row("k1", "field0", "a0", 1L, "field1", "a1", 1L, "field2", "a2", 1L));
    // Fewer columns, one name at another position, one name new: nothing may be carried over.
    Map<String, String> second = decoded(row("k2", "field1", "b1", 1L, "other", "b-other", 1L));
    // More columns than the first two rows and than the codec's first guess of a row's width.
    Object[] wide = new Object[3 * 12];
    for (int i = 0; i < 12; i++) {
      wide[3 * i] = String.format("col%02d", i);
      wide[3 * i + 1] = "c" + i;
      wide[3 * i + 2] = 1L;
    }
    Map<String, String> third = decoded(row("k3", wide));
    // Same names as the first row again, and two versions of field1 (only the newest is read).
    Map<String, String> fourth = decoded(row("k4", "field0", "d0", 1L, "field1", "d1-new", 9L, "field1", "d1-old", 2L,
        "field2", "d2", 1L));

    assertThat(first).containsExactlyEntriesOf(new TreeMap<>(Map.of("field0", "a0", "field1", "a1", "field2", "a2")));
    assertThat(second).containsExactlyEntriesOf(new TreeMap<>(Map.of("field1", "b1", "other", "b-other")));
    assertThat(third).hasSize(12).containsEntry("col00", "c0").containsEntry("col11", "c11");
    assertThat(fourth).containsExactlyEntriesOf(new TreeMap<>(Map.of("field0", "d0", "field1", "d1-new", "field2", "d2")));
  }

  @Test
  void aNameTheRowBeforeHadAtTheSamePositionIsPutUnderThatRowsInstance() {
    HashMap<String, ByteIterator> first = new HashMap<>();
    codec.decode(row("k1", "field0", "a", 1L, "field1", "b", 1L), null, first);
    HashMap<String, ByteIterator> second = new HashMap<>();
    Row next = row("k2", "field0", "c", 1L, "field1", "d", 1L);
    codec.decode(next, null, second);

    String firstName = first.keySet().stream().filter("field0"::equals).findFirst().orElseThrow();
    String secondName = second.keySet().stream().filter("field0"::equals).findFirst().orElseThrow();
    assertThat(secondName).isSameAs(firstName).isNotSameAs(next.getColumns()[0].getName());
  }

  @Test
  void projectedReadsGiveTheRequestedFieldsOnly() {
    HashMap<String, ByteIterator> result = new HashMap<>();
    codec.decode(row("k1", "field0", "a", 1L, "field1", "b", 1L, "field2", "c", 1L), java.util.Set.of("field2", "nope"),
        result);

    assertThat(result).containsOnlyKeys("field2");
    assertThat(result.get("field2").toString()).isEqualTo("c");
  }

  @Test
  void aStringValueReadsAsTheUtf8BytesOfItsTextLikeAByteArrayIterator() {
    String text = "a\u00e9\u4e2d\ud83d\ude00z"; // 1-, 2-, 3- and 4-byte UTF-8 characters
    byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);

    ByteIterator value = RowCodec.valueOf(ColumnValue.fromString(text));

    assertThat(value.bytesLeft()).isEqualTo(utf8.length);
    assertThat(value.hasNext()).isTrue();
    assertThat(value.nextByte()).isEqualTo(utf8[0]);
    assertThat(value.bytesLeft()).isEqualTo(utf8.length - 1);
    byte[] buffer = new byte[3];
    assertThat(value.nextBuf(buffer, 0)).isEqualTo(3);
    assertThat(buffer).containsExactly(utf8[1], utf8[2], utf8[3]);
    assertThat(value.toArray()).isEqualTo(java.util.Arrays.copyOfRange(utf8, 4, utf8.length));
    assertThat(value.hasNext()).isFalse();
    assertThat(value.bytesLeft()).isZero();
    value.reset();
    assertThat(value.toString()).isEqualTo(text);
    value.reset();
    ByteArrayByteIterator eager = new ByteArrayByteIterator(utf8);
    while (eager.hasNext()) {
      assertThat(value.nextByte()).isEqualTo(eager.nextByte());
    }
    assertThat(value.hasNext()).isFalse();
  }

  @Test
  void binaryAndNumericValuesAreGivenAsBefore() {
    byte[] raw = {0, (byte) 0xff, 7};

    assertThat(RowCodec.valueOf(ColumnValue.fromBinary(raw)).toArray()).isEqualTo(raw);
    assertThat(RowCodec.valueOf(ColumnValue.fromLong(42)).toString()).isEqualTo("42");
  }

  @Test
  void aRowsDataSizeIsWhatTheSdkCountsForIt() {
    String[] texts = {"", "plain ascii", "caf\u00e9", "\u4e2d\u6587", "\ud83d\ude00 emoji", "lone \ud800 high",
        "lone \udc00 low", "end \ud83d", "x".repeat(1000)};
    for (String name : texts) {
      for (String text : texts) {
        RowPutChange row = new RowPutChange("t", codec.primaryKey("key-" + text));
        row.addColumn("field-" + name, RowCodec.stringValue(new ByteArrayByteIterator(text.getBytes(StandardCharsets.UTF_8))));
        row.addColumn(name.isEmpty() ? "n" : name, ColumnValue.fromString(text)); // no bytes attached
        row.addColumn(new Column("stamped", ColumnValue.fromBinary(new byte[] {1, 2, 3}), 1_000L));
        row.addColumn("long", ColumnValue.fromLong(7));
        row.addColumn("double", ColumnValue.fromDouble(1.5));
        row.addColumn("bool", ColumnValue.fromBoolean(true));

        assertThat(RowCodec.dataSize(row)).as("name %s, value %s", name, text).isEqualTo(row.getDataSize());
      }
    }
    RowPutChange generated = codec.putChange("t", "user1", Map.of("field0", new RandomByteIterator(100),
        "field1", new RandomByteIterator(100)));
    assertThat(RowCodec.dataSize(generated)).isEqualTo(generated.getDataSize()).isEqualTo(6 + 5 + 2 * (6 + 100));
  }

  @Test
  void utf8LengthIsTheLengthOfGetBytes() {
    java.util.Random random = new java.util.Random(15);
    for (int i = 0; i < 2_000; i++) {
      char[] chars = new char[random.nextInt(12)];
      for (int c = 0; c < chars.length; c++) {
        // Mostly the edges: ASCII, 2- and 3-byte ranges, surrogates (paired or not).
        int kind = random.nextInt(5);
        chars[c] = (char) switch (kind) {
          case 0 -> random.nextInt(0x80);
          case 1 -> 0x80 + random.nextInt(0x800 - 0x80);
          case 2 -> 0xd800 + random.nextInt(0x800);
          default -> random.nextInt(0x10000);
        };
      }
      String text = new String(chars);
      assertThat(RowCodec.utf8Length(text)).as("%s", text.chars().mapToObj(Integer::toHexString).toList())
          .isEqualTo(text.getBytes(StandardCharsets.UTF_8).length);
    }
  }
}
