package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.Table;

/**
 * GetRow: one row by primary key; an absent row is an empty {@code row} field, not an error. With a
 * transaction id, the row as that local transaction sees it.
 */
public final class GetRow extends ProtoAction<OtsInternalApi.GetRowRequest> {
  private final Catalog catalog;
  private final LocalTransactions transactions;

  public GetRow(Catalog catalog, LocalTransactions transactions) {
    super(ActionName.GET_ROW, "GetRowRequest", OtsInternalApi.GetRowRequest.parser());
    this.catalog = catalog;
    this.transactions = transactions;
  }

  @Override
  protected byte[] answer(OtsInternalApi.GetRowRequest request, RequestContext context) {
    context.table(request.getTableName());
    Table table = catalog.require(request.getTableName());
    ReadSpec spec = ReadSpec.of(table, context.nowMillis(), request.getColumnsToGetList(), request.hasTimeRange(),
        request.getTimeRange(), request.hasMaxVersions(), request.getMaxVersions(), request.hasFilter(), request.getFilter(),
        request.hasStartColumn() ? request.getStartColumn() : null, request.hasEndColumn() ? request.getEndColumn() : null);
    ReadSpec.refuseToken(request.getToken(), "token");
    byte[] key = RowReads.key(table, request.getPrimaryKey(), "primary_key");
    context.row(table, key, null);
    RowReads.Result result = request.hasTransactionId()
        ? transactions.within(request.getTransactionId(), context.nowMillis(), transaction -> {
          transaction.checkInScope(table.name(), table.decodeKey(key), "primary_key");
          return RowReads.read(table, table.partitionIndexOf(key), transaction.row(key), spec, context);
        })
        : RowReads.read(table, key, spec, context);
    return OtsInternalApi.GetRowResponse.newBuilder().setConsumed(result.consumed()).setRow(result.row()).build().toByteArray();
  }

  @Override
  public void note(byte[] body, RequestContext context) {
    OtsInternalApi.GetRowRequest request = parse(body);
    context.table(request.getTableName());
    try {
      Table table = catalog.require(request.getTableName());
      context.row(table, RowReads.key(table, request.getPrimaryKey(), "primary_key"), null);
    } catch (OtsException e) {
      // not this request's outcome: it failed with its injected fault
    }
  }
}
