package io.tablestoreycsb.mock.admin;

import io.tablestoreycsb.mock.protocol.OtsException;

/**
 * Empties a mock's data as if it had just started: every table with its rows, indexes and stream,
 * every tunnel, every open local transaction. Fault rules and the journal are not data and stay
 * (they have their own DELETE).
 */
public final class StateReset {
  /** What a reset dropped. */
  public record Dropped(int tables, int tunnels, int transactions) {}

  private StateReset() {}

  public static Dropped reset(AdminContext mock) {
    // Transactions and tunnels first: they refer to tables.
    int transactions = mock.transactions().endAll();
    int tunnels = mock.tunnels().clear();
    int tables = 0;
    for (String name : mock.catalog().names()) { // base tables: each takes its index tables with it
      try {
        mock.catalog().delete(name);
        tables++;
      } catch (OtsException gone) {
        // deleted meanwhile by a client's DeleteTable
      }
    }
    if (mock.state().dataDirectory() != null) {
      // A checkpoint of the empty state: the directory forgets the dropped data's log (the drops are logged already).
      mock.state().dataDirectory().checkpoint();
    }
    return new Dropped(tables, tunnels, transactions);
  }
}
