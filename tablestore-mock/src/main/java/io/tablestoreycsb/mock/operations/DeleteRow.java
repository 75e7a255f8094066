package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.storage.Catalog;

/** DeleteRow: removes a row (all versions of all columns). */
public final class DeleteRow extends ProtoAction<OtsInternalApi.DeleteRowRequest> {
  private final Catalog catalog;
  private final LocalTransactions transactions;

  public DeleteRow(Catalog catalog, LocalTransactions transactions) {
    super(ActionName.DELETE_ROW, "DeleteRowRequest", OtsInternalApi.DeleteRowRequest.parser());
    this.catalog = catalog;
    this.transactions = transactions;
  }

  @Override
  protected byte[] answer(OtsInternalApi.DeleteRowRequest request, RequestContext context) {
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
    OtsInternalApi.DeleteRowRequest request = parse(body);
    SingleRowWrite.note(catalog, request.getTableName(), RowChange.Kind.DELETE, request.getPrimaryKey(), request.getCondition(), context);
  }
}
