package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.storage.Catalog;

/** DeleteRow: removes a row (all versions of all columns). */
public final class DeleteRow implements Action {
  private final Catalog catalog;
  private final LocalTransactions transactions;

  public DeleteRow(Catalog catalog, LocalTransactions transactions) {
    this.catalog = catalog;
    this.transactions = transactions;
  }

  @Override
  public String name() {
    return ActionName.DELETE_ROW.wireName();
  }

  @Override
  public byte[] execute(byte[] body, RequestContext context) {
    OtsInternalApi.DeleteRowRequest request = Requests.parse(body, OtsInternalApi.DeleteRowRequest::parseFrom, "DeleteRowRequest");
    RowWrites.Outcome outcome = SingleRowWrite.apply(catalog, transactions, request.getTableName(), RowChange.Kind.DELETE,
        request.getPrimaryKey(), "primary_key", request.getCondition(),
        request.hasReturnContent() ? request.getReturnContent() : null,
        request.hasTransactionId() ? request.getTransactionId() : null, context);
    OtsInternalApi.DeleteRowResponse.Builder response = OtsInternalApi.DeleteRowResponse.newBuilder().setConsumed(outcome.consumed());
    if (outcome.returnedRow() != null) {
      response.setRow(outcome.returnedRow());
    }
    return response.build().toByteArray();
  }

  @Override
  public void note(byte[] body, RequestContext context) {
    OtsInternalApi.DeleteRowRequest request = Requests.parse(body, OtsInternalApi.DeleteRowRequest::parseFrom, "DeleteRowRequest");
    SingleRowWrite.note(catalog, request.getTableName(), RowChange.Kind.DELETE, request.getPrimaryKey(), context);
  }
}
