package io.tablestoreycsb.mock.persist;

import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import io.tablestoreycsb.mock.storage.StreamSettings;
import io.tablestoreycsb.mock.storage.TableDefinition;
import io.tablestoreycsb.mock.storage.TableSettings;
import java.util.List;

/**
 * A table's definition as kept in the state file: what makes the table again before its rows go
 * back in.
 *
 * @param indexedTable for an index's table, the table it indexes; else null
 * @param indexes for a table of its own, its secondary indexes in creation order
 */
record KeptTable(String name, List<PrimaryKeySchema> schema, List<PrimaryKeyValue> splitPoints, TableSettings settings,
    TableDefinition definition, StreamSettings stream, long creationTimeSeconds, String indexedTable,
    List<KeptIndex> indexes) {

  /** A secondary index of a table, its table kept apart under the index's name. */
  record KeptIndex(String name, List<String> primaryKey, List<String> definedColumns, boolean local) {}
}
