package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.aliyun.ots.thirdparty.com.google.protobuf.ByteString;
import io.tablestoreycsb.mock.protocol.CapacityUnits;
import io.tablestoreycsb.mock.protocol.PlainBufferCodec;
import io.tablestoreycsb.mock.protocol.ServiceLimits;
import io.tablestoreycsb.mock.storage.RowKey;
import io.tablestoreycsb.mock.storage.StoredRow;
import io.tablestoreycsb.mock.storage.Table;

/** Reading one row by primary key, as GetRow and each row of BatchGetRow do. */
final class RowReads {
  /** The encoded row (empty when absent) and the read units it cost. */
  record Result(ByteString row, OtsInternalApi.ConsumedCapacity consumed) {}

  private RowReads() {}

  static Result read(Table table, ByteString primaryKeyBytes, String field, ReadSpec spec, RequestContext context) {
    PrimaryKey key = PlainBufferCodec.decodePrimaryKey(primaryKeyBytes, field);
    ServiceLimits.checkPrimaryKey(key, table.schema(), false);
    byte[] encodedKey = RowKey.encode(key);
    int partition = table.partitionIndexOf(encodedKey);
    StoredRow row = table.partition(partition).get(encodedKey);
    context.served(table, partition, 1);
    ReadSpec.Projection projection = row == null ? null : spec.project(table, row);
    ByteString encoded = projection == null ? ByteString.EMPTY : RowEncoder.row(table, row, projection);
    int readCu = CapacityUnits.forRow(projection == null ? 0 : projection.dataBytes());
    return new Result(encoded, consumed(readCu, 0));
  }

  static OtsInternalApi.ConsumedCapacity consumed(int read, int write) {
    return OtsInternalApi.ConsumedCapacity.newBuilder()
        .setCapacityUnit(OtsInternalApi.CapacityUnit.newBuilder().setRead(read).setWrite(write)).build();
  }
}
