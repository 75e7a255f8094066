package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyColumn;
import com.alicloud.openservices.tablestore.model.PrimaryKeyOption;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.storage.Table;
import java.util.List;

/**
 * Auto-increment primary key columns, by the service's rules (its "auto-increment primary key
 * column" documentation): a table has at most one, it is an INTEGER column and not the partition
 * key (the first column); a write (PutRow, UpdateRow, a BatchWriteRow PUT or UPDATE) puts the
 * AUTO_INCREMENT placeholder in it and the server assigns a value that strictly increases within
 * the partition key, which ReturnType RT_PK returns. A write may also name an existing value (to
 * update or overwrite a row it read); DeleteRow and reads need the value.
 */
final class AutoIncrementColumns {
  private AutoIncrementColumns() {}

  /** Checks CreateTable's primary key options. */
  static void checkSchema(List<PrimaryKeySchema> schema) {
    String autoIncrement = null;
    for (int i = 0; i < schema.size(); i++) {
      PrimaryKeySchema column = schema.get(i);
      if (column.getOption() != PrimaryKeyOption.AUTO_INCREMENT) {
        continue;
      }
      if (i == 0) {
        throw OtsException.parameterInvalid("The partition key (the first primary key column) " + column.getName()
            + " cannot be an auto-increment column.");
      }
      if (column.getType() != PrimaryKeyType.INTEGER) {
        throw OtsException.parameterInvalid("Auto-increment primary key column " + column.getName()
            + " must be of type INTEGER, got " + column.getType() + ".");
      }
      if (autoIncrement != null) {
        throw OtsException.parameterInvalid("A table has at most one auto-increment primary key column, got "
            + autoIncrement + " and " + column.getName() + ".");
      }
      autoIncrement = column.getName();
    }
  }

  /**
   * {@code key} with the AUTO_INCREMENT placeholder replaced by the table's next value; {@code key}
   * itself when it carries none. A placeholder in a column that is not the table's auto-increment
   * column, or in a delete, is refused.
   */
  static PrimaryKey assign(Table table, PrimaryKey key, RowChange.Kind kind, String field) {
    PrimaryKeyColumn[] columns = key.getPrimaryKeyColumns();
    PrimaryKeyColumn[] assigned = null;
    List<PrimaryKeySchema> schema = table.schema();
    for (int i = 0; i < columns.length; i++) {
      if (!columns[i].getValue().isPlaceHolderForAutoIncr()) {
        continue;
      }
      String name = columns[i].getName();
      boolean isAutoIncrementColumn = i < schema.size() && schema.get(i).getName().equals(name)
          && schema.get(i).getOption() == PrimaryKeyOption.AUTO_INCREMENT;
      if (!isAutoIncrementColumn) {
        throw OtsException.parameterInvalid("Primary key column " + name + " in " + field + " is not an auto-increment"
            + " column of table " + table.name() + ": it cannot take the AUTO_INCREMENT placeholder.");
      }
      if (kind == RowChange.Kind.DELETE) {
        throw OtsException.parameterInvalid("A delete must name the row's value of auto-increment column " + name + " in "
            + field + ", not the AUTO_INCREMENT placeholder.");
      }
      if (assigned == null) {
        assigned = columns.clone();
      }
      assigned[i] = new PrimaryKeyColumn(name, PrimaryKeyValue.fromLong(table.autoIncrement().next()));
    }
    return assigned == null ? key : new PrimaryKey(assigned);
  }
}
