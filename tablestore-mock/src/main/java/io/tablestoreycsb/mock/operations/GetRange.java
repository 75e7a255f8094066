package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import com.aliyun.ots.thirdparty.com.google.protobuf.ByteString;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.CapacityUnits;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.protocol.PlainBufferCodec;
import io.tablestoreycsb.mock.protocol.PlainBufferWriter;
import io.tablestoreycsb.mock.protocol.ServiceLimits;
import io.tablestoreycsb.mock.storage.RowKey;
import io.tablestoreycsb.mock.storage.StoredRow;
import io.tablestoreycsb.mock.storage.Table;
import io.tablestoreycsb.mock.storage.Catalog;
import java.util.Iterator;

/**
 * GetRange: rows from the inclusive start to the exclusive end key, FORWARD or BACKWARD, at most
 * {@code limit}, 5000 rows or 4 MB per response. When rows remain, {@code next_start_primary_key}
 * is the key of the first row not returned; when the range is exhausted the field is absent.
 *
 * <p>By default a page also ends where the scan leaves the partition its start key is in, as the
 * service may end it: a client that does not follow {@code next_start_primary_key} then gets a
 * short scan here as it would from the service, instead of a full one. A page can therefore be
 * empty and still have a next start key (the start partition holds no rows of the range).
 */
public final class GetRange extends ProtoAction<OtsInternalApi.GetRangeRequest> {
  private final Catalog catalog;
  private final LocalTransactions transactions;
  private final boolean pageEndsAtPartitionBoundary;

  /**
   * @param pageEndsAtPartitionBoundary whether a page ends at the first row outside the partition
   *     that holds the page's start key (true, the default of the mock) or may span partitions
   */
  public GetRange(Catalog catalog, LocalTransactions transactions, boolean pageEndsAtPartitionBoundary) {
    super(ActionName.GET_RANGE, "GetRangeRequest", OtsInternalApi.GetRangeRequest.parser());
    this.catalog = catalog;
    this.transactions = transactions;
    this.pageEndsAtPartitionBoundary = pageEndsAtPartitionBoundary;
  }

  @Override
  protected byte[] answer(OtsInternalApi.GetRangeRequest request, RequestContext context) {
    context.table(request.getTableName());
    Table table = catalog.require(request.getTableName());
    ReadSpec spec = ReadSpec.of(table, context.nowMillis(), request.getColumnsToGetList(), request.hasTimeRange(),
        request.getTimeRange(), request.hasMaxVersions(), request.getMaxVersions(), request.hasFilter(), request.getFilter(),
        request.hasStartColumn() ? request.getStartColumn() : null, request.hasEndColumn() ? request.getEndColumn() : null);
    ReadSpec.refuseToken(request.getToken(), "token");
    RangeBlockFormat format = RangeBlockFormat.of(request.getUnknownFields(), request.hasMaxVersions(),
        request.getMaxVersions());
    PrimaryKey start = PlainBufferCodec.decodePrimaryKey(request.getInclusiveStartPrimaryKey(), "inclusive_start_primary_key");
    PrimaryKey end = PlainBufferCodec.decodePrimaryKey(request.getExclusiveEndPrimaryKey(), "exclusive_end_primary_key");
    ServiceLimits.checkPrimaryKey(start, table.schema(), true);
    ServiceLimits.checkPrimaryKey(end, table.schema(), true);
    boolean forward = request.getDirection() == OtsInternalApi.Direction.FORWARD;
    byte[] startKey = RowKey.encode(start);
    byte[] endKey = RowKey.encode(end);
    int order = RowKey.compare(startKey, endKey);
    // An empty range (start equal to end) is an error too, as on the service; the words are the
    // service's, as the Python SDK's own tests pin them.
    if (forward && order >= 0) {
      throw OtsException.parameterInvalid("Begin key must less than end key in FORWARD");
    }
    if (!forward && order <= 0) {
      throw OtsException.parameterInvalid("Begin key must more than end key in BACKWARD");
    }
    int limit = ServiceLimits.MAX_RANGE_ROWS;
    if (request.hasLimit()) {
      if (request.getLimit() <= 0) {
        throw OtsException.parameterInvalid("The limit must be greater than 0.");
      }
      limit = Math.min(limit, request.getLimit());
    }

    PlainBufferWriter rows = new PlainBufferWriter(4096);
    rows.header();
    SimpleRowMatrix matrix = format == RangeBlockFormat.SIMPLE_ROW_MATRIX ? new SimpleRowMatrix(table) : null;
    long bytesRead = 0;
    long bytesReturned = 0;
    int returned = 0;
    byte[] nextStart = null;
    int pagePartition = table.partitionIndexOf(startKey);
    Iterator<StoredRow> it = request.hasTransactionId()
        ? scanInTransaction(request.getTransactionId(), table, start, end, forward, context.nowMillis())
        : table.scan(startKey, endKey, forward);
    while (it.hasNext()) {
      StoredRow row = it.next();
      int partition = table.partitionIndexOf(row.key());
      if (returned == limit || (pageEndsAtPartitionBoundary && partition != pagePartition)) {
        nextStart = row.key();
        break;
      }
      ReadSpec.Projection projection = spec.project(table, row);
      if (projection == null) {
        continue;
      }
      if (returned > 0 && bytesReturned + projection.dataBytes() > ServiceLimits.MAX_RANGE_BYTES) {
        nextStart = row.key();
        break;
      }
      if (matrix != null) {
        matrix.add(row, projection);
      } else {
        RowEncoder.write(rows, table, row, projection);
      }
      context.served(table, partition, 1);
      bytesReturned += projection.dataBytes();
      bytesRead += projection.dataBytes();
      returned++;
    }
    OtsInternalApi.ConsumedCapacity consumed = RowReads.consumed(CapacityUnits.forScan(bytesRead), 0);
    context.consumed(consumed);
    OtsInternalApi.GetRangeResponse.Builder response = OtsInternalApi.GetRangeResponse.newBuilder()
        .setConsumed(consumed)
        .setRows(matrix != null ? matrix.toByteString() : returned == 0 ? ByteString.EMPTY : rows.toByteString());
    if (matrix != null) {
      response.setUnknownFields(format.responseField());
    }
    if (nextStart != null) {
      response.setNextStartPrimaryKey(RowEncoder.primaryKeyOnly(table, nextStart));
    }
    if (returned == 0) {
      context.served(table, pagePartition, 1); // an empty scan still costs its partition a lookup
    }
    return response.build().toByteArray();
  }

  /**
   * The rows as local transaction {@code id} sees them; both bounds must lie in its partition key.
   */
  private Iterator<StoredRow> scanInTransaction(String id, Table table, PrimaryKey start, PrimaryKey end, boolean forward,
      long nowMillis) {
    return transactions.within(id, nowMillis, transaction -> {
      transaction.checkInScope(table.name(), start, "inclusive_start_primary_key");
      transaction.checkInScope(table.name(), end, "exclusive_end_primary_key");
      return transaction.scan(RowKey.encode(start), RowKey.encode(end), forward);
    });
  }
}
