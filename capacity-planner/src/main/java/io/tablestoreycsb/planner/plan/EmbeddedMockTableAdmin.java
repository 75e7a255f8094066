package io.tablestoreycsb.planner.plan;

import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.mock.faults.FaultPlan;

/**
 * The tables of a mock the planner started in its own JVM: created through the binding like on any
 * endpoint, but counted in the mock's storage ({@link MockTablestore#rowCount}). A count over the API
 * reads every row through the partitions' capacity: about 1 s for each of quickstart's three loads at
 * 1,000 rows/s a partition, spent verifying rows rather than measuring. For the same reason a table's load is
 * served without the mock's partition capacity: at 400 rows/s a partition each of quickstart's three loads
 * waited 2.5 s on it, and no figure of a load is judged. The cells after it meet the capacity again.
 */
public final class EmbeddedMockTableAdmin implements TableAdmin {
  private final TableAdmin overTheApi;
  private final MockTablestore mock;

  public EmbeddedMockTableAdmin(TableAdmin overTheApi, MockTablestore mock) {
    this.overTheApi = overTheApi;
    this.mock = mock;
  }

  @Override
  public void ensureTable(String table, int partitions) throws Exception {
    overTheApi.ensureTable(table, partitions);
  }

  @Override
  public long countRows(String table) {
    return mock.rowCount(table);
  }

  @Override
  public Loading loading(String table) {
    FaultPlan faults = mock.faultPlan();
    double capacity = faults.partitionCapacity();
    if (capacity == 0) {
      return Loading.AS_CELLS;
    }
    faults.setPartitionCapacity(0);
    return () -> faults.setPartitionCapacity(capacity);
  }
}
