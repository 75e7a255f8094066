package io.tablestoreycsb.planner.plan;

/** Creates or checks the pre-split table of a partition count and counts its rows. */
public interface TableAdmin {

  /** Creates the table with this many pre-split partitions, or verifies an existing one has them. */
  void ensureTable(String table, int partitions) throws Exception;

  /** Rows in the table, or -1 when the back end cannot count. */
  long countRows(String table) throws Exception;

  /** For DB classes that have no tables to manage (e.g. YCSB's BasicDB in tests). */
  TableAdmin NONE = new TableAdmin() {
    @Override
    public void ensureTable(String table, int partitions) {}

    @Override
    public long countRows(String table) {
      return -1;
    }
  };
}
