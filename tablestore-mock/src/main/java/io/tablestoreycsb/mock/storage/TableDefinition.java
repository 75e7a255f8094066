package io.tablestoreycsb.mock.storage;

import com.alicloud.openservices.tablestore.model.DefinedColumnSchema;
import com.alicloud.openservices.tablestore.model.SSEKeyType;
import java.util.List;

/**
 * What CreateTable declared besides the primary key and the settings UpdateTable changes: the
 * predefined (defined) columns and server-side encryption. Kept and reported by DescribeTable.
 *
 * @param definedColumns the predefined columns, in request order
 * @param encryption the table's server-side encryption
 */
public record TableDefinition(List<DefinedColumnSchema> definedColumns, Encryption encryption) {

  public static final TableDefinition PLAIN = new TableDefinition(List.of(), Encryption.DISABLED);

  public TableDefinition {
    definedColumns = List.copyOf(definedColumns);
  }

  /**
   * Server-side encryption (CreateTable {@code sse_spec}).
   *
   * @param keyType null when disabled
   * @param keyId the customer master key (BYOK only), else null
   * @param roleArn the role that reads it (BYOK only), else null
   */
  public record Encryption(boolean enabled, SSEKeyType keyType, byte[] keyId, byte[] roleArn) {
    public static final Encryption DISABLED = new Encryption(false, null, null, null);
  }
}
