package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.storage.Catalog;

/** UpdateRow: puts, deletes or increments columns of a row, creating it if needed. */
public final class UpdateRow extends ProtoAction<OtsInternalApi.UpdateRowRequest> {
  private final Catalog catalog;
  private final LocalTransactions transactions;

  public UpdateRow(Catalog catalog, LocalTransactions transactions) {
    super(ActionName.UPDATE_ROW, "UpdateRowRequest", OtsInternalApi.UpdateRowRequest.parser());
    this.catalog = catalog;
    this.transactions = transactions;
  }

  @Override
  protected byte[] answer(OtsInternalApi.UpdateRowRequest request, RequestContext context) {
    RowWrites.Outcome outcome = SingleRowWrite.apply(catalog, transactions, request.getTableName(), RowChange.Kind.UPDATE,
        request.getRowChange(), "row_change", request.getCondition(),
        request.hasReturnContent() ? request.getReturnContent() : null,
        request.hasTransactionId() ? request.getTransactionId() : null, context);
    OtsInternalApi.UpdateRowResponse.Builder response = OtsInternalApi.UpdateRowResponse.newBuilder().setConsumed(outcome.consumed());
    if (outcome.returnedRow() != null) {
      response.setRow(outcome.returnedRow());
    }
    return response.build().toByteArray();
  }

  @Override
  public void note(byte[] body, RequestContext context) {
    OtsInternalApi.UpdateRowRequest request = parse(body);
    SingleRowWrite.note(catalog, request.getTableName(), RowChange.Kind.UPDATE, request.getRowChange(), request.getCondition(), context);
  }
}
