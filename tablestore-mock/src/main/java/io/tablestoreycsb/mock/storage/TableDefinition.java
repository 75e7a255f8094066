package io.tablestoreycsb.mock.storage;

import com.alicloud.openservices.tablestore.model.DefinedColumnSchema;
import com.alicloud.openservices.tablestore.model.SSEKeyType;
import java.util.List;

/**
 * What CreateTable declared besides the primary key and the settings UpdateTable changes: the
 * predefined (defined) columns, server-side encryption, the table option {@code update_full_row}
 * (which UpdateTable may not change) and whether local transactions are enabled. Kept and
 * reported by DescribeTable.
 *
 * @param definedColumns the predefined columns, in request order
 * @param encryption the table's server-side encryption
 * @param updateFullRow the table option {@code update_full_row}
 * @param localTransactions CreateTable's {@code enable_local_txn}
 */
public record TableDefinition(List<DefinedColumnSchema> definedColumns, Encryption encryption, boolean updateFullRow,
    boolean localTransactions) {

  public static final TableDefinition PLAIN = new TableDefinition(List.of(), Encryption.DISABLED, false, false);

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
