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
  private final StorageHook hook = new StorageHook();

  public Catalog(MemoryBudget budget) {
    this.budget = budget;
  }

  /**
   * Tells {@code listener} of every change from now on (null: no one). Whoever attaches one
   * copies the state as it is first, with no request running (see {@code persist.DataDirectory}).
   */
  public void listen(StorageListener listener) {
    hook.listener = listener;
  }

  /** Every table of the instance, index tables included, in no particular order. */
  public List<Table> tables() {
    return new ArrayList<>(tables.values());
  }

  /** Drops every table, index tables with their base tables (a restore starts from nothing). */
  public synchronized void clear() {
    for (Table table : tables()) {
      if (table.indexedTable() == null && tables.get(table.name()) == table) {
        delete(table.name());
      }
    }
  }

  public MemoryBudget budget() {
    return budget;
  }

  public synchronized Table create(String name, List<PrimaryKeySchema> schema, List<PrimaryKeyValue> splitPoints,
      TableSettings settings, long creationTimeSeconds) {
    if (tables.containsKey(name)) {
      throw new OtsException(ErrorCode.OBJECT_ALREADY_EXIST, "Requested table already exists.");
    }
    if (names().size() >= ServiceLimits.MAX_TABLES) {
      throw new OtsException(ErrorCode.QUOTA_EXHAUSTED, "Number of tables exceeded the quota: an instance holds at most "
          + ServiceLimits.MAX_TABLES + " tables.");
    }
    Table table = new Table(name, schema, splitPoints, settings, budget, hook, creationTimeSeconds);
    tables.put(name, table);
    table.listed = true;
    notifyChanged(table);
    return table;
  }

  /** The table, or null when there is none of that name. */
  public Table find(String name) {
    return tables.get(name);
  }

  /** The table, or OTSObjectNotExist as the service answers it. */
  public Table require(String name) {
    Table table = tables.get(name);
    if (table == null) {
      throw new OtsException(ErrorCode.OBJECT_NOT_EXIST, "Requested table does not exist.");
    }
    return table;
  }

  /** Drops a table and its index tables; an index table is dropped with DropIndex, not here. */
  public synchronized void delete(String name) {
    Table table = tables.get(name);
    if (table == null) {
      throw new OtsException(ErrorCode.OBJECT_NOT_EXIST, "Requested table does not exist.");
    }
    if (table.indexedTable() != null) {
      throw OtsException.parameterInvalid("Table " + name + " is an index of table " + table.indexedTable().name()
          + ": drop it with DropIndex.");
    }
    tables.remove(name);
    for (SecondaryIndex index : table.indexes()) {
      tables.remove(index.name());
      index.table().release();
      notifyDropped(index.table());
    }
    table.release();
    notifyDropped(table);
  }

  /**
   * Adds a secondary index to {@code base}: its table {@code index.table()}, made by {@link
   * #newIndexTable}, joins the instance's tables under the index's name. With {@code
   * indexExistingRows}, the rows {@code base} holds now are indexed before the call returns.
   */
  public synchronized void addIndex(Table base, SecondaryIndex index, boolean indexExistingRows) {
    if (tables.get(base.name()) != base) {
      throw new OtsException(ErrorCode.OBJECT_NOT_EXIST, "Requested table does not exist.");
    }
    if (tables.containsKey(index.name())) {
      throw new OtsException(ErrorCode.OBJECT_ALREADY_EXIST, "Requested table already exists: the index name " + index.name()
          + " is the name of a table or index.");
    }
    index.table().markAsIndexOf(base);
    tables.put(index.name(), index.table());
    index.table().listed = true;
    base.addIndex(index);
    notifyChanged(index.table());
    notifyChanged(base);
    if (indexExistingRows) {
      index.indexExistingRows(base);
    }
  }

  /** A table for a secondary index of {@code base}, not yet in the instance (see {@link #addIndex}). */
  public Table newIndexTable(Table base, String indexName, List<PrimaryKeySchema> schema, long creationTimeSeconds) {
    Table table = new Table(indexName, schema, List.of(), base.settings(), budget, hook, creationTimeSeconds);
    table.define(new TableDefinition(List.of(), TableDefinition.Encryption.DISABLED, false, false));
    return table;
  }

  /** Drops index {@code indexName} of {@code base} and its table. */
  public synchronized void dropIndex(Table base, String indexName) {
    SecondaryIndex removed = base.removeIndex(indexName);
    if (removed == null) {
      throw new OtsException(ErrorCode.OBJECT_NOT_EXIST, "Requested index " + indexName + " does not exist on table "
          + base.name() + ".");
    }
    tables.remove(indexName, removed.table());
    removed.table().release();
    notifyDropped(removed.table());
    notifyChanged(base);
  }

  private static void notifyChanged(Table table) {
    table.notifyChanged();
  }

  private void notifyDropped(Table table) {
    table.listed = false;
    StorageListener listener = hook.listener;
    if (listener != null) {
      listener.tableDropped(table);
    }
  }

  /** The names of the tables of the instance, without index tables (as ListTable shows them). */
  public List<String> names() {
    List<String> names = new ArrayList<>(tables.size());
    for (Table table : tables.values()) {
      if (table.indexedTable() == null) {
        names.add(table.name());
      }
    }
    names.sort(null);
    return names;
  }
}
