package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.PlainBufferCell;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferConsts;
import com.alicloud.openservices.tablestore.core.protocol.PlainBufferRow;
import com.alicloud.openservices.tablestore.model.ColumnType;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.aliyun.ots.thirdparty.com.google.protobuf.ByteString;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.protocol.PlainBufferCodec;
import io.tablestoreycsb.mock.protocol.RowSizes;
import io.tablestoreycsb.mock.protocol.ServiceLimits;
import io.tablestoreycsb.mock.storage.RowKey;
import io.tablestoreycsb.mock.storage.Table;
import java.util.ArrayList;
import java.util.List;

/** A decoded, validated row change: PUT (replace the row), UPDATE (change columns) or DELETE. */
final class RowChange {
  enum Kind { PUT, UPDATE, DELETE }

  enum CellOp { PUT, DELETE_ONE_VERSION, DELETE_ALL_VERSIONS, INCREMENT }

  /**
   * One column operation; {@code nameBytes} is the name's UTF-8; {@code timestamp} is -1 when the
   * client left it to the server.
   */
  record CellChange(String name, byte[] nameBytes, CellOp op, ColumnValue value, long timestamp) {}

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
    PlainBufferRow row = PlainBufferCodec.decodeOneRow(bytes, field);
    PrimaryKey key = PlainBufferCodec.primaryKeyOf(row, field);
    ServiceLimits.checkPrimaryKey(key, table.schema(), false);
    if (kind == Kind.DELETE) {
      if (row.hasCells()) {
        throw OtsException.parameterInvalid("A delete row change must not carry attribute columns (" + field + ").");
      }
      return new RowChange(kind, key, List.of(), RowSizes.primaryKey(key));
    }
    if (row.hasDeleteMarker()) {
      throw OtsException.parameterInvalid("Only a delete row change may carry a delete marker (" + field + ").");
    }
    if (row.getCells().size() > ServiceLimits.MAX_COLUMNS_PER_WRITE) {
      throw new OtsException(ErrorCode.OUT_OF_COLUMN_COUNT_LIMIT, "The number of attribute columns is " + row.getCells().size()
          + ", which exceeds the limit of " + ServiceLimits.MAX_COLUMNS_PER_WRITE + " columns per row per request.");
    }
    if (kind == Kind.UPDATE && row.getCells().isEmpty()) {
      throw OtsException.parameterInvalid("An update row change must change at least one attribute column (" + field + ").");
    }
    List<CellChange> cells = new ArrayList<>(row.getCells().size());
    long bytesWritten = RowSizes.primaryKey(key);
    for (PlainBufferCell cell : row.getCells()) {
      CellChange change = decodeCell(kind, cell, key);
      cells.add(change);
      bytesWritten += change.nameBytes().length + (change.value() == null ? 0 : change.value().getDataSize());
    }
    return new RowChange(kind, key, cells, bytesWritten);
  }

  private static CellChange decodeCell(Kind kind, PlainBufferCell cell, PrimaryKey key) {
    if (!cell.hasCellName()) {
      throw OtsException.parameterInvalid("An attribute cell has no name.");
    }
    String name = cell.getCellName();
    ServiceLimits.checkName(name, "column");
    if (key.contains(name)) {
      throw OtsException.parameterInvalid("Attribute column " + name + " has the name of a primary key column.");
    }
    long ts = cell.hasCellTimestamp() ? cell.getCellTimestamp() : -1;
    CellOp op = CellOp.PUT;
    if (cell.hasCellType()) {
      if (kind == Kind.PUT) {
        throw OtsException.parameterInvalid("PutRow cells must not carry an operation type (column " + name + ").");
      }
      switch (cell.getCellType()) {
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
          throw OtsException.parameterInvalid("Unknown cell operation type " + cell.getCellType() + " on column " + name + ".");
      }
    }
    ColumnValue value = cell.hasCellValue() ? cell.getCellValue() : null;
    if ((op == CellOp.PUT || op == CellOp.INCREMENT) && value == null) {
      throw OtsException.parameterInvalid("Column " + name + " has no value.");
    }
    if (op == CellOp.INCREMENT && value.getType() != ColumnType.INTEGER) {
      throw OtsException.parameterInvalid("Increment of column " + name + " needs an INTEGER value.");
    }
    if (value != null) {
      ServiceLimits.checkAttributeValue(name, value);
    }
    return new CellChange(name, cell.getNameRawData(), op, value, ts);
  }
}
