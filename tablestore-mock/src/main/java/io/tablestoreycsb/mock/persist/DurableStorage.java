package io.tablestoreycsb.mock.persist;

import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.ChangeLog;
import io.tablestoreycsb.mock.storage.StorageListener;
import io.tablestoreycsb.mock.storage.Table;
import io.tablestoreycsb.mock.tunnel.TunnelListener;
import io.tablestoreycsb.mock.tunnel.TunnelService;
import io.tablestoreycsb.mock.tunnel.TunnelState;
import java.util.concurrent.CompletableFuture;

/**
 * Keeps the mock's changes in the data directory's write-ahead log as they happen: each change is
 * encoded as a record ({@link WalRecords}) and appended by the thread that makes it (inside the
 * storage's lock for that row, so the log holds a row's changes in order), and the request is
 * answered once a {@link GroupCommit} has written it. Nothing here touches a B-tree: the full
 * state is written only at checkpoints ({@link Checkpointer}). The storage calls this only when a
 * data directory is in use.
 */
final class DurableStorage implements StorageListener, TunnelListener {
  /** The last change the current request's thread logged (0: none since {@link #beginRequest()}). */
  private static final ThreadLocal<long[]> LAST_TICKET = ThreadLocal.withInitial(() -> new long[1]);

  private final GroupCommit commits;
  /** The id each live table's records carry; replaced whole by a restore. */
  private volatile TableIds ids;

  DurableStorage(GroupCommit commits, TableIds ids) {
    this.commits = commits;
    this.ids = ids;
  }

  /** Starts listening to {@code catalog} and {@code tunnels} (whose state the directory holds already). */
  void attach(Catalog catalog, TunnelService tunnels) {
    catalog.listen(this);
    tunnels.listen(this);
  }

  void detach(Catalog catalog, TunnelService tunnels) {
    catalog.listen(null);
    tunnels.listen(null);
  }

  TableIds ids() {
    return ids;
  }

  /** The ids to log under from now on (a restore wrote its checkpoint under {@code fresh}). */
  void useIds(TableIds fresh) {
    ids = fresh;
  }

  static void beginRequest() {
    LAST_TICKET.get()[0] = 0;
  }

  /** A future of the changes the current thread logged since {@link #beginRequest()}, or null when none. */
  CompletableFuture<Void> changesOfThisRequest() {
    long[] last = LAST_TICKET.get();
    long ticket = last[0];
    last[0] = 0;
    return ticket == 0 ? null : commits.durable(ticket);
  }

  private void log(byte[] record) {
    LAST_TICKET.get()[0] = commits.append(record);
  }

  @Override
  public void rowChanged(Table table, byte[] key, byte[] cells) {
    if (!table.inCatalog()) {
      return; // a late write to a dropped table
    }
    long id = ids.of(table);
    log(cells == null ? WalRecords.rowDelete(id, key) : WalRecords.rowPut(id, key, cells));
  }

  @Override
  public void changeLogged(Table table, int partition, ChangeLog.Record record) {
    if (!table.inCatalog()) {
      return;
    }
    log(WalRecords.logAppend(ids.of(table), partition, record));
  }

  @Override
  public void changeLogTrimmed(Table table, int partition, long firstSequence) {
    Long id = ids.find(table);
    if (id == null) {
      return;
    }
    log(WalRecords.logTrim(id, partition, firstSequence));
  }

  @Override
  public void tableChanged(Table table) {
    long id = ids.of(table);
    long[] logStarts = null;
    if (table.stream().enabled()) {
      logStarts = new long[table.partitionCount()];
      for (int p = 0; p < logStarts.length; p++) {
        ChangeLog log = table.partition(p).changeLog();
        logStarts[p] = log == null ? WalRecords.NO_LOG : log.firstSequence();
      }
    }
    log(WalRecords.table(id, TableCodec.encode(table), logStarts));
  }

  @Override
  public void tableDropped(Table table) {
    Long id = ids.remove(table);
    if (id == null) {
      return;
    }
    log(WalRecords.tableDrop(id));
  }

  @Override
  public void tunnelChanged(TunnelState state) {
    log(WalRecords.tunnel(state.id(), TunnelCodec.encode(state)));
  }

  @Override
  public void tunnelDeleted(String tunnelId) {
    log(WalRecords.tunnelDelete(tunnelId));
  }
}
