package io.tablestoreycsb.mock.storage;

import com.alicloud.openservices.tablestore.model.ColumnValue;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The attribute columns of a stored row, packed into one {@code byte[]} (no object per cell):
 * <pre>
 * per column, sorted by name (unsigned UTF-8 bytes):
 *   varint nameLength, name (UTF-8)
 *   varint versionCount
 *   per version, newest first:
 *     timestamp: 8 bytes little-endian (ms)
 *     type: 1 byte ({@link #INTEGER}, {@link #DOUBLE}, {@link #BOOLEAN}, {@link #STRING}, {@link #BINARY})
 *     STRING / BINARY: varint length, then the bytes (UTF-8 for STRING)
 *     INTEGER / DOUBLE: 8 bytes little-endian (DOUBLE as its raw IEEE bits); BOOLEAN: 1 byte
 * </pre>
 * The type numbers and the little-endian layout are PlainBuffer's, so a response encoder copies
 * timestamps and values without converting them. A paper row (5 x "fieldN" = 100-byte string)
 * takes 5 x (1 + 6 + 1 + 8 + 1 + 1 + 100) = 590 bytes.
 */
public final class Cells {
  public static final byte INTEGER = 0x0;
  public static final byte DOUBLE = 0x1;
  public static final byte BOOLEAN = 0x2;
  public static final byte STRING = 0x3;
  public static final byte BINARY = 0x7;

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
