package io.tablestoreycsb.binding.client;

import com.alicloud.openservices.tablestore.ClientException;
import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.DescribeTableRequest;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import io.tablestoreycsb.binding.config.ClientConfig;
import io.tablestoreycsb.binding.stats.PartitionMap;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Verifies, once per JVM and table, that the table exists and has the primary key the binding
 * writes: a single STRING column named by {@code tablestore.primarykey}. A misconfigured run then
 * fails at start with one clear message instead of erroring on every operation.
 * Only successes are remembered, so a table created after a failed check is seen next time.
 */
public final class TableCheck {
  private static final Set<String> VERIFIED = new HashSet<>();

  private TableCheck() {
  }

  /** Throws {@link TableCheckException} with a message for the user when the table is unusable. */
  public static void verify(SyncClient client, ClientConfig config) throws TableCheckException {
    // Credentials are part of the key (as a hash): a run with a wrong secret must fail here too.
    String key = config.clientKey() + "|" + config.table() + "|" + config.primaryKey();
    synchronized (VERIFIED) {
      if (VERIFIED.contains(key)) {
        return;
      }
      describeAndCheck(client, config);
      VERIFIED.add(key);
    }
  }

  private static void describeAndCheck(SyncClient client, ClientConfig config) throws TableCheckException {
    String table = config.table();
    List<PrimaryKeySchema> pk;
    try {
      var described = client.describeTable(new DescribeTableRequest(table));
      pk = described.getTableMeta().getPrimaryKeyList();
      PartitionMap.remember(config, table, described);
    } catch (TableStoreException e) {
      throw new TableCheckException(describeFailure(config, e), e);
    } catch (ClientException e) {
      throw new TableCheckException("could not reach Tablestore at " + ClientConfig.ENDPOINT + "="
          + config.endpoint() + " (instance '" + config.instance() + "'): " + e.getMessage(), e);
    }
    if (pk.size() != 1 || !pk.get(0).getName().equals(config.primaryKey())
        || pk.get(0).getType() != PrimaryKeyType.STRING) {
      String found = pk.stream().map(s -> s.getName() + " " + s.getType()).collect(Collectors.joining(", "));
      throw new TableCheckException("table '" + table + "' has primary key (" + found + "); the binding needs"
          + " exactly one STRING primary key column named '" + config.primaryKey() + "' ("
          + ClientConfig.PRIMARY_KEY + "). Set " + ClientConfig.PRIMARY_KEY
          + " to the table's key column, or create a table with bin/tablestore-table create.");
    }
  }

  private static String describeFailure(ClientConfig config, TableStoreException e) {
    String table = config.table();
    String code = e.getErrorCode();
    String detail = code + ": " + e.getMessage() + " (request id " + e.getRequestId() + ")";
    if ("OTSObjectNotExist".equals(code)) {
      return "table '" + table + "' does not exist on instance '" + config.instance() + "' at "
          + config.endpoint() + " (" + detail + "). Create it with: bin/tablestore-table create -P"
          + " <your properties file> --table " + table + " [--partitions N], or set YCSB's 'table'"
          + " property to an existing table.";
    }
    if ("OTSAuthFailed".equals(code) || "OTSNoPermissionAccess".equals(code)) {
      return "Tablestore refused the credentials for instance '" + config.instance() + "' (" + detail
          + "). Check " + ClientConfig.ACCESS_KEY_ID + " and " + ClientConfig.ACCESS_KEY_SECRET + " (or "
          + ClientConfig.ENV_ACCESS_KEY_ID + " / " + ClientConfig.ENV_ACCESS_KEY_SECRET + "), "
          + ClientConfig.INSTANCE + " and the clock of this machine.";
    }
    return "DescribeTable on '" + table + "' failed: " + detail;
  }

  /** The table cannot be used; the message says why and what to do. */
  public static final class TableCheckException extends Exception {
    private static final long serialVersionUID = 1L;

    TableCheckException(String message, Throwable cause) {
      super(message, cause);
    }

    TableCheckException(String message) {
      super(message);
    }
  }
}
