package io.tablestoreycsb.mock.storage;

import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyColumn;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A secondary index of a table and the index table that holds it. An index row's primary key is
 * the index's primary key columns (base primary key columns or predefined columns) followed by the
 * base primary key columns not among them; its attribute columns are the index's predefined
 * columns. A base row lacking a predefined column of the index's primary key (or holding a value of
 * another type) has no index row, as on the service (a sparse index).
 *
 * @param name the index (and its table's) name
 * @param primaryKey the index's primary key columns, in order
 * @param definedColumns the predefined columns the index rows carry
 * @param local whether it is a local index (IT_LOCAL_INDEX, updated synchronously); else global
 * @param table the index table
 */
public record SecondaryIndex(String name, List<String> primaryKey, List<String> definedColumns, boolean local, Table table) {

  public SecondaryIndex {
    primaryKey = List.copyOf(primaryKey);
    definedColumns = List.copyOf(definedColumns);
  }

  /**
   * The index table's primary key schema for an index of {@code base}: the index's columns with
   * their types (a base key column's, or a predefined column's), then the rest of the base key.
   */
  public static List<PrimaryKeySchema> indexTableSchema(List<PrimaryKeySchema> baseKey, List<PrimaryKeySchema> typedIndexKey) {
    List<PrimaryKeySchema> schema = new ArrayList<>(typedIndexKey);
    for (PrimaryKeySchema column : baseKey) {
      if (typedIndexKey.stream().noneMatch(c -> c.getName().equals(column.getName()))) {
        schema.add(new PrimaryKeySchema(column.getName(), column.getType()));
      }
    }
    return schema;
  }

  /** Brings the index in step with a base row that changed from {@code before} to {@code after} (null: absent). */
  void update(Table base, StoredRow before, StoredRow after) {
    byte[] oldKey = before == null ? null : indexKey(base, before);
    StoredRow newRow = after == null ? null : indexRow(base, after);
    if (oldKey != null && (newRow == null || !Arrays.equals(oldKey, newRow.key()))) {
      table.partition(table.partitionIndexOf(oldKey)).compute(oldKey, current -> null);
    }
    if (newRow != null) {
      table.partition(table.partitionIndexOf(newRow.key())).compute(newRow.key(), current -> newRow);
    }
  }

  /** Indexes every row {@code base} holds now (CreateIndex with include_base_data). */
  void indexExistingRows(Table base) {
    var rows = base.allRows();
    while (rows.hasNext()) {
      update(base, null, rows.next());
    }
  }

  private byte[] indexKey(Table base, StoredRow row) {
    PrimaryKey key = indexPrimaryKey(base, row);
    return key == null ? null : RowKey.encode(key);
  }

  private StoredRow indexRow(Table base, StoredRow row) {
    PrimaryKey key = indexPrimaryKey(base, row);
    if (key == null) {
      return null;
    }
    RowBuilder columns = RowBuilder.empty();
    for (String column : definedColumns) {
      byte[] name = column.getBytes(StandardCharsets.UTF_8);
      CellCursor cursor = row.cursor();
      if (cursor.seekColumn(name) && cursor.nextVersion()) {
        columns.put(name, new RowBuilder.Version(cursor.timestamp(), cursor.type(), cursor.array(), cursor.valueOffset(),
            cursor.valueLength()), 1);
      }
    }
    return new StoredRow(RowKey.encode(key), columns.build());
  }

  /** The index row's primary key for a base row, or null when the row lacks an indexed column. */
  private PrimaryKey indexPrimaryKey(Table base, StoredRow row) {
    PrimaryKey baseKey = base.decodeKey(row.key());
    List<PrimaryKeySchema> schema = table.schema();
    PrimaryKeyColumn[] columns = new PrimaryKeyColumn[schema.size()];
    for (int i = 0; i < columns.length; i++) {
      PrimaryKeySchema column = schema.get(i);
      PrimaryKeyColumn fromKey = baseKey.getPrimaryKeyColumn(column.getName());
      PrimaryKeyValue value = fromKey != null ? fromKey.getValue() : attributeValue(row, column);
      if (value == null) {
        return null;
      }
      columns[i] = new PrimaryKeyColumn(column.getName(), value);
    }
    return new PrimaryKey(columns);
  }

  /** The newest value of a predefined column as a primary key value of the column's type, or null. */
  private static PrimaryKeyValue attributeValue(StoredRow row, PrimaryKeySchema column) {
    CellCursor cursor = row.cursor();
    if (!cursor.seekColumn(column.getName().getBytes(StandardCharsets.UTF_8)) || !cursor.nextVersion()) {
      return null;
    }
    byte[] bytes = Arrays.copyOfRange(cursor.array(), cursor.valueOffset(), cursor.valueOffset() + cursor.valueLength());
    PrimaryKeyType type = column.getType();
    if (type == PrimaryKeyType.INTEGER && cursor.type() == Cells.INTEGER) {
      return PrimaryKeyValue.fromLong(cursor.longValue());
    }
    if (type == PrimaryKeyType.STRING && cursor.type() == Cells.STRING) {
      return PrimaryKeyValue.fromString(new String(bytes, StandardCharsets.UTF_8), bytes);
    }
    if (type == PrimaryKeyType.BINARY && cursor.type() == Cells.BINARY) {
      return PrimaryKeyValue.fromBinary(bytes);
    }
    return null;
  }
}
