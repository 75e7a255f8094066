package io.tablestoreycsb.mock.operations;

import io.tablestoreycsb.mock.protocol.ActionName;
import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.Table;
import io.tablestoreycsb.mock.storage.TableSettings;

/** UpdateTable: table options, reserved throughput and the stream. */
public final class UpdateTable extends ProtoAction<OtsInternalApi.UpdateTableRequest> {
  private final Catalog catalog;

  public UpdateTable(Catalog catalog) {
    super(ActionName.UPDATE_TABLE, "UpdateTableRequest", OtsInternalApi.UpdateTableRequest.parser());
    this.catalog = catalog;
  }

  @Override
  protected byte[] answer(OtsInternalApi.UpdateTableRequest request, RequestContext context) {
    context.table(request.getTableName());
    Table table = catalog.require(request.getTableName());
    if (table.indexedTable() != null) {
      throw OtsException.parameterInvalid("Table " + table.name() + " is an index of table " + table.indexedTable().name()
          + ": it takes that table's settings and cannot be updated on its own.");
    }
    if (!request.hasReservedThroughput() && !request.hasTableOptions() && !request.hasStreamSpec()) {
      throw OtsException.parameterInvalid("UpdateTable must change reserved_throughput, table_options or stream_spec.");
    }
    synchronized (table) {
      TableSettings settings = table.settings();
      if (request.hasTableOptions()) {
        TableDefinitions.refuseUpdateFullRowChange(request.getTableOptions());
        settings = TableProtos.applyOptions(settings, request.getTableOptions());
        SecondaryIndexes.checkSettings(table, settings);
      }
      if (request.hasReservedThroughput()) {
        settings = TableProtos.applyReservedThroughput(settings, request.getReservedThroughput(), context.nowMillis() / 1000);
      }
      table.updateSettings(settings);
      if (request.hasStreamSpec()) {
        table.updateStream(TableProtos.streamSettings(table.name(), request.getStreamSpec(), table.stream(), context.nowMillis()));
      }
      return OtsInternalApi.UpdateTableResponse.newBuilder()
          .setReservedThroughputDetails(TableProtos.reservedThroughput(settings))
          .setTableOptions(TableDefinitions.tableOptions(table))
          .setStreamDetails(TableProtos.streamDetails(table.stream()))
          .build().toByteArray();
    }
  }
}
