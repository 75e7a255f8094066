package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import com.alicloud.openservices.tablestore.model.DefinedColumnSchema;
import com.alicloud.openservices.tablestore.model.DefinedColumnType;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.protocol.ServiceLimits;
import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.SecondaryIndex;
import io.tablestoreycsb.mock.storage.Table;
import io.tablestoreycsb.mock.storage.TableSettings;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Secondary indexes as CreateTable ({@code index_metas}) and CreateIndex declare them, checked by
 * the service's rules for global and local indexes: at most {@value #MAX_INDEXES_PER_TABLE} per
 * table; on a table with max_versions 1 and no TTL; primary key columns from the table's primary
 * key and its predefined INTEGER, STRING or BINARY columns; attribute columns from its predefined
 * columns; a global index updated asynchronously (IUM_ASYNC_INDEX), a local one synchronously
 * (IUM_SYNC_INDEX) and keyed first by the table's partition key. The mock updates both kinds
 * with the write that changes the base row, so an index is never behind its table.
 */
final class SecondaryIndexes {
  static final int MAX_INDEXES_PER_TABLE = 5;

  private SecondaryIndexes() {}

  /** Checks {@code meta} as an index of {@code base} and adds it (with its table) to the catalog. */
  static void create(Catalog catalog, Table base, OtsInternalApi.IndexMeta meta, boolean indexExistingRows, long nowSeconds) {
    ServiceLimits.checkName(meta.getName(), "index");
    if (base.indexedTable() != null) {
      throw OtsException.parameterInvalid("Table " + base.name() + " is an index: an index cannot have indexes.");
    }
    if (base.indexes().size() >= MAX_INDEXES_PER_TABLE) {
      throw OtsException.parameterInvalid("Table " + base.name() + " already has " + base.indexes().size()
          + " indexes, the limit is " + MAX_INDEXES_PER_TABLE + ".");
    }
    requireOneVersionForever(base, base.settings());
    boolean local = meta.getIndexType() == OtsInternalApi.IndexType.IT_LOCAL_INDEX;
    OtsInternalApi.IndexUpdateMode expectedMode =
        local ? OtsInternalApi.IndexUpdateMode.IUM_SYNC_INDEX : OtsInternalApi.IndexUpdateMode.IUM_ASYNC_INDEX;
    if (meta.getIndexUpdateMode() != expectedMode) {
      throw OtsException.parameterInvalid("Index " + meta.getName() + ": a " + (local ? "local" : "global")
          + " index is updated with " + expectedMode + ", got " + meta.getIndexUpdateMode() + ".");
    }
    List<PrimaryKeySchema> typedKey = typedPrimaryKey(base, meta);
    if (local && !typedKey.get(0).getName().equals(base.schema().get(0).getName())) {
      throw OtsException.parameterInvalid("Local index " + meta.getName() + " must start with the partition key "
          + base.schema().get(0).getName() + " of table " + base.name() + ".");
    }
    checkAttributeColumns(base, meta);
    List<PrimaryKeySchema> schema = SecondaryIndex.indexTableSchema(base.schema(), typedKey);
    Table indexTable = catalog.newIndexTable(base, meta.getName(), schema, nowSeconds);
    catalog.addIndex(base, new SecondaryIndex(meta.getName(), meta.getPrimaryKeyList(), meta.getDefinedColumnList(), local,
        indexTable), indexExistingRows);
  }

  /** UpdateTable: a table with indexes keeps one version without a time to live. */
  static void checkSettings(Table table, TableSettings settings) {
    if (!table.indexes().isEmpty()) {
      requireOneVersionForever(table, settings);
    }
  }

  private static void requireOneVersionForever(Table table, TableSettings settings) {
    if (settings.maxVersions() != 1 || settings.timeToLiveSeconds() != TableSettings.TTL_FOREVER) {
      throw OtsException.parameterInvalid("A table with a secondary index keeps one version without a time to live: table "
          + table.name() + " would have max_versions " + settings.maxVersions() + " and time_to_live "
          + settings.timeToLiveSeconds() + ".");
    }
  }

