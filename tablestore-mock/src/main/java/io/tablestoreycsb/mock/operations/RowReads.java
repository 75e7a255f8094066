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

  /** The primary key a request names, checked against the table's schema and encoded as storage encodes it. */
  static byte[] key(Table table, ByteString primaryKeyBytes, String field) {
    PrimaryKey key = PlainBufferCodec.decodePrimaryKey(primaryKeyBytes, field);
    ServiceLimits.checkPrimaryKey(key, table.schema(), false);
    return RowKey.encode(key);
  }

  /** Reads the row at {@code encodedKey} as {@code spec} asks; counts it against its partition and in the request's capacity units. */
  static Result read(Table table, byte[] encodedKey, ReadSpec spec, RequestContext context) {
    int partition = table.partitionIndexOf(encodedKey);
    return read(table, partition, table.partition(partition).get(encodedKey), spec, context);
  }

  /** As {@link #read(Table, byte[], ReadSpec, RequestContext)}, of a row already looked up (null: none) in {@code partition}. */
  static Result read(Table table, int partition, StoredRow row, ReadSpec spec, RequestContext context) {
    context.served(table, partition, 1);
    ReadSpec.Projection projection = row == null ? null : spec.project(table, row);
    ByteString encoded = projection == null ? ByteString.EMPTY : RowEncoder.row(table, row, projection);
    int readCu = CapacityUnits.forRow(projection == null ? 0 : projection.dataBytes());
    OtsInternalApi.ConsumedCapacity consumed = consumed(readCu, 0);
    context.consumed(consumed);
    return new Result(encoded, consumed);
  }

  /** Capacity units of up to this many (exclusive) are answered with messages made once: a row of up to 60 KB. */
  private static final int CACHED_UNITS = 16;
  private static final OtsInternalApi.ConsumedCapacity[][] CACHED = new OtsInternalApi.ConsumedCapacity[CACHED_UNITS][CACHED_UNITS];

  static {
    for (int read = 0; read < CACHED_UNITS; read++) {
      for (int write = 0; write < CACHED_UNITS; write++) {
        CACHED[read][write] = build(read, write);
      }
    }
  }

  /** The consumed capacity message; protobuf messages are immutable, so the common ones are shared. */
  static OtsInternalApi.ConsumedCapacity consumed(int read, int write) {
    if (read >= 0 && read < CACHED_UNITS && write >= 0 && write < CACHED_UNITS) {
      return CACHED[read][write];
    }
    return build(read, write);
  }

  private static OtsInternalApi.ConsumedCapacity build(int read, int write) {
    return OtsInternalApi.ConsumedCapacity.newBuilder()
        .setCapacityUnit(OtsInternalApi.CapacityUnit.newBuilder().setRead(read).setWrite(write)).build();
  }
}
