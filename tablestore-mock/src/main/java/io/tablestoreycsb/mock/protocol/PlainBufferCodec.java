package io.tablestoreycsb.mock.protocol;

import com.alicloud.openservices.tablestore.core.protocol.PlainBufferBuilder;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferCell;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferCodedOutputStream;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferConsts;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferConversion;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferOutputStream;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferRow;
import com.alicloud.openservices.tablestore.model.Column;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyColumn;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.aliyun.ots.thirdparty.com.google.protobuf.ByteString;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * PlainBuffer rows in and out, on top of the SDK's codec (which verifies both checksums). Every
 * decoding failure becomes OTSParameterInvalid naming the request field that was malformed.
 */
public final class PlainBufferCodec {
  private PlainBufferCodec() {}

  /** One row (a row change or a primary key) from a request field. */
  public static PlainBufferReader.Row decodeOneRow(ByteString bytes, String field) {
    List<PlainBufferReader.Row> rows = decodeRows(bytes, field);
    if (rows.size() != 1) {
      throw OtsException.parameterInvalid("The " + field + " must hold exactly one PlainBuffer row, found " + rows.size() + ".");
    }
    return rows.get(0);
  }

  /**
   * The rows of a request field, read (and checksum-verified) as the SDK reads them, by the mock's
   * own {@link PlainBufferReader}: values stay ranges of one copy of the field's bytes.
   */
  public static List<PlainBufferReader.Row> decodeRows(ByteString bytes, String field) {
    if (bytes.isEmpty()) {
      throw OtsException.parameterInvalid("The " + field + " is empty.");
    }
    try {
      return PlainBufferReader.readRowsWithHeader(bytes.toByteArray());
    } catch (RuntimeException e) {
      throw OtsException.parameterInvalid("Invalid PlainBuffer in " + field + ": " + describe(e));
    }
  }

  /**
   * The primary key of a request field holding a bare primary key to read (GetRow, BatchGetRow,
   * GetRange bounds): the AUTO_INCREMENT placeholder, which only a write may carry, is refused.
   */
  public static PrimaryKey decodePrimaryKey(ByteString bytes, String field) {
    PrimaryKey key = primaryKeyOf(decodeOneRow(bytes, field), field);
    for (PrimaryKeyColumn column : key.getPrimaryKeyColumns()) {
      if (column.getValue().isPlaceHolderForAutoIncr()) {
        throw OtsException.parameterInvalid("The AUTO_INCREMENT placeholder of primary key column " + column.getName()
            + " in " + field + " is only allowed in a PutRow, UpdateRow or BatchWriteRow row change.");
      }
    }
    return key;
  }

  /** A row's primary key; an AUTO_INCREMENT placeholder stays {@link PrimaryKeyValue#AUTO_INCREMENT} for the write to resolve. */
  public static PrimaryKey primaryKeyOf(PlainBufferReader.Row row, String field) {
    List<PrimaryKeyColumn> columns = new ArrayList<>(row.primaryKey.size());
    for (PlainBufferReader.Cell cell : row.primaryKey) {
      if (cell.name == null || !cell.hasValue) {
        throw OtsException.parameterInvalid("A primary key cell in " + field + " has no name or no value.");
      }
      columns.add(new PrimaryKeyColumn(cell.name, primaryKeyValue(cell)));
    }
    if (columns.isEmpty()) {
      throw OtsException.parameterInvalid("The primary key in " + field + " is empty.");
    }
    return new PrimaryKey(columns);
  }

  private static PrimaryKeyValue primaryKeyValue(PlainBufferReader.Cell cell) {
    switch (cell.valueType) {
      case PlainBufferConsts.VT_INTEGER:
        return PrimaryKeyValue.fromLong(cell.longValue());
      case PlainBufferConsts.VT_STRING: {
        byte[] raw = cell.valueBytes();
        return PrimaryKeyValue.fromString(new String(raw, StandardCharsets.UTF_8), raw);
      }
      case PlainBufferConsts.VT_BLOB:
        return PrimaryKeyValue.fromBinary(cell.valueBytes());
      case PlainBufferConsts.VT_INF_MIN:
        return PrimaryKeyValue.INF_MIN;
      case PlainBufferConsts.VT_INF_MAX:
        return PrimaryKeyValue.INF_MAX;
      case PlainBufferConsts.VT_AUTO_INCREMENT:
        return PrimaryKeyValue.AUTO_INCREMENT;
      default:
        throw new IllegalStateException("the reader let through primary key type " + cell.valueType);
    }
  }

