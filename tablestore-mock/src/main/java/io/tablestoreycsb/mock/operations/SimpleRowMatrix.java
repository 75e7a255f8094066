package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.PlainBufferConsts;
import com.aliyun.ots.thirdparty.com.google.protobuf.ByteString;
import com.aliyun.ots.thirdparty.com.google.protobuf.UnsafeByteOperations;
import io.tablestoreycsb.mock.protocol.PlainBufferWriter;
import io.tablestoreycsb.mock.storage.CellCursor;
import io.tablestoreycsb.mock.storage.RowKey;
import io.tablestoreycsb.mock.storage.StoredRow;
import io.tablestoreycsb.mock.storage.Table;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A GetRange page in the {@code DBT_SIMPLE_ROW_MATRIX} block format (asked for with
 * {@code data_block_type_hint}): one row per line, one column per field, one value per cell. The
 * layout is the one the SDKs parse (the Java SDK's {@code SimpleRowMatrixBlockParser}, the Go
 * SDK's {@code parseMatrixRows}), all integers little-endian:
 *
 * <pre>
 * int32 0x304d5253 (version) | int32 data offset | int32 options offset | int32 pk count | int32 attribute count
 * field names: int16 length + UTF-8, primary-key columns first, then attribute columns
 * options: 0x0A (entire primary keys) + 1 byte 1 | 0x03 (row count) + int32
 * rows: 0x02, then per field a type byte (PlainBuffer's: 0 integer, 1 double, 2 boolean, 3 string,
 *       7 binary, 6 = the row has no such column) and its value (strings and binaries int32-length-prefixed)
 * 0x01 + CRC-8 of every byte before it
 * </pre>
 *
 * <p>Attribute fields are the columns any row of the page holds, in column-name order.
 */
final class SimpleRowMatrix {
  private static final int VERSION = 0x304d5253;
  private static final byte TAG_CHECKSUM = 1;
  private static final byte TAG_ROW = 2;
  private static final byte TAG_ROW_COUNT = 3;
  private static final byte TAG_ENTIRE_PRIMARY_KEYS = 10;
  private static final byte VT_NULL = 6;

  /** One attribute value as stored: its PlainBuffer type and its bytes. */
  private record Value(byte type, byte[] bytes) {}

  private record Line(byte[] key, Map<String, Value> attributes) {}

  private final Table table;
  private final List<Line> lines = new ArrayList<>();
  private final TreeMap<String, byte[]> attributeNames = new TreeMap<>(utf8Order());

  SimpleRowMatrix(Table table) {
    this.table = table;
  }

  /** Adds a row with the versions the projection selected (at most one per column: max_versions is 1). */
  void add(StoredRow row, ReadSpec.Projection projection) {
    Map<String, Value> attributes = new LinkedHashMap<>();
    CellCursor cursor = row.cursor();
    byte[] cells = row.cells();
    for (int i = 0; i < projection.count(); i++) {
      String name = new String(cells, projection.nameOffset(i), projection.nameLength(i), StandardCharsets.UTF_8);
      cursor.seekVersion(projection.versionOffset(i));
      byte[] value = Arrays.copyOfRange(cells, cursor.valueOffset(), cursor.valueOffset() + cursor.valueLength());
      attributes.putIfAbsent(name, new Value(cursor.type(), value));
      attributeNames.putIfAbsent(name, name.getBytes(StandardCharsets.UTF_8));
    }
    lines.add(new Line(row.key(), attributes));
  }

  ByteString toByteString() {
    byte[][] pkNames = table.primaryKeyNames();
    Out out = new Out();
    out.int32(VERSION);
    out.int32(0); // data offset, patched below
    out.int32(0); // options offset, patched below
    out.int32(pkNames.length);
    out.int32(attributeNames.size());
    for (byte[] name : pkNames) {
      out.name(name);
    }
    for (byte[] name : attributeNames.values()) {
      out.name(name);
    }
    int optionsOffset = out.size();
    out.write(TAG_ENTIRE_PRIMARY_KEYS);
    out.write(1);
    out.write(TAG_ROW_COUNT);
    out.int32(lines.size());
    int dataOffset = out.size();
    for (Line line : lines) {
      out.write(TAG_ROW);
      RowKey.Reader key = new RowKey.Reader(line.key());
      while (key.next()) {
        switch (key.type()) {
          case INTEGER:
            out.write(PlainBufferConsts.VT_INTEGER);
            out.int64(key.integer());
            break;
          case STRING:
            out.prefixed(PlainBufferConsts.VT_STRING, key.bytes());
            break;
          case BINARY:
            out.prefixed(PlainBufferConsts.VT_BLOB, key.bytes());
            break;
          default:
            throw new IllegalStateException("unexpected primary key type " + key.type());
        }
      }
      for (String name : attributeNames.keySet()) {
        Value value = line.attributes().get(name);
        if (value == null) {
          out.write(VT_NULL);
        } else if (value.type() == PlainBufferConsts.VT_STRING || value.type() == PlainBufferConsts.VT_BLOB) {
          out.prefixed(value.type(), value.bytes());
        } else {
          out.write(value.type());
          out.write(value.bytes(), 0, value.bytes().length);
        }
      }
    }
    out.write(TAG_CHECKSUM);
    byte[] block = out.toByteArray(1);
    patchInt32(block, 4, dataOffset);
    patchInt32(block, 8, optionsOffset);
    block[block.length - 1] = PlainBufferWriter.crc8((byte) 0, block, 0, block.length - 1);
    return UnsafeByteOperations.unsafeWrap(block);
  }

  private static void patchInt32(byte[] block, int at, int value) {
    for (int i = 0; i < 4; i++) {
      block[at + i] = (byte) (value >>> (8 * i));
    }
  }

  private static Comparator<String> utf8Order() {
    return (a, b) -> Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }

  /** A byte sink with the block's little-endian writes. */
  private static final class Out extends ByteArrayOutputStream {
    Out() {
      super(4096);
    }

    void int32(int v) {
      for (int i = 0; i < 4; i++) {
        write(v >>> (8 * i));
      }
    }

    void int64(long v) {
      for (int i = 0; i < 8; i++) {
        write((int) (v >>> (8 * i)));
      }
    }

    void name(byte[] utf8) {
      write(utf8.length);
      write(utf8.length >>> 8);
      write(utf8, 0, utf8.length);
    }

    void prefixed(byte type, byte[] bytes) {
      write(type);
      int32(bytes.length);
      write(bytes, 0, bytes.length);
    }

    /** The bytes written plus {@code spare} zero bytes at the end. */
    byte[] toByteArray(int spare) {
      return Arrays.copyOf(buf, count + spare);
    }
  }
}
