package io.tablestoreycsb.mock.protocol;

import com.alicloud.openservices.tablestore.core.protocol.PlainBufferConsts;
import com.aliyun.ots.thirdparty.com.google.protobuf.ByteString;
import com.aliyun.ots.thirdparty.com.google.protobuf.UnsafeByteOperations;
import java.util.Arrays;
import java.util.Objects;

/**
 * Writes PlainBuffer rows (the format of the SDK's {@code PlainBufferCodedOutputStream}, byte for
 * byte) straight from names and value bytes, so responses need no SDK row objects. Cell and row
 * checksums (CRC-8/ATM, as the SDK's {@code PlainBufferCrc8}) are computed over the bytes just
 * written, one table lookup per byte.
 *
 * <p>Use: {@link #header()} once, then per row {@link #startRow()}, primary key cells, optionally
 * {@link #startData()} and attribute cells, {@link #endRow()}.
 */
public final class PlainBufferWriter {
  private static final byte[] CRC8 = new byte[256];
  /**
   * Slicing-by-8: {@code Tk[x]} is the CRC register after feeding byte x then k zero bytes (CRC-8 is
   * linear, so 8 bytes fold into 8 independent lookups instead of a chain of 8). Separate constant
   * arrays let the JIT drop their range checks.
   */
  private static final int[] T0 = new int[256];
  private static final int[] T1 = new int[256];
  private static final int[] T2 = new int[256];
  private static final int[] T3 = new int[256];
  private static final int[] T4 = new int[256];
  private static final int[] T5 = new int[256];
  private static final int[] T6 = new int[256];
  private static final int[] T7 = new int[256];

  static {
    for (int i = 0; i < 256; i++) {
      int x = i;
      for (int bit = 0; bit < 8; bit++) {
        x = ((x << 1) ^ ((x & 0x80) != 0 ? 0x07 : 0)) & 0xFF;
      }
      CRC8[i] = (byte) x;
    }
    int[][] slices = {T0, T1, T2, T3, T4, T5, T6, T7};
    for (int i = 0; i < 256; i++) {
      T0[i] = CRC8[i] & 0xFF;
      for (int k = 1; k < 8; k++) {
        slices[k][i] = CRC8[slices[k - 1][i]] & 0xFF;
      }
    }
  }

  private byte[] buffer;
  private int size;
  private byte rowChecksum;

  public PlainBufferWriter(int initialCapacity) {
    buffer = new byte[Math.max(16, initialCapacity)];
  }

  /** CRC-8/ATM (polynomial x^8 + x^2 + x + 1, initial value {@code crc}) over {@code bytes[from, to)}. */
  public static byte crc8(byte crc, byte[] bytes, int from, int to) {
    Objects.checkFromToIndex(from, to, bytes.length);
    int c = crc & 0xFF;
    int i = from;
    for (; i + 8 <= to; i += 8) {
      c = T7[(c ^ bytes[i]) & 0xFF] ^ T6[bytes[i + 1] & 0xFF] ^ T5[bytes[i + 2] & 0xFF] ^ T4[bytes[i + 3] & 0xFF]
          ^ T3[bytes[i + 4] & 0xFF] ^ T2[bytes[i + 5] & 0xFF] ^ T1[bytes[i + 6] & 0xFF] ^ T0[bytes[i + 7] & 0xFF];
    }
    for (; i < to; i++) {
      c = CRC8[(c ^ bytes[i]) & 0xFF] & 0xFF;
    }
    return (byte) c;
  }

  static byte crc8(byte crc, byte b) {
    return CRC8[(crc ^ b) & 0xFF];
  }

  public int size() {
    return size;
  }

  public void header() {
    ensure(4);
    writeInt(PlainBufferConsts.HEADER);
  }

  public void startRow() {
    ensure(1);
    buffer[size++] = PlainBufferConsts.TAG_ROW_PK;
    rowChecksum = 0;
  }

  /** A primary key cell holding an INTEGER. */
  public void primaryKeyInteger(byte[] name, long value) {
    ensure(32 + name.length);
    int start = cellStart(name);
    byte crc = crc8((byte) 0, buffer, start, size);
    buffer[size++] = PlainBufferConsts.TAG_CELL_VALUE;
    writeInt(9);
    int valueStart = size;
    buffer[size++] = PlainBufferConsts.VT_INTEGER;
    writeLong(value);
    crc = crc8(crc, buffer, valueStart, size);
    endCell(crc);
  }

  /** A primary key cell holding a STRING (UTF-8 bytes) or BINARY ({@code binary}). */
  public void primaryKeyBytes(byte[] name, boolean binary, byte[] value) {
    cell(name, 0, name.length, binary ? PlainBufferConsts.VT_BLOB : PlainBufferConsts.VT_STRING, value, 0, value.length, false, 0);
  }

  /** Starts the attribute cells of the current row (omit when it has none). */
  public void startData() {
    ensure(1);
    buffer[size++] = PlainBufferConsts.TAG_ROW_DATA;
  }

