package io.tablestoreycsb.mock.operations;

import com.aliyun.ots.thirdparty.com.google.protobuf.ByteString;
import io.tablestoreycsb.mock.protocol.PlainBufferWriter;
import io.tablestoreycsb.mock.storage.CellCursor;
import io.tablestoreycsb.mock.storage.RowKey;
import io.tablestoreycsb.mock.storage.StoredRow;
import io.tablestoreycsb.mock.storage.Table;

/**
 * Stored rows into PlainBuffer responses, straight from the stored bytes: the primary key from its
 * encoding and the table's column names, the cells from their packed form (stored types and
 * little-endian layout are PlainBuffer's, so values and timestamps are copied as they are).
 */
final class RowEncoder {
  private RowEncoder() {}

  /** One row with header: the primary key and the versions the projection selected. */
  static ByteString row(Table table, StoredRow row, ReadSpec.Projection projection) {
    PlainBufferWriter writer = new PlainBufferWriter(64 + row.key().length + row.cells().length + 48 * projection.count());
    writer.header();
    write(writer, table, row, projection);
    return writer.toByteString();
  }

  /** One row with header holding only the primary key (RT_PK, next_start_primary_key). */
  static ByteString primaryKeyOnly(Table table, byte[] key) {
    PlainBufferWriter writer = new PlainBufferWriter(64 + 2 * key.length);
    writer.header();
    writer.startRow();
    writePrimaryKey(writer, table, key);
    writer.endRow();
    return writer.toByteString();
  }

  /** Appends one row (no header) to a multi-row response. */
  static void write(PlainBufferWriter writer, Table table, StoredRow row, ReadSpec.Projection projection) {
    writer.startRow();
    writePrimaryKey(writer, table, row.key());
    if (projection.count() > 0) {
      writer.startData();
      CellCursor cursor = row.cursor();
      byte[] cells = row.cells();
      for (int i = 0; i < projection.count(); i++) {
        cursor.seekVersion(projection.versionOffset(i));
        writer.attribute(cells, projection.nameOffset(i), projection.nameLength(i), cursor.type(), cells, cursor.valueOffset(),
            cursor.valueLength(), cursor.timestamp());
      }
    }
    writer.endRow();
  }

  static void writePrimaryKey(PlainBufferWriter writer, Table table, byte[] key) {
    byte[][] names = table.primaryKeyNames();
    RowKey.Reader reader = new RowKey.Reader(key);
    int i = 0;
    while (reader.next()) {
      switch (reader.type()) {
        case INTEGER:
          writer.primaryKeyInteger(names[i], reader.integer());
          break;
        case STRING:
          writer.primaryKeyBytes(names[i], false, reader.bytes());
          break;
        case BINARY:
          writer.primaryKeyBytes(names[i], true, reader.bytes());
          break;
        default:
          throw new IllegalStateException("unexpected primary key type " + reader.type());
      }
      i++;
    }
  }
}
