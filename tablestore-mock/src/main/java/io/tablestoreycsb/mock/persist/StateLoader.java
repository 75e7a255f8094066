package io.tablestoreycsb.mock.persist;

import com.alicloud.openservices.tablestore.model.PrimaryKeyColumn;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.ChangeLog;
import io.tablestoreycsb.mock.storage.RowKey;
import io.tablestoreycsb.mock.storage.SecondaryIndex;
import io.tablestoreycsb.mock.storage.StreamSettings;
import io.tablestoreycsb.mock.storage.Table;
import io.tablestoreycsb.mock.tunnel.TunnelService;
import io.tablestoreycsb.mock.tunnel.TunnelState;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.h2.mvstore.MVMap;

/**
 * Reads a state file into an empty catalog and tunnel service: tables with their settings and
 * split points, then indexes, rows, change logs and tunnels. A rows map whose table has no kept
 * definition (a crash between the two) is dropped from the file.
 */
final class StateLoader {
  private StateLoader() {}

  /** Loads {@code from}; returns the ids under which the file keeps each table now in {@code catalog}. */
  static TableIds load(StateStore from, Catalog catalog, TunnelService tunnels, long nowMillis) {
    Map<Long, KeptTable> kept = new TreeMap<>();
    long maxId = -1;
    for (Map.Entry<Long, byte[]> e : from.tables.entrySet()) {
      kept.put(e.getKey(), TableCodec.decode(e.getValue()));
      maxId = Math.max(maxId, e.getKey());
    }
    for (long id : from.rowMapIds()) {
      maxId = Math.max(maxId, id);
    }
    TableIds ids = new TableIds(maxId + 1);
    Map<String, Long> idByName = new TreeMap<>();
    kept.forEach((id, table) -> idByName.put(table.name(), id));
    for (Map.Entry<Long, KeptTable> e : kept.entrySet()) {
      KeptTable k = e.getValue();
      if (k.indexedTable() != null) {
        continue;
      }
      Table table = catalog.create(k.name(), k.schema(), k.splitPoints(), k.settings(), k.creationTimeSeconds());
      table.define(k.definition());
      if (k.stream().enabled()) {
        table.updateStream(k.stream());
        loadLogs(from, table, e.getKey());
      } else if (k.stream().streamId() != null) {
        table.updateStream(k.stream()); // disabled, but DescribeTable still names the stream it had
      }
      ids.assign(table, e.getKey());
      for (KeptTable.KeptIndex index : k.indexes()) {
        Long indexId = idByName.get(index.name());
        KeptTable indexTable = indexId == null ? null : kept.get(indexId);
        if (indexTable == null || !k.name().equals(indexTable.indexedTable())) {
          continue; // its table was not kept (a crash while the index was created): the index is gone
        }
        Table made = catalog.newIndexTable(table, index.name(), indexTable.schema(), indexTable.creationTimeSeconds());
        catalog.addIndex(table, new SecondaryIndex(index.name(), index.primaryKey(), index.definedColumns(), index.local(),
            made), false);
        made.updateSettings(indexTable.settings());
        ids.assign(made, indexId);
      }
    }
    for (Table table : catalog.tables()) {
      Long id = ids.find(table);
      MVMap<byte[], byte[]> rows = from.rows(id);
      for (Map.Entry<byte[], byte[]> row : rows.entrySet()) {
        table.restoreRow(row.getKey(), row.getValue());
      }
      advanceAutoIncrement(table, rows, nowMillis);
    }
    for (long id : from.rowMapIds()) {
      if (!kept.containsKey(id)) {
        from.removeTableData(id);
      }
    }
    List<TunnelState> states = new ArrayList<>();
    for (byte[] value : from.tunnels.values()) {
      states.add(TunnelCodec.decode(value));
    }
    tunnels.restore(states);
    return ids;
  }

  private static void loadLogs(StateStore from, Table table, long id) {
    for (int p = 0; p < table.partitionCount(); p++) {
      Long first = from.logStarts.get(StateStore.logStartKey(id, p));
      List<ChangeLog.Record> records = new ArrayList<>();
      long start = first == null ? 0 : first;
      if (from.hasMap(StateStore.logName(id, p))) {
        MVMap<Long, byte[]> log = from.log(id, p);
        for (Map.Entry<Long, byte[]> r : log.entrySet()) {
          if (r.getKey() >= start) {
            records.add(LogRecordCodec.decode(r.getKey(), r.getValue()));
          }
        }
      }
      table.restoreChangeLog(p, start, records);
    }
  }

  /**
   * The last auto-increment value handed out is not kept: the next one is made larger than every
   * kept row's and than the time in microseconds (the sequence starts at the table's creation
   * time in microseconds and counts one a row, so it stays below the clock).
   */
  private static void advanceAutoIncrement(Table table, MVMap<byte[], byte[]> rows, long nowMillis) {
    List<PrimaryKeySchema> schema = table.schema();
    int column = -1;
    for (int i = 0; i < schema.size(); i++) {
      if (schema.get(i).hasOption()) {
        column = i;
      }
    }
    if (column < 0) {
      return;
    }
    long max = nowMillis * 1000;
    for (byte[] key : rows.keySet()) {
      PrimaryKeyColumn value = RowKey.decode(key, schema).getPrimaryKeyColumn(column);
      max = Math.max(max, value.getValue().asLong());
    }
    table.autoIncrement().advanceTo(max);
  }
}