  /**
   * An attribute cell with its timestamp. {@code type} is a PlainBuffer variant type; the value is
   * {@code data[offset, offset + length)}: UTF-8 or raw bytes for STRING / BLOB, 8 bytes
   * little-endian for INTEGER and DOUBLE, 1 byte for BOOLEAN.
   */
  public void attribute(byte[] nameArray, int nameOffset, int nameLength, byte type, byte[] data, int offset, int length,
      long timestamp) {
    cell(nameArray, nameOffset, nameLength, type, data, offset, length, true, timestamp);
  }

  /**
   * An attribute cell without a value that deletes versions (a stream record's UpdateRow cell):
   * {@code cellType} is {@code PlainBufferConsts.DELETE_ONE_VERSION} with its {@code timestamp},
   * or {@code DELETE_ALL_VERSION} with {@code timestamp < 0} (none).
   */
  public void deleteCell(byte[] name, byte cellType, long timestamp) {
    ensure(32 + name.length);
    int start = cellStart(name);
    byte crc = crc8((byte) 0, buffer, start, size);
    buffer[size++] = PlainBufferConsts.TAG_CELL_TYPE;
    buffer[size++] = cellType;
    if (timestamp >= 0) {
      buffer[size++] = PlainBufferConsts.TAG_CELL_TIMESTAMP;
      int tsStart = size;
      writeLong(timestamp);
      crc = crc8(crc, buffer, tsStart, size);
    }
    crc = crc8(crc, cellType); // the cell checksum covers the type after the timestamp
    endCell(crc);
  }

  private void cell(byte[] nameArray, int nameOffset, int nameLength, byte type, byte[] data, int offset, int length,
      boolean withTimestamp, long timestamp) {
    ensure(40 + nameLength + length);
    buffer[size++] = PlainBufferConsts.TAG_CELL;
    buffer[size++] = PlainBufferConsts.TAG_CELL_NAME;
    writeInt(nameLength);
    System.arraycopy(nameArray, nameOffset, buffer, size, nameLength);
    size += nameLength;
    byte crc = crc8((byte) 0, nameArray, nameOffset, nameOffset + nameLength);
    buffer[size++] = PlainBufferConsts.TAG_CELL_VALUE;
    boolean prefixed = type == PlainBufferConsts.VT_STRING || type == PlainBufferConsts.VT_BLOB;
    writeInt(prefixed ? 5 + length : 1 + length);
    int valueStart = size;
    buffer[size++] = type;
    if (prefixed) {
      writeInt(length);
    }
    System.arraycopy(data, offset, buffer, size, length);
    size += length;
    crc = crc8(crc, buffer, valueStart, size);
    if (withTimestamp) {
      buffer[size++] = PlainBufferConsts.TAG_CELL_TIMESTAMP;
      int tsStart = size;
      writeLong(timestamp);
      crc = crc8(crc, buffer, tsStart, size);
    }
    endCell(crc);
  }

  private int cellStart(byte[] name) {
    buffer[size++] = PlainBufferConsts.TAG_CELL;
    buffer[size++] = PlainBufferConsts.TAG_CELL_NAME;
    writeInt(name.length);
    int start = size;
    System.arraycopy(name, 0, buffer, size, name.length);
    size += name.length;
    return start;
  }

  private void endCell(byte crc) {
    buffer[size++] = PlainBufferConsts.TAG_CELL_CHECKSUM;
    buffer[size++] = crc;
    rowChecksum = crc8(rowChecksum, crc);
  }

  public void endRow() {
    ensure(2);
    buffer[size++] = PlainBufferConsts.TAG_ROW_CHECKSUM;
    buffer[size++] = crc8(rowChecksum, (byte) 0); // no delete marker
  }

  /** Ends a row that deletes the whole row (DeleteRow's change, a stream's DELETE_ROW record). */
  public void endDeletedRow() {
    ensure(3);
    buffer[size++] = PlainBufferConsts.TAG_DELETE_ROW_MARKER;
    buffer[size++] = PlainBufferConsts.TAG_ROW_CHECKSUM;
    buffer[size++] = crc8(rowChecksum, (byte) 1);
  }

  /** The bytes written so far, copied. */
  public byte[] toByteArray() {
    return Arrays.copyOf(buffer, size);
  }

  /** The bytes written so far (not copied again: the writer must not be used afterwards). */
  public ByteString toByteString() {
    return UnsafeByteOperations.unsafeWrap(buffer, 0, size);
  }

  private void writeInt(int v) {
    buffer[size] = (byte) v;
    buffer[size + 1] = (byte) (v >>> 8);
    buffer[size + 2] = (byte) (v >>> 16);
    buffer[size + 3] = (byte) (v >>> 24);
    size += 4;
  }

  private void writeLong(long v) {
    for (int i = 0; i < 8; i++) {
      buffer[size + i] = (byte) (v >>> (8 * i));
    }
    size += 8;
  }

  private void ensure(int more) {
    if (size + more > buffer.length) {
      buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, size + more));
    }
  }
}
