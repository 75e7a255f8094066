package io.tablestoreycsb.mock.journal;

import com.alicloud.openservices.tablestore.model.PrimaryKey;
import io.tablestoreycsb.mock.protocol.ErrorCode;

/**
 * One row of a recorded request: the row a PutRow, GetRow, UpdateRow or DeleteRow named, or one
 * row of a BatchWriteRow or BatchGetRow, in request order.
 *
 * @param table the table the row belongs to
 * @param primaryKey the row's primary key; null when the mock could not decode it (its table does
 *     not exist, or its bytes are malformed: then {@code errorCode} says why)
 * @param errorCode null when the row succeeded; for a batch the row's own error, for a single-row
 *     request the request's error
 * @param errorMessage the message sent with {@code errorCode}; null when the row succeeded
 * @param injected true when the fault plan injected the error
 * @param condition the condition a write carried (row existence, a column condition); null for a
 *     read, and for the rows of a batch an injected fault refused before the mock read them
 */
public record RecordedRow(String table, PrimaryKey primaryKey, ErrorCode errorCode, String errorMessage,
    boolean injected, RecordedCondition condition) {

  /** True when the row succeeded. */
  public boolean succeeded() {
    return errorCode == null;
  }

  /**
   * The value of primary key column {@code name} as a string (STRING, INTEGER in decimal), e.g.
   * {@code row.key("userid")}; null when the key is unknown.
   */
  public String key(String name) {
    if (primaryKey == null) {
      return null;
    }
    var column = primaryKey.getPrimaryKeyColumn(name);
    if (column == null) {
      throw new IllegalArgumentException("the primary key of table " + table + " has no column " + name
          + "; it has " + primaryKey);
    }
    return column.getValue().toString();
  }

  @Override
  public String toString() {
    return table + " " + (primaryKey == null ? "(key not decoded)" : primaryKey.toString())
        + (errorCode == null ? "" : " -> " + errorCode.code() + (injected ? " (injected)" : ""));
  }
}
