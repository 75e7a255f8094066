package io.tablestoreycsb.planner.plan;

/** Creates or checks the pre-split table of a partition count and counts its rows. */
public interface TableAdmin {

  /** Creates the table with this many pre-split partitions, or verifies an existing one has them. */
  void ensureTable(String table, int partitions) throws Exception;

  /** Rows in the table, or -1 when the back end cannot count. */
  long countRows(String table) throws Exception;

  /**
   * Begins a table's load; closing the result ends it. A back end may serve the load differently from the cells
   * (the planner's own mock lifts its partition capacity: a load is set-up, its rate is not judged).
   */
  default Loading loading(String table) {
    return Loading.AS_CELLS;
  }

  /** A table's load under way; {@link #close} ends it. */
  interface Loading extends AutoCloseable {
    /** A load served as the cells are. */
    Loading AS_CELLS = () -> {};

    @Override
    void close();
  }

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
