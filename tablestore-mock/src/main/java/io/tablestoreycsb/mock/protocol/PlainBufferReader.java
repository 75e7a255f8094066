package io.tablestoreycsb.mock.protocol;

import com.alicloud.openservices.tablestore.core.protocol.PlainBufferConsts;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads PlainBuffer rows as the SDK's {@code PlainBufferCodedInputStream} does (same tags, same
 * checksums, same acceptance, except that zero padding after the last row is ignored as the
 * service ignores it), but without SDK objects: values stay ranges of the input array (the
 * PlainBuffer layout of numbers is the mock's stored layout), string values are not decoded into
 * Java strings, and the checksums are computed over whole ranges with {@link PlainBufferWriter#crc8}.
 * Failures are {@link IllegalArgumentException}s with the SDK reader's messages, so the
 * caller reports them the same way.
 */
public final class PlainBufferReader {
  private static final byte[] FALSE = {0};
  private static final byte[] TRUE = {1};

  /** One cell: name, value (a range of {@link #data}), operation type and timestamp, each optional. */
  public static final class Cell {
    public String name;
    public byte[] nameBytes;
    public boolean hasValue;
    /** A PlainBuffer variant type ({@code VT_*}); VT_INF_MIN / VT_INF_MAX / VT_AUTO_INCREMENT only in primary keys. */
    public byte valueType;
    public byte[] data;
    public int valueOffset;
    public int valueLength;
    public boolean hasCellType;
    public byte cellType;
    public boolean hasTimestamp;
    public long timestamp;
    /** The cell's checksum as received (and verified). */
    byte checksum;

    /** An INTEGER's value (or a DOUBLE's raw bits). */
    public long longValue() {
      return PlainBufferReader.readLong(data, valueOffset);
    }

    public byte[] valueBytes() {
      return java.util.Arrays.copyOfRange(data, valueOffset, valueOffset + valueLength);
    }
  }

  /** One row: primary key cells, attribute cells, delete marker. */
  public static final class Row {
    public final List<Cell> primaryKey = new ArrayList<>(2);
    public final List<Cell> cells = new ArrayList<>(8);
    public boolean deleteMarker;
  }

  private final byte[] in;
  private int position;
  private int lastTag;

  private PlainBufferReader(byte[] in) {
    this.in = in;
  }

  /** The rows behind the header, as {@code PlainBufferCodedInputStream.readRowsWithHeader}. */
  public static List<Row> readRowsWithHeader(byte[] bytes) {
    PlainBufferReader reader = new PlainBufferReader(bytes);
    if (reader.readInt() != PlainBufferConsts.HEADER) {
      throw new IllegalArgumentException("Invalid header from plain buffer.");
    }
    reader.readTag();
    List<Row> rows = new ArrayList<>(1);
    while (reader.position < bytes.length) {
      if (reader.lastTag == 0 && !rows.isEmpty()) {
        reader.skipZeroPadding();
        break;
      }
      rows.add(reader.readRow());
    }
    return rows;
  }

  /**
   * After a row's checksum the service ignores zero bytes: the Node.js SDK (5.x) sizes each
   * INF_MIN / INF_MAX / AUTO_INCREMENT primary key cell one byte larger than it writes, so its keys
   * end with one zero byte per such cell. No tag is 0, so padding cannot hide a row; any other
   * byte after a checksum is still an error.
   */
  private void skipZeroPadding() {
    for (int at = position; at < in.length; at++) {
      if (in[at] != 0) {
        throw new IllegalArgumentException(String.format(
            "Unexpected byte 0x%02X at offset %d after the row checksum: only zero padding may follow a row.", in[at], at));
      }
    }
    position = in.length;
  }

  private Row readRow() {
    Row row = new Row();
    if (lastTag == PlainBufferConsts.TAG_ROW_PK) {
      readTag();
      while (lastTag == PlainBufferConsts.TAG_CELL) {
        row.primaryKey.add(readCell(true));
      }
      if (row.primaryKey.isEmpty()) {
        throw new IllegalArgumentException("The primary key of row is empty.");
      }
    }
    if (lastTag == PlainBufferConsts.TAG_ROW_DATA) {
      readTag();
      while (lastTag == PlainBufferConsts.TAG_CELL) {
        row.cells.add(readCell(false));
      }
    }
    if (lastTag == PlainBufferConsts.TAG_DELETE_ROW_MARKER) {
      row.deleteMarker = true;
      readTag();
    }
    skipExtension();
    if (lastTag != PlainBufferConsts.TAG_ROW_CHECKSUM) {
      throw new IllegalArgumentException("Expect TAG_ROW_CHECKSUM but it was " + PlainBufferConsts.printTag(lastTag));
    }
    byte checksum = readByte();
    readTag();
    byte crc = 0;
    for (Cell cell : row.primaryKey) {
      crc = PlainBufferWriter.crc8(crc, cell.checksum);
    }
    for (Cell cell : row.cells) {
      crc = PlainBufferWriter.crc8(crc, cell.checksum);
    }
    crc = PlainBufferWriter.crc8(crc, (byte) (row.deleteMarker ? 1 : 0));
    if (crc != checksum) {
      throw new IllegalArgumentException("Checksum is mismatch.");
    }
    return row;
  }

  /** Sequence info and unknown extension tags carry nothing the mock uses: they are skipped as the SDK reads them. */
  private void skipExtension() {
    if (lastTag != PlainBufferConsts.TAG_EXTENSION) {
      return;
    }
    readInt(); // length
    readTag();
    while (PlainBufferConsts.isTagInExtension(lastTag)) {
      if (lastTag == PlainBufferConsts.TAG_SEQ_INFO) {
        readInt(); // length
        readTag();
        expectAndSkip(PlainBufferConsts.TAG_SEQ_INFO_EPOCH, "TAG_SEQ_INFO_EPOCH", 4);
        expectAndSkip(PlainBufferConsts.TAG_SEQ_INFO_TS, "TAG_SEQ_INFO_TS", 8);
        expectAndSkip(PlainBufferConsts.TAG_SEQ_INFO_ROW_INDEX, "TAG_SEQ_INFO_ROW_INDEX", 4);
      } else {
        int length = readInt();
        skip(length);
        readTag();
      }
    }
  }

  private void expectAndSkip(int tag, String name, int bytes) {
    if (lastTag != tag) {
      throw new IllegalArgumentException("Expect " + name + " but it was " + PlainBufferConsts.printTag(lastTag));
    }
    skip(bytes);
    readTag();
  }

  private Cell readCell(boolean primaryKey) {
    Cell cell = new Cell();
    cell.data = in;
    readTag();
    if (lastTag == PlainBufferConsts.TAG_CELL_NAME) {
      int length = readInt();
      int start = position;
      skip(length);
      cell.nameBytes = java.util.Arrays.copyOfRange(in, start, start + length);
      cell.name = new String(cell.nameBytes, StandardCharsets.UTF_8);
      if (!isAscii(cell.nameBytes)) {
        // The SDK keeps a name as a String and checksums (and writes) its re-encoding: for invalid
        // UTF-8 that differs from the bytes received. Do the same, so both accept the same input.
        cell.nameBytes = cell.name.getBytes(StandardCharsets.UTF_8);
      }
      readTag();
    }
    if (lastTag == PlainBufferConsts.TAG_CELL_VALUE) {
      readValue(cell, primaryKey);
      readTag();
    }
    if (lastTag == PlainBufferConsts.TAG_CELL_TYPE) {
      cell.hasCellType = true;
      cell.cellType = readByte();
      readTag();
    }
    if (lastTag == PlainBufferConsts.TAG_CELL_TIMESTAMP) {
      long timestamp = readLong();
      if (timestamp < 0) {
        throw new IllegalArgumentException("The timestamp is negative.");
      }
      cell.hasTimestamp = true;
      cell.timestamp = timestamp;
      readTag();
    }
    if (lastTag != PlainBufferConsts.TAG_CELL_CHECKSUM) {
      throw new IllegalArgumentException("Expect TAG_CELL_CHECKSUM but it was " + PlainBufferConsts.printTag(lastTag));
    }
    byte checksum = readByte();
    readTag();
    if (cellChecksum(cell) != checksum) {
      throw new IllegalArgumentException("Checksum is mismatch.");
    }
    cell.checksum = checksum;
    return cell;
  }

  private static boolean isAscii(byte[] bytes) {
    for (byte b : bytes) {
      if (b < 0) {
        return false;
      }
    }
    return true;
  }

  private void readValue(Cell cell, boolean primaryKey) {
    readInt(); // the value's total length: the SDK reads by type and ignores it
    byte type = readByte();
    cell.hasValue = true;
    cell.valueType = type;
    switch (type) {
      case PlainBufferConsts.VT_INTEGER:
        fixed(cell, 8);
        return;
      case PlainBufferConsts.VT_STRING:
      case PlainBufferConsts.VT_BLOB: {
        int length = readInt();
        if (length < 0) {
          throw new IllegalArgumentException("Negative value length " + length + ".");
        }
        fixed(cell, length);
        return;
      }
      default:
        break;
    }
    if (primaryKey) {
      // AUTO_INCREMENT: the placeholder a write puts in an auto-increment column, whose value the
      // server assigns; like INF_MIN and INF_MAX it is a type byte without payload.
      if (type == PlainBufferConsts.VT_INF_MIN || type == PlainBufferConsts.VT_INF_MAX
          || type == PlainBufferConsts.VT_AUTO_INCREMENT) {
        cell.valueOffset = position;
        cell.valueLength = 0;
        return;
      }
      throw new IllegalArgumentException("Unsupported pk type: " + type);
    }
    switch (type) {
      case PlainBufferConsts.VT_DOUBLE:
        fixed(cell, 8);
        return;
      case PlainBufferConsts.VT_BOOLEAN: // any non-zero byte is true, stored (and checksummed, as the SDK does) as 1
        cell.data = readByte() != 0 ? TRUE : FALSE;
        cell.valueOffset = 0;
        cell.valueLength = 1;
        return;
      default:
        throw new IllegalArgumentException("Unsupported column type: " + type);
    }
  }

  private void fixed(Cell cell, int length) {
    cell.valueOffset = position;
    cell.valueLength = length;
    skip(length);
  }

  /** The cell checksum as the SDK computes it: name, value (type, length, bytes), timestamp, operation type. */
  private static byte cellChecksum(Cell cell) {
    byte crc = 0;
    if (cell.nameBytes != null) {
      crc = PlainBufferWriter.crc8(crc, cell.nameBytes, 0, cell.nameBytes.length);
    }
    if (cell.hasValue) {
      crc = PlainBufferWriter.crc8(crc, cell.valueType);
      if (cell.valueType == PlainBufferConsts.VT_STRING || cell.valueType == PlainBufferConsts.VT_BLOB) {
        crc = crc8Int(crc, cell.valueLength);
      }
      crc = PlainBufferWriter.crc8(crc, cell.data, cell.valueOffset, cell.valueOffset + cell.valueLength);
    }
    if (cell.hasTimestamp) {
      for (int i = 0; i < 8; i++) {
        crc = PlainBufferWriter.crc8(crc, (byte) (cell.timestamp >>> (8 * i)));
      }
    }
    if (cell.hasCellType) {
      crc = PlainBufferWriter.crc8(crc, cell.cellType);
    }
    return crc;
  }

  private static byte crc8Int(byte crc, int value) {
    for (int i = 0; i < 4; i++) {
      crc = PlainBufferWriter.crc8(crc, (byte) (value >>> (8 * i)));
    }
    return crc;
  }

  /** The next tag, or 0 at the end of the input (as the SDK reader). */
  private void readTag() {
    lastTag = position < in.length ? in[position++] : 0;
  }

  private byte readByte() {
    if (position >= in.length) {
      throw new IllegalArgumentException(PlainBufferConsts.READ_ROW_BYTE_EOF);
    }
    return in[position++];
  }

  private int readInt() {
    if (in.length - position < 4) {
      throw new IllegalArgumentException(PlainBufferConsts.READ_ROW_BYTE_EOF);
    }
    int v = (in[position] & 0xFF) | (in[position + 1] & 0xFF) << 8 | (in[position + 2] & 0xFF) << 16 | (in[position + 3] & 0xFF) << 24;
    position += 4;
    return v;
  }

  private long readLong() {
    if (in.length - position < 8) {
      throw new IllegalArgumentException(PlainBufferConsts.READ_ROW_BYTE_EOF);
    }
    long v = readLong(in, position);
    position += 8;
    return v;
  }

  static long readLong(byte[] bytes, int offset) {
    long v = 0;
    for (int i = 7; i >= 0; i--) {
      v = (v << 8) | (bytes[offset + i] & 0xFF);
    }
    return v;
  }

  private void skip(int length) {
    if (length < 0 || in.length - position < length) {
      throw new IllegalArgumentException(PlainBufferConsts.READ_BYTE_EOF);
    }
    position += length;
  }
}
