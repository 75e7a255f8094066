package io.tablestoreycsb.mock.tunnel;

import com.alicloud.openservices.tablestore.ClientConfiguration;
import com.alicloud.openservices.tablestore.SyncClient;
import com.alicloud.openservices.tablestore.TunnelClient;
import com.alicloud.openservices.tablestore.model.BatchWriteRowRequest;
import com.alicloud.openservices.tablestore.model.BatchWriteRowResponse;
import com.alicloud.openservices.tablestore.model.ColumnValue;
import com.alicloud.openservices.tablestore.model.NoRetryStrategy;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyBuilder;
import com.alicloud.openservices.tablestore.model.PrimaryKeyType;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import com.alicloud.openservices.tablestore.model.RowPutChange;
import com.alicloud.openservices.tablestore.model.tunnel.CreateTunnelRequest;
import com.alicloud.openservices.tablestore.model.tunnel.TunnelType;
import io.tablestoreycsb.mock.MockTablestore;
import io.tablestoreycsb.mock.fixtures.TableSpec;

/** A mock with a table split into partitions, a table client and a tunnel client, for the tunnel tests. */
final class TunnelFixture implements AutoCloseable {
  final MockTablestore mock;
  final SyncClient tables;
  final TunnelClient tunnels;

  TunnelFixture() {
    this(builder -> builder);
  }

  TunnelFixture(java.util.function.UnaryOperator<MockTablestore.Builder> options) {
    mock = options.apply(MockTablestore.builder()).start();
    ClientConfiguration config = new ClientConfiguration();
    config.setRetryStrategy(new NoRetryStrategy());
    config.setIoThreadCount(2);
    tables = new SyncClient(mock.endpoint(), mock.accessKeyId(), mock.accessKeySecret(), mock.instanceName(), config);
    tunnels = newTunnelClient();
  }

  TunnelClient newTunnelClient() {
    return new TunnelClient(mock.endpoint(), mock.accessKeyId(), mock.accessKeySecret(), mock.instanceName());
  }

  /**
   * A table keyed by {@code (part STRING, id INTEGER)} with {@code partitions} partitions, split at
   * "p1", "p2"...: a row with part "p&lt;i&gt;" lands in partition i (i &lt; 10).
   */
  void createTable(String name, int partitions) {
    TableSpec table = TableSpec.named(name).key("part", PrimaryKeyType.STRING).key("id", PrimaryKeyType.INTEGER);
    for (int i = 1; i < partitions; i++) {
      table.splitAt("p" + i);
    }
    table.create(mock, tables);
  }


  String createTunnel(String table, String tunnelName) {
    return createTunnel(table, tunnelName, TunnelType.Stream);
  }

  String createTunnel(String table, String tunnelName, TunnelType type) {
    return tunnels.createTunnel(new CreateTunnelRequest(table, tunnelName, type)).getTunnelId();
  }

  static PrimaryKey key(int partition, long id) {
    return PrimaryKeyBuilder.createPrimaryKeyBuilder()
        .addPrimaryKeyColumn("part", PrimaryKeyValue.fromString("p" + partition))
        .addPrimaryKeyColumn("id", PrimaryKeyValue.fromLong(id)).build();
  }

  /** Puts rows {@code from..to-1} of every partition with BatchWriteRow, {@code seq} holding the id. */
  void putRows(String table, int partitions, long from, long to) {
    BatchWriteRowRequest batch = new BatchWriteRowRequest();
    for (long id = from; id < to; id++) {
      for (int p = 0; p < partitions; p++) {
        RowPutChange put = new RowPutChange(table, key(p, id));
        put.addColumn("seq", ColumnValue.fromLong(id));
        batch.addRowChange(put);
      }
      if (batch.getRowsCount() >= 100 || id == to - 1) {
        BatchWriteRowResponse response = tables.batchWriteRow(batch);
        if (!response.isAllSucceed()) {
          throw new IllegalStateException("batch failed: " + response.getFailedRows().get(0).getError());
        }
        batch = new BatchWriteRowRequest();
      }
    }
  }

  @Override
  public void close() {
    tunnels.shutdown();
    tables.shutdown();
    mock.close();
  }
}
