package io.tablestoreycsb.mock.operations;

import io.tablestoreycsb.mock.protocol.ActionName;
import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.alicloud.openservices.tablestore.model.PrimaryKeyColumn;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import io.tablestoreycsb.mock.protocol.PlainBufferCodec;
import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.Table;
import java.util.List;

/**
 * DescribeTable: meta (with predefined columns), options, reserved throughput, creation time,
 * stream, encryption, secondary indexes and the split points (shard_splits).
 */
public final class DescribeTable extends ProtoAction<OtsInternalApi.DescribeTableRequest> {
  private final Catalog catalog;

  public DescribeTable(Catalog catalog) {
    super(ActionName.DESCRIBE_TABLE, "DescribeTableRequest", OtsInternalApi.DescribeTableRequest.parser());
    this.catalog = catalog;
  }

  @Override
  protected byte[] answer(OtsInternalApi.DescribeTableRequest request, RequestContext context) {
    context.table(request.getTableName());
    Table table = catalog.require(request.getTableName());
    OtsInternalApi.TableMeta.Builder meta = OtsInternalApi.TableMeta.newBuilder().setTableName(table.name());
    for (PrimaryKeySchema column : table.schema()) {
      meta.addPrimaryKey(TableProtos.toProto(column));
    }
    TableDefinitions.describeColumns(table.definition(), meta);
    OtsInternalApi.DescribeTableResponse.Builder response = OtsInternalApi.DescribeTableResponse.newBuilder()
        .setTableMeta(meta)
        .setReservedThroughputDetails(TableProtos.reservedThroughput(table.settings()))
        .setTableOptions(TableDefinitions.tableOptions(table))
        .setCreationTime(table.creationTimeSeconds() * 1_000_000L)
        .setStreamDetails(TableProtos.streamDetails(table.stream()))
        .setSseDetails(TableDefinitions.sseDetails(table.definition()))
        .addAllIndexMetas(SecondaryIndexes.describe(table))
        .setUnknownFields(TableProtos.activeTableStatus());
    String partitionKey = table.schema().get(0).getName();
    for (PrimaryKeyValue point : table.splitPoints()) {
      // Each split point travels as a PlainBuffer row holding the partition key column only.
      response.addShardSplits(PlainBufferCodec.encodeRow(new PrimaryKey(new PrimaryKeyColumn[] {
          new PrimaryKeyColumn(partitionKey, point)}), List.of()));
    }
    return response.build().toByteArray();
  }
}
