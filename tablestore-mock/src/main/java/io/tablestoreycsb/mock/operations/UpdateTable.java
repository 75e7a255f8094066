package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.Table;
import io.tablestoreycsb.mock.storage.TableSettings;

/** UpdateTable: table options and reserved throughput. */
public final class UpdateTable implements Action {
  private final Catalog catalog;

  public UpdateTable(Catalog catalog) {
    this.catalog = catalog;
  }

  @Override
  public String name() {
    return "UpdateTable";
  }

  @Override
  public byte[] execute(byte[] body, RequestContext context) {
    OtsInternalApi.UpdateTableRequest request = Requests.parse(body, OtsInternalApi.UpdateTableRequest::parseFrom, "UpdateTableRequest");
    Table table = catalog.require(request.getTableName());
    if (!request.hasReservedThroughput() && !request.hasTableOptions()) {
      throw OtsException.parameterInvalid("UpdateTable must change reserved_throughput or table_options.");
    }
    if (request.hasStreamSpec() && request.getStreamSpec().getEnableStream()) {
      throw OtsException.parameterInvalid("Streams (stream_spec.enable_stream) are not supported by this mock endpoint.");
    }
    synchronized (table) {
      TableSettings settings = table.settings();
      if (request.hasTableOptions()) {
        settings = TableProtos.applyOptions(settings, request.getTableOptions());
      }
      if (request.hasReservedThroughput()) {
        settings = TableProtos.applyReservedThroughput(settings, request.getReservedThroughput(), context.nowMillis() / 1000);
      }
      table.updateSettings(settings);
      return OtsInternalApi.UpdateTableResponse.newBuilder()
          .setReservedThroughputDetails(TableProtos.reservedThroughput(settings))
          .setTableOptions(TableProtos.options(settings))
          .setStreamDetails(TableProtos.streamsDisabled())
          .build().toByteArray();
    }
  }
}
