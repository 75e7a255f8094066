package io.tablestoreycsb.mock.persist;

import io.tablestoreycsb.mock.storage.Table;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/** The id under which each live table is kept in a state file (one per table's life, see {@link StateStore}). */
final class TableIds {
  private final Map<Table, Long> ids = new ConcurrentHashMap<>();
  private final AtomicLong next;

  TableIds(long firstFree) {
    this.next = new AtomicLong(firstFree);
  }

  long of(Table table) {
    return ids.computeIfAbsent(table, t -> next.getAndIncrement());
  }

  /** The table's id, or null when it has none (never kept, or dropped). */
  Long find(Table table) {
    return ids.get(table);
  }

  void assign(Table table, long id) {
    ids.put(table, id);
    next.accumulateAndGet(id + 1, Math::max);
  }

  Long remove(Table table) {
    return ids.remove(table);
  }

  void clear() {
    ids.clear();
  }
}
