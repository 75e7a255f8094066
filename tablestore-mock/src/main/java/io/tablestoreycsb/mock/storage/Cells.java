package io.tablestoreycsb.mock.storage;

import com.alicloud.openservices.tablestore.model.ColumnValue;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The attribute columns of a stored row, packed into one {@code byte[]} (no object per cell):
 * <pre>
 * 0x00 (this layout; see LEGACY below)
 * varint64 base: the first version's timestamp (ms)
 * per column, sorted by name (unsigned UTF-8 bytes):
 *   varint (nameLength &lt;&lt; 1 | (versionCount &gt; 1 ? 1 : 0)), name (UTF-8), [varint versionCount when &gt; 1]
 *   per version, newest first:
 *     varint64 (zigzag(timestamp - base) &lt;&lt; 3 | type), type {@link #INTEGER}, {@link #DOUBLE},
 *       {@link #BOOLEAN}, {@link #STRING} or {@link #BINARY}; when zigzag(timestamp - base) needs more
 *       than 61 bits: the byte {@link #FAR_TIMESTAMP}, the type byte, the timestamp in 8 bytes little-endian
 *     STRING / BINARY: varint length, then the bytes (UTF-8 for STRING)
 *     INTEGER / DOUBLE: 8 bytes little-endian (DOUBLE as its raw IEEE bits); BOOLEAN: 1 byte
 * </pre>
 * The type numbers and the values' little-endian layout are PlainBuffer's, so a response encoder
 * copies values without converting them. A paper row (5 x "fieldN" = 100-byte string, one
 * timestamp) takes 1 + 6 + 5 x (1 + 6 + 1 + 1 + 1 + 100) = 552 bytes, a 568-byte array. Timestamps
 * as differences from the row's first are why: the versions a write puts share its timestamp, and
 * 8 bytes of it per cell were 7% of a paper row's heap (HeapBench, docs/performance.md).
 *
 * <p>LEGACY, the layout data directories of format 1 hold (no leading 0x00: a name is never
 * empty): per column varint nameLength, name, varint versionCount; per version the timestamp in 8
 * bytes little-endian, the type byte, the value as above. {@link CellCursor} reads both;
 * {@link #current} turns a legacy row into this layout when a kept row is loaded.
 */
public final class Cells {
  public static final byte INTEGER = 0x0;
  public static final byte DOUBLE = 0x1;
  public static final byte BOOLEAN = 0x2;
  public static final byte STRING = 0x3;
  public static final byte BINARY = 0x7;

  /** The first byte of this layout (a legacy row starts with a non-zero name length). */
  static final byte LAYOUT = 0x00;
  /** In a version's first varint's type bits: the timestamp is too far from the base, 8 bytes follow. */
  static final int FAR_TIMESTAMP = 4;

  static final byte[] NONE = new byte[0];

  private static final VarHandle LONG_LE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private Cells() {}

  public static long readLong(byte[] array, int offset) {
    return (long) LONG_LE.get(array, offset);
  }

  static void writeLong(byte[] array, int offset, long value) {
    LONG_LE.set(array, offset, value);
  }

  /** Whether values of this type carry a length prefix (else their length is fixed by the type). */
  static boolean hasLength(byte type) {
    return type == STRING || type == BINARY;
  }

  static int fixedLength(byte type) {
    return type == BOOLEAN ? 1 : 8;
  }

  static int varintSize(int value) {
    int size = 1;
    while ((value & ~0x7F) != 0) {
      value >>>= 7;
      size++;
    }
    return size;
  }

  static int varintSize(long value) {
    int size = 1;
    while ((value & ~0x7FL) != 0) {
      value >>>= 7;
      size++;
    }
    return size;
  }

  static int writeVarint(byte[] array, int offset, long value) {
    while ((value & ~0x7FL) != 0) {
      array[offset++] = (byte) ((value & 0x7F) | 0x80);
      value >>>= 7;
    }
    array[offset++] = (byte) value;
    return offset;
  }

  static long zigzag(long value) {
    return (value << 1) ^ (value >> 63);
  }

  static long unzigzag(long value) {
    return (value >>> 1) ^ -(value & 1);
  }

  /** Whether a row's cells are in the legacy layout (format 1 data directories). */
  static boolean isLegacy(byte[] cells) {
    return cells.length > 0 && cells[0] != LAYOUT;
  }

  /** Cells in this layout: {@code cells} itself, or a legacy row's columns packed anew. */
  public static byte[] current(byte[] cells) {
    return isLegacy(cells) ? RowBuilder.from(new StoredRow(NONE, cells)).build() : cells;
  }

  static int writeVarint(byte[] array, int offset, int value) {
    while ((value & ~0x7F) != 0) {
      array[offset++] = (byte) ((value & 0x7F) | 0x80);
      value >>>= 7;
    }
    array[offset++] = (byte) value;
    return offset;
  }

  /** The stored type of an SDK attribute value. */
  public static byte typeOf(ColumnValue value) {
    switch (value.getType()) {
      case INTEGER:
        return INTEGER;
      case DOUBLE:
        return DOUBLE;
      case BOOLEAN:
        return BOOLEAN;
      case STRING:
        return STRING;
      case BINARY:
        return BINARY;
      default:
        throw new IllegalArgumentException("Unsupported attribute column type: " + value.getType());
    }
  }

  /**
   * The stored bytes of an SDK attribute value: the UTF-8 the SDK decoded a string from (not a
   * copy), the binary as is, numbers as 8 bytes little-endian, a boolean as 1 byte.
   */
  public static byte[] bytesOf(ColumnValue value) {
    switch (value.getType()) {
      case INTEGER:
        return longBytes(value.asLong());
      case DOUBLE:
        return longBytes(Double.doubleToRawLongBits(value.asDouble()));
      case BOOLEAN:
        return new byte[] {(byte) (value.asBoolean() ? 1 : 0)};
      case STRING:
        return value.asStringInBytes();
      case BINARY:
        return value.asBinary();
      default:
        throw new IllegalArgumentException("Unsupported attribute column type: " + value.getType());
    }
  }

  public static byte[] longBytes(long value) {
    byte[] out = new byte[8];
    writeLong(out, 0, value);
    return out;
  }

  /** An SDK value for stored bytes (for callers that need SDK objects; responses are encoded from the bytes). */
  public static ColumnValue toColumnValue(byte type, byte[] array, int offset, int length) {
    switch (type) {
      case INTEGER:
        return ColumnValue.fromLong(readLong(array, offset));
      case DOUBLE:
        return ColumnValue.fromDouble(Double.longBitsToDouble(readLong(array, offset)));
      case BOOLEAN:
        return ColumnValue.fromBoolean(array[offset] != 0);
      case STRING: {
        byte[] raw = java.util.Arrays.copyOfRange(array, offset, offset + length);
        return ColumnValue.fromString(new String(raw, StandardCharsets.UTF_8), raw);
      }
      case BINARY:
        return ColumnValue.fromBinary(java.util.Arrays.copyOfRange(array, offset, offset + length));
      default:
        throw new IllegalArgumentException("unknown stored type " + type);
    }
  }
}
