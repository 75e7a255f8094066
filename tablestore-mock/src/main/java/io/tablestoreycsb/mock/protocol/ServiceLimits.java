package io.tablestoreycsb.mock.protocol;

import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyColumn;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** The service's published limits and the checks that enforce them, each naming what is wrong. */
public final class ServiceLimits {
  public static final int MAX_TABLES = 64;
  public static final int MAX_PRIMARY_KEY_COLUMNS = 4;
  /** Predefined (defined) columns per table, without a support ticket. */
  public static final int MAX_DEFINED_COLUMNS = 32;
  public static final int MAX_PRIMARY_KEY_VALUE_BYTES = 1024;
  public static final int MAX_COLUMN_NAME_BYTES = 255;
  public static final int MAX_ATTRIBUTE_VALUE_BYTES = 2 * 1024 * 1024;
  public static final int MAX_COLUMNS_PER_WRITE = 1024;
  /** The service takes 1,024 names (the Java SDK's functional tests); its limits page says 128. */
  public static final int MAX_COLUMNS_TO_GET = 1024;
  public static final int MAX_ROW_CHANGE_BYTES = 4 * 1024 * 1024;
  public static final int MAX_BATCH_WRITE_ROWS = 200;
  public static final int MAX_BATCH_WRITE_BYTES = 4 * 1024 * 1024;
  public static final int MAX_BATCH_GET_ROWS = 100;
  public static final int MAX_RANGE_ROWS = 5000;
  /** Cell timestamps (ms) must be below this. */
  public static final long MAX_TIMESTAMP_EXCLUSIVE = Long.MAX_VALUE / 1000;
  public static final int MAX_RANGE_BYTES = 4 * 1024 * 1024;
  /** Requests larger than this are refused from Content-Length before they are read. */
  public static final int MAX_REQUEST_BODY_BYTES = 5 * 1024 * 1024;

  private ServiceLimits() {}

  /** Table and column names: 1-255 bytes of [a-zA-Z0-9_], not starting with a digit. */
  public static void checkName(String name, String what) {
    if (name == null || name.isEmpty()) {
      throw OtsException.parameterInvalid("The " + what + " name is empty.");
    }
    byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
    if (bytes.length > MAX_COLUMN_NAME_BYTES) {
      throw OtsException.parameterInvalid("Invalid " + what + " name: '" + abbreviate(name) + "' is " + bytes.length
          + " bytes long, the limit is " + MAX_COLUMN_NAME_BYTES + ".");
    }
    if (!isValidName(name)) {
      throw OtsException.parameterInvalid("Invalid " + what + " name: '" + abbreviate(name)
          + "'. A name must consist of [a-zA-Z0-9_] and must not start with a digit.");
    }
  }

  static boolean isValidName(String name) {
    char first = name.charAt(0);
    if (first >= '0' && first <= '9') {
      return false;
    }
    for (int i = 0; i < name.length(); i++) {
      char c = name.charAt(i);
      boolean ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
      if (!ok) {
        return false;
      }
    }
    return true;
  }

  /**
   * A row's primary key must have the schema's columns, in order, with the schema's types
   * (OTSInvalidPK otherwise, in the service's words); string and binary values at most 1 KB.
   * INF_MIN/INF_MAX only where {@code boundsAllowed} (range scans).
   */
  public static void checkPrimaryKey(PrimaryKey key, List<PrimaryKeySchema> schema, boolean boundsAllowed) {
    PrimaryKeyColumn[] columns = key.getPrimaryKeyColumns();
    if (columns.length != schema.size()) {
      throw invalidPrimaryKey("size", Integer.toString(columns.length), Integer.toString(schema.size()));
    }
    for (int i = 0; i < columns.length; i++) {
      PrimaryKeySchema expected = schema.get(i);
      PrimaryKeyColumn column = columns[i];
      if (!expected.getName().equals(column.getName())) {
        throw invalidPrimaryKey("name", column.getName(), expected.getName());
      }
      PrimaryKeyValue value = column.getValue();
      if (value.isInfMin() || value.isInfMax()) {
        if (!boundsAllowed) {
          throw OtsException.parameterInvalid("INF_MIN and INF_MAX are only allowed in range bounds, found in primary key column "
              + column.getName() + ".");
        }
        continue;
      }
      if (value.getType() != expected.getType()) {
        throw invalidPrimaryKey("type", valueTypeName(value.getType()), valueTypeName(expected.getType()));
      }
      if (value.getType() != PrimaryKeyType.INTEGER && value.getDataSize() > MAX_PRIMARY_KEY_VALUE_BYTES) {
        throw OtsException.parameterInvalid("The length of primary key column " + column.getName() + " is " + value.getDataSize()
            + " bytes, which exceeds the limit of " + MAX_PRIMARY_KEY_VALUE_BYTES + " bytes.");
      }
    }
  }

  /** The service's words, e.g. "Validate PK name fail. Input: PK2, Meta: PK1." (the Python SDK's tests pin them). */
  private static OtsException invalidPrimaryKey(String what, String input, String meta) {
    return new OtsException(ErrorCode.INVALID_PK,
        "Validate PK " + what + " fail. Input: " + input + ", Meta: " + meta + ".");
  }

  /** A primary key type as the service names it in messages: its PlainBuffer value type. */
  private static String valueTypeName(PrimaryKeyType type) {
    switch (type) {
      case INTEGER:
        return "VT_INTEGER";
      case STRING:
        return "VT_STRING";
      case BINARY:
        return "VT_BLOB";
      default:
        return type.name();
    }
  }

  /**
   * A cell's timestamp (milliseconds) is from 0 to below INT64_MAX / 1000, as the service keeps
   * it in microseconds (the Java SDK's functional tests).
   */
  public static void checkTimestamp(String column, long timestamp) {
    if (timestamp < 0 || timestamp >= MAX_TIMESTAMP_EXCLUSIVE) {
      throw OtsException.parameterInvalid("The timestamp " + timestamp + " of column " + column
          + " is out of range: it must be at least 0 and less than " + MAX_TIMESTAMP_EXCLUSIVE + " (INT64_MAX / 1000).");
    }
  }

  /** {@code dataSize}: the value's billed size (UTF-8 bytes of a string, 8 for numbers, 1 for a boolean). */
  public static void checkAttributeValueSize(String column, long dataSize) {
    if (dataSize > MAX_ATTRIBUTE_VALUE_BYTES) {
      throw OtsException.parameterInvalid("The length of attribute column " + column + " is " + dataSize
          + " bytes, which exceeds the limit of " + MAX_ATTRIBUTE_VALUE_BYTES + " bytes.");
    }
  }

  public static void checkColumnsToGet(List<String> columnsToGet) {
    if (columnsToGet.size() > MAX_COLUMNS_TO_GET) {
      throw OtsException.parameterInvalid("The number of columns_to_get is " + columnsToGet.size() + ", which exceeds the limit of "
          + MAX_COLUMNS_TO_GET + ".");
    }
    for (String name : columnsToGet) {
      checkName(name, "column");
    }
  }

  private static String abbreviate(String s) {
    return s.length() <= 64 ? s : s.substring(0, 64) + "...";
  }
}
