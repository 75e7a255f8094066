package io.tablestoreycsb.binding.client;

import com.alicloud.openservices.tablestore.model.Column;
import com.alicloud.openservices.tablestore.model.ColumnType;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyColumn;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.Row;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.RowQueryCriteria;
import com.alicloud.openservices.tablestore.model.RowUpdateChange;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;

/**
 * Converts between YCSB records (key + field map) and SDK rows. Field values are stored as STRING
 * columns (YCSB's generators produce ASCII text; arbitrary bytes are decoded as UTF-8); reads take
 * the newest version of each column and give back the stored bytes, never a string form of an SDK
 * object.
 *
 * <p>{@link #decode} keeps the names of the row it decoded last, so one instance decodes for one
 * thread at a time (the binding has one per DB instance, i.e. per YCSB thread); building requests
 * keeps no state.
 */
public final class RowCodec {
  private final String primaryKeyName;
  /**
   * The attribute column names of the row decoded last, by position. The SDK decodes every name of
   * every row into a new String, whose hash {@code HashMap.put} would compute again for each value
   * (the top frame of a 100-row scan's YCSB threads in docs/performance.md); a scan's rows share
   * their columns, so a name equal to the previous row's at the same position is put under that
   * earlier instance, whose hash is cached. Equality is checked, never assumed: a row with other
   * columns replaces the names it does not share.
   */
  private String[] recentNames = new String[8];

  public RowCodec(String primaryKeyName) {
    this.primaryKeyName = primaryKeyName;
  }

  public PrimaryKey primaryKey(String key) {
    return primaryKey(PrimaryKeyValue.fromString(key));
  }

  /**
   * A one-column key built straight from its array: the SDK's PrimaryKeyBuilder would add a builder, a
   * list and the list's copy to every request (224 bytes a key against 104, BindingHotPathsBench.primaryKey with -prof gc).
   */
  public PrimaryKey primaryKey(PrimaryKeyValue value) {
    return new PrimaryKey(new PrimaryKeyColumn[] {new PrimaryKeyColumn(primaryKeyName, value)});
  }

