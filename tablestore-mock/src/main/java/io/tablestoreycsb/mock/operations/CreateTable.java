package io.tablestoreycsb.mock.operations;

import io.tablestoreycsb.mock.protocol.ActionName;
import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import com.alicloud.openservices.tablestore.model.PrimaryKeyOption;
import com.alicloud.openservices.tablestore.model.PrimaryKeySchema;
import com.alicloud.openservices.tablestore.model.PrimaryKeyValue;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.protocol.PlainBufferCodec;
import io.tablestoreycsb.mock.protocol.PrimaryKeyOrder;
import io.tablestoreycsb.mock.protocol.ServiceLimits;
import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.StreamSettings;
import io.tablestoreycsb.mock.storage.Table;
import io.tablestoreycsb.mock.storage.TableDefinition;
import io.tablestoreycsb.mock.storage.TableSettings;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * CreateTable: 1-4 primary key columns (INTEGER, STRING, BINARY), predefined columns, table
 * options, reserved throughput, stream, server-side encryption and optional pre-split
 * {@code partitions} (contiguous ranges from INF_MIN to INF_MAX over the first primary key column;
 * N ranges make N partitions) and an auto-increment primary key column ({@link AutoIncrementColumns}).
 * enable_local_txn lets a table take local transactions ({@link LocalTransactions}); index_metas
 * create its secondary indexes ({@link SecondaryIndexes}).
 */
public final class CreateTable extends ProtoAction<OtsInternalApi.CreateTableRequest> {
  private final Catalog catalog;

  public CreateTable(Catalog catalog) {
    super(ActionName.CREATE_TABLE, "CreateTableRequest", OtsInternalApi.CreateTableRequest.parser());
    this.catalog = catalog;
  }

  @Override
  protected byte[] answer(OtsInternalApi.CreateTableRequest request, RequestContext context) {
    OtsInternalApi.TableMeta meta = request.getTableMeta();
    context.table(meta.getTableName());
    ServiceLimits.checkName(meta.getTableName(), "table");
    List<PrimaryKeySchema> schema = schemaOf(meta);
    if (meta.hasTableId() || meta.hasGlobalTableId()) {
      throw OtsException.parameterInvalid("table_meta.table_id and global_table_id are assigned by the service, not given"
          + " in CreateTable (global tables are not supported by this mock endpoint).");
    }
    TableDefinition definition = TableDefinitions.of(request, schema);
    StreamSettings stream = request.hasStreamSpec()
        ? TableProtos.streamSettings(meta.getTableName(), request.getStreamSpec(), StreamSettings.DISABLED, context.nowMillis())
        : StreamSettings.DISABLED;
    long nowSeconds = context.nowMillis() / 1000;
    TableSettings settings = new TableSettings(TableSettings.TTL_FOREVER, 1, TableSettings.DEFAULT_DEVIATION_SECONDS, true,
        0, 0, nowSeconds, 0);
    if (request.hasTableOptions()) {
      settings = TableProtos.applyOptions(settings, request.getTableOptions());
    }
    settings = TableProtos.applyReservedThroughput(settings, request.getReservedThroughput(), nowSeconds);
    List<PrimaryKeyValue> splitPoints = splitPointsOf(request, schema.get(0));
    Table table = catalog.create(meta.getTableName(), schema, splitPoints, settings, nowSeconds);
    table.define(definition);
    if (stream.enabled()) {
      table.updateStream(stream);
    }
    try {
      for (OtsInternalApi.IndexMeta index : request.getIndexMetasList()) {
        SecondaryIndexes.create(catalog, table, index, false, nowSeconds);
      }
    } catch (OtsException e) {
      catalog.delete(table.name()); // a table whose index is refused is not created
      throw e;
    }
    return OtsInternalApi.CreateTableResponse.getDefaultInstance().toByteArray();
  }

  private static List<PrimaryKeySchema> schemaOf(OtsInternalApi.TableMeta meta) {
    int count = meta.getPrimaryKeyCount();
    if (count < 1 || count > ServiceLimits.MAX_PRIMARY_KEY_COLUMNS) {
      throw OtsException.parameterInvalid("The number of primary key columns must be in range: [1, "
          + ServiceLimits.MAX_PRIMARY_KEY_COLUMNS + "], got " + count + ".");
    }
    List<PrimaryKeySchema> schema = new ArrayList<>(count);
    Set<String> names = new HashSet<>();
    for (OtsInternalApi.PrimaryKeySchema column : meta.getPrimaryKeyList()) {
      ServiceLimits.checkName(column.getName(), "primary key column");
      if (!names.add(column.getName())) {
        throw OtsException.parameterInvalid("Duplicated primary key name: '" + column.getName() + "'.");
      }
      schema.add(column.hasOption()
          ? new PrimaryKeySchema(column.getName(), TableProtos.toModel(column.getType()), PrimaryKeyOption.AUTO_INCREMENT)
          : new PrimaryKeySchema(column.getName(), TableProtos.toModel(column.getType())));
    }
    AutoIncrementColumns.checkSchema(schema);
    return schema;
  }

  private static List<PrimaryKeyValue> splitPointsOf(OtsInternalApi.CreateTableRequest request, PrimaryKeySchema partitionKey) {
    List<PrimaryKeyValue> points = new ArrayList<>();
    if (request.getPartitionsCount() == 0) {
      return points;
    }
    PrimaryKeyValue expectedBegin = PrimaryKeyValue.INF_MIN;
    for (int i = 0; i < request.getPartitionsCount(); i++) {
      OtsInternalApi.PartitionRange range = request.getPartitions(i);
      PrimaryKeyValue begin = PlainBufferCodec.decodeBareValue(range.getBegin(), "partitions[" + i + "].begin");
      PrimaryKeyValue end = PlainBufferCodec.decodeBareValue(range.getEnd(), "partitions[" + i + "].end");
      if (PrimaryKeyOrder.compareValues(begin, expectedBegin) != 0) {
        throw OtsException.parameterInvalid("partitions must be contiguous from INF_MIN to INF_MAX: partitions[" + i
            + "].begin does not equal the previous end.");
      }
      if (PrimaryKeyOrder.compareValues(begin, end) >= 0) {
        throw OtsException.parameterInvalid("partitions[" + i + "]: begin must be less than end (split points must ascend).");
      }
      boolean last = i == request.getPartitionsCount() - 1;
      if (last) {
        if (!end.isInfMax()) {
          throw OtsException.parameterInvalid("The last partition must end at INF_MAX.");
        }
      } else {
        if (end.isInfMin() || end.isInfMax() || end.getType() != partitionKey.getType()) {
          throw OtsException.parameterInvalid("Split point partitions[" + i + "].end must be a " + partitionKey.getType()
              + " value of primary key column " + partitionKey.getName() + ".");
        }
        if (end.getType() != com.alicloud.openservices.tablestore.model.PrimaryKeyType.INTEGER
            && end.getDataSize() > ServiceLimits.MAX_PRIMARY_KEY_VALUE_BYTES) {
          throw OtsException.parameterInvalid("Split point partitions[" + i + "].end exceeds "
              + ServiceLimits.MAX_PRIMARY_KEY_VALUE_BYTES + " bytes.");
        }
        points.add(end);
      }
      expectedBegin = end;
    }
    return points;
  }
}
