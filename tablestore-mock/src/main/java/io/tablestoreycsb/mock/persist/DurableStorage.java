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
 * Keeps a copy of the mock's state in a state file as it changes: each change is applied to the
 * store's maps by the thread that makes it (inside the storage's lock for that row, so the file
 * sees a row's changes in order), and the request is answered once a {@link GroupCommit} has
 * written it. The storage calls this only when a data directory is in use.
 */
final class DurableStorage implements StorageListener, TunnelListener {
  /** The last change the current request's thread applied (0: none since {@link #beginRequest()}). */
  private static final ThreadLocal<long[]> LAST_TICKET = ThreadLocal.withInitial(() -> new long[1]);

  private final StateStore store;
  private final GroupCommit commits;
  private volatile TableIds ids;

  DurableStorage(StateStore store, TableIds ids, boolean sync) {
    this.store = store;
    this.ids = ids;
    this.commits = new GroupCommit(store, sync);
  }

  /** Starts listening to {@code catalog} and {@code tunnels} (whose state the store holds already). */
  void attach(Catalog catalog, TunnelService tunnels) {
    catalog.listen(this);
    tunnels.listen(this);
  }

  void detach(Catalog catalog, TunnelService tunnels) {
    catalog.listen(null);
    tunnels.listen(null);
  }

  /** Replaces the whole kept state with {@code catalog}'s and {@code tunnels}' (a restore), durably. */
  void replaceWith(Catalog catalog, TunnelService tunnels) {
    store.clear();
    TableIds fresh = new TableIds(0);
    StateCopy.write(catalog, tunnels, store, fresh);
    ids = fresh;
    store.commit();
  }

  static void beginRequest() {
    LAST_TICKET.get()[0] = 0;
  }

  /** A future of the changes the current thread applied since {@link #beginRequest()}, or null when none. */
  CompletableFuture<Void> changesOfThisRequest() {
    long[] last = LAST_TICKET.get();
    long ticket = last[0];
    last[0] = 0;
    return ticket == 0 ? null : commits.durable(ticket);
  }

  private void applied() {
    LAST_TICKET.get()[0] = commits.applied();
  }

  @Override
  public void rowChanged(Table table, byte[] key, byte[] cells) {
    if (!table.inCatalog()) {
      return; // a late write to a dropped table
    }
    long id = ids.of(table);
    if (cells == null) {
      store.rows(id).remove(key);
    } else {
      store.rows(id).put(key, cells);
    }
    applied();
  }

  @Override
  public void changeLogged(Table table, int partition, ChangeLog.Record record) {
    if (!table.inCatalog()) {
      return;
    }
    store.log(ids.of(table), partition).put(record.sequence(), LogRecordCodec.encode(record));
    applied();
  }

  @Override
  public void changeLogTrimmed(Table table, int partition, long firstSequence) {
    Long id = ids.find(table);
    if (id == null) {
      return;
    }
    store.logStarts.put(StateStore.logStartKey(id, partition), firstSequence);
    var log = store.log(id, partition);
    Long first;
    while ((first = log.firstKey()) != null && first < firstSequence) {
      log.remove(first);
    }
    applied();
  }

  @Override
  public void tableChanged(Table table) {
    long id = ids.of(table);
    store.tables.put(id, TableCodec.encode(table));
    if (!table.stream().enabled()) {
      store.removeChangeLogs(id);
    } else {
      for (int p = 0; p < table.partitionCount(); p++) {
        ChangeLog log = table.partition(p).changeLog();
        if (log != null) {
          store.logStarts.putIfAbsent(StateStore.logStartKey(id, p), log.firstSequence());
        }
      }
    }
    applied();
  }

  @Override
  public void tableDropped(Table table) {
    Long id = ids.remove(table);
    if (id == null) {
      return;
    }
    store.tables.remove(id);
    store.removeTableData(id);
    applied();
  }

  @Override
  public void tunnelChanged(TunnelState state) {
    store.tunnels.put(state.id(), TunnelCodec.encode(state));
    applied();
  }

  @Override
  public void tunnelDeleted(String tunnelId) {
    store.tunnels.remove(tunnelId);
    applied();
  }

  /** Commits what is left and stops the committer; the store is closed by its owner. */
  void close() {
    commits.close();
  }
}
