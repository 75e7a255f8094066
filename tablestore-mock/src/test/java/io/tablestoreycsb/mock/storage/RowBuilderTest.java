package io.tablestoreycsb.mock.storage;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.model.ColumnValue;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Packed cells: what goes in through RowBuilder comes back out through CellCursor, in order. */
class RowBuilderTest {
  @Test
  void everyTypeRoundTripsThroughThePackedForm() {
    List<ColumnValue> values = List.of(ColumnValue.fromLong(Long.MIN_VALUE), ColumnValue.fromLong(42), ColumnValue.fromDouble(-0.5),
        ColumnValue.fromDouble(Double.NaN), ColumnValue.fromBoolean(true), ColumnValue.fromBoolean(false), ColumnValue.fromString(""),
        ColumnValue.fromString("x".repeat(300) + "\u00e9\ud83d\ude00"), ColumnValue.fromBinary(new byte[0]),
        ColumnValue.fromBinary(new byte[] {0, (byte) 0xFF, 0}), ColumnValue.fromBinary(new byte[70_000]));
    RowBuilder builder = RowBuilder.empty();
    for (int i = 0; i < values.size(); i++) {
      builder.put(name("c" + (char) ('a' + i)), RowBuilder.Version.of(1000 + i, Cells.typeOf(values.get(i)), Cells.bytesOf(values.get(i))), 1);
    }
    CellCursor cursor = new CellCursor(builder.build());
    for (int i = 0; i < values.size(); i++) {
      assertThat(cursor.nextColumn()).isTrue();
      assertThat(cursor.name()).isEqualTo("c" + (char) ('a' + i));
      assertThat(cursor.versionCount()).isEqualTo(1);
      assertThat(cursor.nextVersion()).isTrue();
      assertThat(cursor.timestamp()).isEqualTo(1000 + i);
      ColumnValue back = Cells.toColumnValue(cursor.type(), cursor.array(), cursor.valueOffset(), cursor.valueLength());
      assertThat(back).as("column %d", i).isEqualTo(values.get(i));
      assertThat(cursor.nextVersion()).isFalse();
    }
    assertThat(cursor.nextColumn()).isFalse();
  }

  @Test
  void timestampsFarFromTheRowsFirstRoundTripAndAWriteSharingOneTakesOneByteACell() {
    long[] timestamps = {Long.MAX_VALUE, Long.MAX_VALUE - 1, 1_700_000_000_000L, 1, 0};
    RowBuilder builder = RowBuilder.empty();
    for (long ts : timestamps) {
      builder.put(name("a"), intVersion(ts, ts ^ 5), timestamps.length);
    }
    builder.put(name("b"), intVersion(0, 9), 1);
    byte[] cells = builder.build();
    List<Long> expected = new ArrayList<>();
    for (long ts : timestamps) {
      expected.add(ts);
      expected.add(ts ^ 5);
    }
    assertThat(versions(cells, "a")).containsExactlyElementsOf(expected);
    assertThat(versions(cells, "b")).containsExactly(0L, 9L);

    RowBuilder paper = RowBuilder.empty();
    for (int i = 0; i < 5; i++) {
      paper.put(name("field" + i), RowBuilder.Version.of(1_700_000_000_000L, Cells.STRING, new byte[100]), 1);
    }
    // 0x00, the 6-byte base, then per column: header, name, timestamp-and-type, length, value
    assertThat(paper.build()).hasSize(1 + 6 + 5 * (1 + 6 + 1 + 1 + 100));
  }

  @Test
  void versionsStayNewestFirstSameTimestampOverwritesAndMaxVersionsDropsTheOldest() {
    RowBuilder builder = RowBuilder.empty();
    for (long ts : new long[] {5, 1, 9, 3, 7}) {
      builder.put(name("f"), intVersion(ts, ts * 10), 4);
    }
    builder.put(name("f"), intVersion(7, 777), 4); // overwrites the version at 7
    assertThat(versions(builder.build(), "f")).containsExactly(9L, 90L, 7L, 777L, 5L, 50L, 3L, 30L); // 1 dropped

    RowBuilder changed = RowBuilder.from(new StoredRow(new byte[] {1}, builder.build()));
    changed.deleteVersion(name("f"), 7);
    changed.deleteVersion(name("f"), 8); // absent: nothing happens
    assertThat(versions(changed.build(), "f")).containsExactly(9L, 90L, 5L, 50L, 3L, 30L);
    assertThat(changed.latest(name("f")).longValue()).isEqualTo(90);

    changed.deleteAllVersions(name("f"));
    assertThat(changed.isEmpty()).isTrue();
    assertThat(changed.build()).isEmpty();
  }

  @Test
  void columnsAreSortedByUnsignedNameBytesAndSeekable() {
    Random random = new Random(5);
    RowBuilder builder = RowBuilder.empty();
    List<String> names = new ArrayList<>();
    for (int i = 0; i < 200; i++) { // > 127 columns and versions: multi-byte varints
      String n = "n" + random.nextInt(1000) + (i % 3 == 0 ? "\u00e9" : "") + "x".repeat(i % 150);
      names.add(n);
      builder.put(name(n), intVersion(1, i), 1000);
    }
    for (int v = 0; v < 150; v++) {
      builder.put(name("many"), intVersion(10 + v, v), 1000);
    }
    byte[] cells = builder.build();
    CellCursor cursor = new CellCursor(cells);
    byte[] previous = null;
    int columns = 0;
    while (cursor.nextColumn()) {
      byte[] current = cursor.nameBytes();
      if (previous != null) {
        assertThat(java.util.Arrays.compareUnsigned(previous, current)).isNegative();
      }
      previous = current;
      columns++;
    }
    assertThat(columns).isEqualTo(names.stream().distinct().count() + 1);
    for (String n : names) {
      assertThat(new CellCursor(cells).seekColumn(name(n))).as(n).isTrue();
    }
    assertThat(new CellCursor(cells).seekColumn(name("n"))).isFalse();
    assertThat(new CellCursor(cells).seekColumn(name("zzz"))).isFalse();
    CellCursor many = new CellCursor(cells);
    assertThat(many.seekColumn(name("many"))).isTrue();
    assertThat(many.versionCount()).isEqualTo(150);
  }

  @Test
  void aliveSinceLooksAtEachColumnsNewestVersion() {
    RowBuilder builder = RowBuilder.empty();
    builder.put(name("a"), intVersion(100, 1), 3);
    builder.put(name("b"), intVersion(300, 1), 3);
    StoredRow row = new StoredRow(new byte[] {1}, builder.build());
    assertThat(row.aliveSince(300)).isTrue();
    assertThat(row.aliveSince(301)).isFalse();
    assertThat(new StoredRow(new byte[] {1}, Cells.NONE).aliveSince(Long.MAX_VALUE)).isTrue(); // no columns: alive
  }

  private static List<Long> versions(byte[] cells, String column) {
    CellCursor cursor = new CellCursor(cells);
    assertThat(cursor.seekColumn(name(column))).isTrue();
    List<Long> out = new ArrayList<>();
    while (cursor.nextVersion()) {
      out.add(cursor.timestamp());
      out.add(cursor.longValue());
    }
    return out;
  }

  private static RowBuilder.Version intVersion(long timestamp, long value) {
    return RowBuilder.Version.of(timestamp, Cells.INTEGER, Cells.longBytes(value));
  }

  private static byte[] name(String name) {
    return name.getBytes(StandardCharsets.UTF_8);
  }
}
