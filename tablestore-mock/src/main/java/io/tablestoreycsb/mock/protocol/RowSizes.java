package io.tablestoreycsb.mock.protocol;

import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyColumn;
import java.nio.charset.StandardCharsets;

/**
 * Row data size as the service bills it: primary key names and values plus attribute names and
 * values (UTF-8 bytes for names and strings, 8 for INTEGER and DOUBLE, 1 for BOOLEAN).
 */
public final class RowSizes {
  private RowSizes() {}

  public static long primaryKey(PrimaryKey key) {
    long size = 0;
    for (PrimaryKeyColumn column : key.getPrimaryKeyColumns()) {
      size += name(column.getName()) + column.getValue().getDataSize();
    }
    return size;
  }

  public static int name(String name) {
    return name.getBytes(StandardCharsets.UTF_8).length;
  }
}
