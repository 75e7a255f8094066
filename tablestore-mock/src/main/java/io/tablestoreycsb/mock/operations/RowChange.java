package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.PlainBufferConsts;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.aliyun.ots.thirdparty.com.google.protobuf.ByteString;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.protocol.PlainBufferCodec;
import io.tablestoreycsb.mock.protocol.PlainBufferReader;
import io.tablestoreycsb.mock.protocol.RowSizes;
import io.tablestoreycsb.mock.protocol.ServiceLimits;
import io.tablestoreycsb.mock.storage.Cells;
import io.tablestoreycsb.mock.storage.RowKey;
import io.tablestoreycsb.mock.storage.Table;
import java.util.ArrayList;
import java.util.List;

/** A decoded, validated row change: PUT (replace the row), UPDATE (change columns) or DELETE. */
final class RowChange {
  enum Kind { PUT, UPDATE, DELETE }

  enum CellOp { PUT, DELETE_ONE_VERSION, DELETE_ALL_VERSIONS, INCREMENT }

  /**
   * One column operation; {@code nameBytes} is the name's UTF-8; the value (if any) is
   * {@code data[offset, offset + length)} of stored type {@code type} ({@link Cells}; -1 = no value);
   * {@code timestamp} is -1 when the client left it to the server.
   */
  record CellChange(String name, byte[] nameBytes, CellOp op, byte type, byte[] data, int offset, int length, long timestamp) {
    boolean hasValue() {
      return type >= 0;
    }

    /** An INTEGER value (INCREMENT's delta). */
    long longValue() {
      return Cells.readLong(data, offset);
    }
  }

  final Kind kind;
  final PrimaryKey primaryKey;
  /** The primary key encoded for storage ({@link RowKey}). */
  final byte[] key;
  final List<CellChange> cells;
  /** Billed write size: primary key plus the names and values written. */
  final long dataBytes;

  private RowChange(Kind kind, PrimaryKey primaryKey, List<CellChange> cells, long dataBytes) {
    this.kind = kind;
    this.primaryKey = primaryKey;
    this.key = RowKey.encode(primaryKey);
    this.cells = cells;
    this.dataBytes = dataBytes;
  }

  static RowChange decode(Kind kind, ByteString bytes, Table table, String field) {
    if (bytes.size() > ServiceLimits.MAX_ROW_CHANGE_BYTES) {
      throw new OtsException(ErrorCode.OUT_OF_ROW_SIZE_LIMIT, "The size of the row change in " + field + " is " + bytes.size()
          + " bytes, which exceeds the limit of " + ServiceLimits.MAX_ROW_CHANGE_BYTES + " bytes.");
    }
    if (table.indexedTable() != null) {
      throw OtsException.parameterInvalid("Table " + table.name() + " is an index of table " + table.indexedTable().name()
          + ": write to that table, its index follows.");
    }
    PlainBufferReader.Row row = PlainBufferCodec.decodeOneRow(bytes, field);
    PrimaryKey key = AutoIncrementColumns.assign(table, PlainBufferCodec.primaryKeyOf(row, field), kind, field);
    ServiceLimits.checkPrimaryKey(key, table.schema(), false);
    if (kind == Kind.DELETE) {
      if (!row.cells.isEmpty()) {
        throw OtsException.parameterInvalid("A delete row change must not carry attribute columns (" + field + ").");
      }
      return new RowChange(kind, key, List.of(), RowSizes.primaryKey(key));
    }
    if (row.deleteMarker) {
      throw OtsException.parameterInvalid("Only a delete row change may carry a delete marker (" + field + ").");
    }
    if (row.cells.size() > ServiceLimits.MAX_COLUMNS_PER_WRITE) {
      throw new OtsException(ErrorCode.OUT_OF_COLUMN_COUNT_LIMIT, "The number of attribute columns is " + row.cells.size()
          + ", which exceeds the limit of " + ServiceLimits.MAX_COLUMNS_PER_WRITE + " columns per row per request.");
    }
    if (kind == Kind.UPDATE && row.cells.isEmpty()) {
      throw OtsException.parameterInvalid("An update row change must change at least one attribute column (" + field + ").");
    }
    List<CellChange> cells = new ArrayList<>(row.cells.size());
    long bytesWritten = RowSizes.primaryKey(key);
    for (PlainBufferReader.Cell cell : row.cells) {
      CellChange change = decodeCell(kind, cell, key);
      cells.add(change);
      bytesWritten += change.nameBytes().length + (change.hasValue() ? change.length() : 0);
    }
    return new RowChange(kind, key, cells, bytesWritten);
  }

  private static CellChange decodeCell(Kind kind, PlainBufferReader.Cell cell, PrimaryKey key) {
    if (cell.name == null) {
      throw OtsException.parameterInvalid("An attribute cell has no name.");
    }
    String name = cell.name;
    ServiceLimits.checkName(name, "column");
    if (key.contains(name)) {
      throw OtsException.parameterInvalid("Attribute column " + name + " has the name of a primary key column.");
    }
    long ts = cell.hasTimestamp ? cell.timestamp : -1;
    if (cell.hasTimestamp) {
      ServiceLimits.checkTimestamp(name, cell.timestamp);
    }
    CellOp op = CellOp.PUT;
    if (cell.hasCellType) {
      if (kind == Kind.PUT) {
        throw OtsException.parameterInvalid("PutRow cells must not carry an operation type (column " + name + ").");
      }
      switch (cell.cellType) {
        case PlainBufferConsts.DELETE_ONE_VERSION:
          if (ts < 0) {
            throw OtsException.parameterInvalid("Deleting one version of column " + name + " needs its timestamp.");
          }
          op = CellOp.DELETE_ONE_VERSION;
          break;
        case PlainBufferConsts.DELETE_ALL_VERSION:
          op = CellOp.DELETE_ALL_VERSIONS;
          break;
        case PlainBufferConsts.INCREMENT:
          op = CellOp.INCREMENT;
          break;
        default:
          throw OtsException.parameterInvalid("Unknown cell operation type " + cell.cellType + " on column " + name + ".");
      }
    }
    if ((op == CellOp.PUT || op == CellOp.INCREMENT) && !cell.hasValue) {
      throw OtsException.parameterInvalid("Column " + name + " has no value.");
    }
    // PlainBuffer's variant type numbers are the stored types (Cells), and its value layout the stored layout.
    byte type = cell.hasValue ? cell.valueType : -1;
    if (op == CellOp.INCREMENT && type != Cells.INTEGER) {
      throw OtsException.parameterInvalid("Increment of column " + name + " needs an INTEGER value.");
    }
    if (cell.hasValue) {
      ServiceLimits.checkAttributeValueSize(name, cell.valueLength);
    }
    return new CellChange(name, cell.nameBytes, op, type, cell.data, cell.valueOffset, cell.valueLength, ts);
  }
}