  public RowPutChange putChange(String table, String key, Map<String, ByteIterator> values) {
    RowPutChange change = new RowPutChange(table, primaryKey(key));
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      change.addColumn(e.getKey(), stringValue(e.getValue()));
    }
    return change;
  }

  public RowUpdateChange updateChange(String table, String key, Map<String, ByteIterator> values) {
    RowUpdateChange change = new RowUpdateChange(table, primaryKey(key));
    for (Map.Entry<String, ByteIterator> e : values.entrySet()) {
      change.put(e.getKey(), stringValue(e.getValue()));
    }
    return change;
  }

  /**
   * Restricts a query to {@code fields}. The primary key column is requested too: the service
   * leaves out a row none of whose requested columns exist, which would make an existing row look
   * missing (GetRow) or shorten a scan (GetRange).
   */
  public void project(RowQueryCriteria criteria, Set<String> fields) {
    if (fields != null) {
      criteria.addColumnsToGet(fields);
      criteria.addColumnsToGet(primaryKeyName);
    }
  }

  /** Copies the newest version of each requested (or every) attribute column into {@code result}. */
  public void decode(Row row, Set<String> fields, Map<String, ByteIterator> result) {
    if (fields != null) {
      for (String field : fields) {
        Column column = row.getLatestColumn(field);
        if (column != null) {
          result.put(field, valueOf(column.getValue()));
        }
      }
      return;
    }
    // getColumns() is sorted by name, newest version first within a name.
    Column[] columns = row.getColumns();
    if (columns.length > recentNames.length) {
      recentNames = Arrays.copyOf(recentNames, Math.max(columns.length, 2 * recentNames.length));
    }
    String previous = null;
    for (int i = 0; i < columns.length; i++) {
      String name = canonicalName(i, columns[i].getName());
      if (!name.equals(previous)) {
        result.put(name, valueOf(columns[i].getValue()));
        previous = name;
      }
    }
  }

  /** {@code name}, or the equal name at {@code position} of the row decoded before (hash cached). */
  private String canonicalName(int position, String name) {
    String known = recentNames[position];
    if (name.equals(known)) {
      return known;
    }
    recentNames[position] = name;
    return name;
  }

  /**
   * A value for YCSB. A STRING value is encoded to UTF-8 only when YCSB reads it
   * ({@link Utf8ValueIterator}): a run without {@code dataintegrity} never does, and the plain SDK
   * loop the binding is measured against does not encode it either.
   */
  static ByteIterator valueOf(ColumnValue value) {
    if (value.getType() == ColumnType.STRING) {
      return new Utf8ValueIterator(value.asString());
    }
    return new ByteArrayByteIterator(bytes(value));
  }

  /**
   * A STRING column value with its UTF-8 bytes attached, so the SDK does not encode the string
   * again (it looks the charset up by name for every value). YCSB's generators produce ASCII,
   * whose bytes are their own UTF-8; anything else is decoded as UTF-8 (invalid sequences become
   * U+FFFD) and re-encoded, exactly as a plain {@code ColumnValue.fromString} would send it.
   */
  static ColumnValue stringValue(ByteIterator value) {
    byte[] raw = value.toArray();
    if (isAscii(raw)) {
      return ColumnValue.fromString(new String(raw, StandardCharsets.US_ASCII), raw);
    }
    String text = new String(raw, StandardCharsets.UTF_8);
    return ColumnValue.fromString(text, text.getBytes(StandardCharsets.UTF_8));
  }

  private static boolean isAscii(byte[] raw) {
    for (byte b : raw) {
      if (b < 0) {
        return false;
      }
    }
    return true;
  }

  /**
   * The size of {@code row} exactly as the SDK's {@code RowPutChange.getDataSize()} counts it (the
   * UTF-8 bytes of every name and value, 8 bytes a long, double or timestamp), for the batch's 4 MB
   * limit. The SDK's own method encodes every name and STRING value to UTF-8 again, looking the
   * charset up by its name each time (6 names and 500 bytes of values a YCSB row); here values use
   * the bytes {@link #stringValue} attached and names are measured without encoding them.
   */
  static long dataSize(RowPutChange row) {
    long size = 0;
    PrimaryKey key = row.getPrimaryKey();
    for (int i = 0; i < key.size(); i++) {
      PrimaryKeyColumn column = key.getPrimaryKeyColumn(i);
      size += utf8Length(column.getName()) + column.getValue().getDataSize(); // a key value's size is kept
    }
    for (Column column : row.getColumnsToPut()) {
      ColumnValue value = column.getValue();
      size += utf8Length(column.getName()) + (column.hasSetTimestamp() ? 8 : 0)
          + switch (value.getType()) {
            case STRING -> value.asStringInBytes().length;
            case BINARY -> value.asBinary().length;
            default -> value.getDataSize(); // INTEGER, DOUBLE, BOOLEAN: a constant
          };
    }
    return size;
  }

  /** The length of {@code text} in UTF-8 as {@code String.getBytes} gives it (a lone surrogate is one byte, '?'). */
  static int utf8Length(String text) {
    int length = 0;
    int n = text.length();
    for (int i = 0; i < n; i++) {
      char c = text.charAt(i);
      if (c < 0x80) {
        length += 1;
      } else if (c < 0x800) {
        length += 2;
      } else if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(text.charAt(i + 1))) {
        length += 4;
        i++;
      } else if (Character.isSurrogate(c)) {
        length += 1;
      } else {
        length += 3;
      }
    }
    return length;
  }

  /** A map that holds {@code columns} values without resizing (a default-sized one resizes for ten). */
  public static HashMap<String, ByteIterator> mapFor(int columns) {
    return new HashMap<>((int) (columns / 0.75f) + 1);
  }

  static byte[] bytes(ColumnValue value) {
    if (value.getType() == ColumnType.BINARY) {
      return value.asBinary();
    }
    if (value.getType() == ColumnType.STRING) {
      // Not asStringInBytes(): the SDK does not keep the bytes of a value it decoded from a response,
      // so that call encodes the string again through Bytes.toBytes, which looks the charset up by
      // its name for every value (51% of a 100-row scan's client CPU in docs/performance.md).
      return value.asString().getBytes(StandardCharsets.UTF_8);
    }
    return value.toString().getBytes(StandardCharsets.UTF_8);
  }
}
