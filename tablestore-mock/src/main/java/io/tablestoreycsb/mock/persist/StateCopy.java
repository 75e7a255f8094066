package io.tablestoreycsb.mock.persist;

import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.ChangeLog;
import io.tablestoreycsb.mock.storage.StoredRow;
import io.tablestoreycsb.mock.storage.Table;
import io.tablestoreycsb.mock.tunnel.TunnelService;
import io.tablestoreycsb.mock.tunnel.TunnelState;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;
import org.h2.mvstore.MVMap;

/**
 * Writes the whole state of a catalog and its tunnels into a state file: a snapshot, or a data
 * directory's checkpoint (at start, from a seed or a restore, and as its log grows). Rows and logs are read as the storage's
 * weakly consistent scans read them: copy a mock that is not being written to for a state of one
 * moment.
 */
final class StateCopy {
  /** Rows between commits while copying: what MVStore holds in memory as unwritten pages meanwhile. */
  private static final int ROWS_PER_COMMIT = 20_000;

  private StateCopy() {}

  /**
   * Writes every table {@code idOf} gives an id (null: the table is left out: a checkpoint leaves
   * out a table created or dropped while it copies, whose log records after the checkpoint's
   * position say what became of it).
   */
  static void write(Catalog catalog, TunnelService tunnels, StateStore into, Function<Table, Long> idOf) {
    List<Table> tables = catalog.tables();
    // Tables of their own first, so that a reader meets a base table before its indexes' tables.
    tables.sort(Comparator.comparing((Table t) -> t.indexedTable() != null).thenComparing(Table::name));
    for (Table table : tables) {
      Long id = idOf.apply(table);
      if (id == null) {
        continue;
      }
      into.tables.put(id, TableCodec.encode(table));
      MVMap<byte[], byte[]> rows = into.rows(id);
      long copied = 0;
      for (Iterator<StoredRow> it = table.allRows(); it.hasNext(); ) {
        StoredRow row = it.next();
        rows.put(row.key(), row.cells());
        if (++copied % ROWS_PER_COMMIT == 0) {
          into.commit();
        }
      }
      for (int p = 0; p < table.partitionCount(); p++) {
        ChangeLog log = table.partition(p).changeLog();
        if (log != null) {
          writeLog(log, into, id, p);
        }
      }
    }
    for (TunnelState tunnel : tunnels.states()) {
      into.tunnels.put(tunnel.id(), TunnelCodec.encode(tunnel));
    }
  }

  private static void writeLog(ChangeLog log, StateStore into, long id, int partition) {
    long from = log.firstSequence();
    into.logStarts.put(StateStore.logStartKey(id, partition), from);
    MVMap<Long, byte[]> records = into.log(id, partition);
    while (true) {
      ChangeLog.Page page = log.read(from, 1000, Long.MAX_VALUE);
      for (ChangeLog.Record record : page.records()) {
        records.put(record.sequence(), LogRecordCodec.encode(record));
      }
      if (page.records().isEmpty() || !page.more()) {
        return;
      }
      from = page.nextSequence();
    }
  }
}
