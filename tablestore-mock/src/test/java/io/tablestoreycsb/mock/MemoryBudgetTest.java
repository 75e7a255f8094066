package io.tablestoreycsb.mock;

import static org.assertj.core.api.Assertions.assertThat;

import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TableStoreException;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.CreateTableRequest;
import com.alicloud.openservices.tablestore.model.DeleteTableRequest;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.PutRowRequest;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.TableMeta;
import com.alicloud.openservices.tablestore.model.TableOptions;
import org.junit.jupiter.api.Test;

/** The memory budget: writes beyond it are refused with a service error, and dropping a table frees it. */
class MemoryBudgetTest {
  private static final long BUDGET = 1024 * 1024;

  @Test
  void writesBeyondTheBudgetAreOtsQuotaExhaustedAndDroppingTheTableFreesTheBudget() {
    try (MockTablestore mock = MockTablestore.builder().memoryBudgetBytes(BUDGET).start()) {
      SyncClient client = SdkClients.sync(mock);
      try {
        createTable(client);
        TableStoreException refusal = fillUntilRefused(client);

        assertThat(refusal.getErrorCode()).isEqualTo("OTSQuotaExhausted");
        assertThat(refusal.getHttpStatus()).isEqualTo(403);
        assertThat(refusal.getMessage()).contains("mock memory budget of " + BUDGET + " bytes exhausted");

        client.deleteTable(new DeleteTableRequest("budget"));
        createTable(client);
        put(client, 0); // fits again
      } finally {
        client.shutdown();
      }
    }
  }

  @Test
  void theDefaultBudgetIsHalfTheMaxHeap() {
    try (MockTablestore mock = MockTablestore.builder().start()) {
      assertThat(mock.memoryBudgetBytes()).isEqualTo((long) (Runtime.getRuntime().maxMemory() * 0.5));
    }
  }

  private static TableStoreException fillUntilRefused(SyncClient client) {
    // Each row holds 10 KB of data; 1 MB cannot hold 200 of them. The budget charges a row at
    // least its data (plus some overhead), so at most 1 MB / 10 KB = 102 rows fit.
    for (int i = 0; i < 200; i++) {
      try {
        put(client, i);
      } catch (TableStoreException e) {
        assertThat(i).as("rows accepted before the refusal").isBetween(10, 102);
        return e;
      }
    }
    throw new AssertionError("200 rows of 10 KB were accepted within a 1 MB budget");
  }

  private static void createTable(SyncClient client) {
    TableMeta meta = new TableMeta("budget");
    meta.addPrimaryKeyColumn("userid", PrimaryKeyType.STRING);
    client.createTable(new CreateTableRequest(meta, new TableOptions(-1, 1)));
  }

  private static void put(SyncClient client, int i) {
    RowPutChange change = new RowPutChange("budget",
        PrimaryKeyBuilder.createPrimaryKeyBuilder().addPrimaryKeyColumn("userid", PrimaryKeyValue.fromString("row" + i)).build());
    change.addColumn("field0", ColumnValue.fromBinary(new byte[10 * 1024]));
    client.putRow(new PutRowRequest(change));
  }
}
