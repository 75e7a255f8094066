package io.tablestoreycsb.mock.storage;

import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.protocol.ServiceLimits;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/** The instance's tables. Table creation and deletion are rare: they take a lock; row traffic does not. */
public final class Catalog {
  private final ConcurrentHashMap<String, Table> tables = new ConcurrentHashMap<>();
  private final MemoryBudget budget;

  public Catalog(MemoryBudget budget) {
    this.budget = budget;
  }

  public MemoryBudget budget() {
    return budget;
  }

  public synchronized Table create(String name, List<PrimaryKeySchema> schema, List<PrimaryKeyValue> splitPoints,
      TableSettings settings, long creationTimeSeconds) {
    if (tables.containsKey(name)) {
      throw new OtsException(ErrorCode.OBJECT_ALREADY_EXIST, "Requested table already exists.");
    }
    if (tables.size() >= ServiceLimits.MAX_TABLES) {
      throw new OtsException(ErrorCode.QUOTA_EXHAUSTED, "Number of tables exceeded the quota: an instance holds at most "
          + ServiceLimits.MAX_TABLES + " tables.");
    }
    Table table = new Table(name, schema, splitPoints, settings, budget, creationTimeSeconds);
    tables.put(name, table);
    return table;
  }

  /** The table, or OTSObjectNotExist as the service answers it. */
  /** The table, or null when there is none of that name. */
  public Table find(String name) {
    return tables.get(name);
  }

  public Table require(String name) {
    Table table = tables.get(name);
    if (table == null) {
      throw new OtsException(ErrorCode.OBJECT_NOT_EXIST, "Requested table does not exist.");
    }
    return table;
  }

  public synchronized void delete(String name) {
    Table table = tables.remove(name);
    if (table == null) {
      throw new OtsException(ErrorCode.OBJECT_NOT_EXIST, "Requested table does not exist.");
    }
    table.release();
  }

  public List<String> names() {
    List<String> names = new ArrayList<>(tables.keySet());
    names.sort(null);
    return names;
  }
}