  /**
   * A split point of CreateTable's {@code partitions}: one primary key value without the length
   * prefix (type byte, then LE64 or LE32 length + bytes).
   */
  public static PrimaryKeyValue decodeBareValue(ByteString bytes, String field) {
    ByteBuffer in = bytes.asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
    try {
      byte type = in.get();
      PrimaryKeyValue value;
      switch (type) {
        case PlainBufferConsts.VT_INF_MIN:
          value = PrimaryKeyValue.INF_MIN;
          break;
        case PlainBufferConsts.VT_INF_MAX:
          value = PrimaryKeyValue.INF_MAX;
          break;
        case PlainBufferConsts.VT_INTEGER:
          value = PrimaryKeyValue.fromLong(in.getLong());
          break;
        case PlainBufferConsts.VT_STRING: {
          byte[] raw = readLengthPrefixed(in);
          value = PrimaryKeyValue.fromString(new String(raw, StandardCharsets.UTF_8), raw);
          break;
        }
        case PlainBufferConsts.VT_BLOB:
          value = PrimaryKeyValue.fromBinary(readLengthPrefixed(in));
          break;
        default:
          throw OtsException.parameterInvalid("Unsupported primary key value type " + type + " in " + field + ".");
      }
      if (in.hasRemaining()) {
        throw OtsException.parameterInvalid("Trailing bytes after the value in " + field + ".");
      }
      return value;
    } catch (java.nio.BufferUnderflowException | IllegalArgumentException e) {
      throw OtsException.parameterInvalid("Truncated primary key value in " + field + ".");
    }
  }

  /**
   * An attribute value without the length prefix (type byte, then payload), as column
   * conditions and filters carry their operand.
   */
  public static ColumnValue decodeBareColumnValue(ByteString bytes, String field) {
    ByteBuffer in = bytes.asReadOnlyByteBuffer().order(ByteOrder.LITTLE_ENDIAN);
    try {
      byte type = in.get();
      ColumnValue value;
      switch (type) {
        case PlainBufferConsts.VT_INTEGER:
          value = ColumnValue.fromLong(in.getLong());
          break;
        case PlainBufferConsts.VT_DOUBLE:
          value = ColumnValue.fromDouble(Double.longBitsToDouble(in.getLong()));
          break;
        case PlainBufferConsts.VT_BOOLEAN:
          value = ColumnValue.fromBoolean(in.get() != 0);
          break;
        case PlainBufferConsts.VT_STRING: {
          byte[] raw = readLengthPrefixed(in);
          value = ColumnValue.fromString(new String(raw, StandardCharsets.UTF_8), raw);
          break;
        }
        case PlainBufferConsts.VT_BLOB:
          value = ColumnValue.fromBinary(readLengthPrefixed(in));
          break;
        default:
          throw OtsException.parameterInvalid("Unsupported column value type " + type + " in " + field + ".");
      }
      if (in.hasRemaining()) {
        throw OtsException.parameterInvalid("Trailing bytes after the value in " + field + ".");
      }
      return value;
    } catch (java.nio.BufferUnderflowException | IllegalArgumentException e) {
      throw OtsException.parameterInvalid("Truncated column value in " + field + ".");
    }
  }

  private static byte[] readLengthPrefixed(ByteBuffer in) {
    int length = in.getInt();
    if (length < 0 || length > in.remaining()) {
      throw new IllegalArgumentException("bad length");
    }
    byte[] raw = new byte[length];
    in.get(raw);
    return raw;
  }

  /**
   * One row with header: primary key plus columns (each with its timestamp), with the SDK's
   * encoder (split points; responses from stored rows use {@link PlainBufferWriter}).
   */
  public static ByteString encodeRow(PrimaryKey primaryKey, List<Column> columns) {
    PlainBufferRow row = toPlainBufferRow(primaryKey, columns);
    try {
      PlainBufferOutputStream out = new PlainBufferOutputStream(PlainBufferBuilder.computePlainBufferRowWithHeader(row));
      new PlainBufferCodedOutputStream(out).writeRowWithHeader(row);
      return ByteString.copyFrom(out.getBuffer());
    } catch (IOException e) {
      throw new IllegalStateException("Failed to encode a row as PlainBuffer", e);
    }
  }

  private static PlainBufferRow toPlainBufferRow(PrimaryKey primaryKey, List<Column> columns) {
    try {
      List<PlainBufferCell> pkCells = new ArrayList<>(primaryKey.size());
      for (PrimaryKeyColumn column : primaryKey.getPrimaryKeyColumns()) {
        pkCells.add(PlainBufferConversion.toPlainBufferCell(column));
      }
      List<PlainBufferCell> cells = new ArrayList<>(columns.size());
      for (Column column : columns) {
        cells.add(PlainBufferConversion.toPlainBufferCell(column, false, false, false, (byte) 0));
      }
      return new PlainBufferRow(pkCells, cells, false);
    } catch (IOException e) {
      throw new IllegalStateException("Failed to build a PlainBuffer row", e);
    }
  }

  private static String describe(Throwable e) {
    String message = e.getMessage();
    if (message == null || message.isEmpty()) {
      return e.getClass().getSimpleName();
    }
    return message;
  }
}