  private static List<PrimaryKeySchema> typedPrimaryKey(Table base, OtsInternalApi.IndexMeta meta) {
    if (meta.getPrimaryKeyCount() == 0) {
      throw OtsException.parameterInvalid("Index " + meta.getName() + " has no primary key column.");
    }
    Set<String> seen = new HashSet<>();
    List<PrimaryKeySchema> typed = new ArrayList<>(meta.getPrimaryKeyCount());
    for (String name : meta.getPrimaryKeyList()) {
      if (!seen.add(name)) {
        throw OtsException.parameterInvalid("Index " + meta.getName() + " names primary key column " + name + " twice.");
      }
      PrimaryKeySchema baseColumn = base.schema().stream().filter(c -> c.getName().equals(name)).findFirst().orElse(null);
      if (baseColumn != null) {
        typed.add(new PrimaryKeySchema(name, baseColumn.getType()));
        continue;
      }
      DefinedColumnSchema defined = definedColumn(base, name);
      if (defined == null) {
        throw OtsException.parameterInvalid("Index " + meta.getName() + ": primary key column " + name
            + " is neither a primary key column nor a predefined column of table " + base.name() + ".");
      }
      PrimaryKeyType type = primaryKeyType(defined.getType());
      if (type == null) {
        throw OtsException.parameterInvalid("Index " + meta.getName() + ": predefined column " + name + " is "
            + defined.getType() + "; an index primary key column must be INTEGER, STRING or BINARY.");
      }
      typed.add(new PrimaryKeySchema(name, type));
    }
    return typed;
  }

  private static void checkAttributeColumns(Table base, OtsInternalApi.IndexMeta meta) {
    Set<String> seen = new HashSet<>(meta.getPrimaryKeyList());
    for (String name : meta.getDefinedColumnList()) {
      if (definedColumn(base, name) == null) {
        throw OtsException.parameterInvalid("Index " + meta.getName() + ": defined column " + name
            + " is not a predefined column of table " + base.name() + ".");
      }
      if (!seen.add(name)) {
        throw OtsException.parameterInvalid("Index " + meta.getName() + " names column " + name
            + " twice (a column of the index's primary key is not also one of its defined columns).");
      }
    }
  }

  private static DefinedColumnSchema definedColumn(Table base, String name) {
    for (DefinedColumnSchema column : base.definition().definedColumns()) {
      if (column.getName().equals(name)) {
        return column;
      }
    }
    return null;
  }

  /**
   * The primary key type a predefined column gives an index, named alike (INTEGER, STRING, BINARY),
   * or null for the types no key may have (DOUBLE, BOOLEAN).
   */
  private static PrimaryKeyType primaryKeyType(DefinedColumnType type) {
    return switch (type) {
      case INTEGER, STRING, BINARY -> PrimaryKeyType.valueOf(type.name());
      default -> null;
    };
  }


  /** DescribeTable's {@code index_metas} of {@code table}. */
  static List<OtsInternalApi.IndexMeta> describe(Table table) {
    List<OtsInternalApi.IndexMeta> metas = new ArrayList<>(table.indexes().size());
    for (SecondaryIndex index : table.indexes()) {
      metas.add(OtsInternalApi.IndexMeta.newBuilder()
          .setName(index.name())
          .addAllPrimaryKey(index.primaryKey())
          .addAllDefinedColumn(index.definedColumns())
          .setIndexType(index.local() ? OtsInternalApi.IndexType.IT_LOCAL_INDEX : OtsInternalApi.IndexType.IT_GLOBAL_INDEX)
          .setIndexUpdateMode(index.local() ? OtsInternalApi.IndexUpdateMode.IUM_SYNC_INDEX
              : OtsInternalApi.IndexUpdateMode.IUM_ASYNC_INDEX)
          .setIndexSyncPhase(OtsInternalApi.IndexSyncPhase.ISP_INCR) // existing rows are indexed when it is created
          .build());
    }
    return metas;
  }
}
