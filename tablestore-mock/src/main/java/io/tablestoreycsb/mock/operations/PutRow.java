package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.storage.Catalog;

/** PutRow: writes a whole row, replacing any existing one. */
public final class PutRow extends ProtoAction<OtsInternalApi.PutRowRequest> {
  private final Catalog catalog;
  private final LocalTransactions transactions;

  public PutRow(Catalog catalog, LocalTransactions transactions) {
    super(ActionName.PUT_ROW, "PutRowRequest", OtsInternalApi.PutRowRequest.parser());
    this.catalog = catalog;
    this.transactions = transactions;
  }

  @Override
  protected byte[] answer(OtsInternalApi.PutRowRequest request, RequestContext context) {
    RowWrites.Outcome outcome = SingleRowWrite.apply(catalog, transactions, request.getTableName(), RowChange.Kind.PUT,
        request.getRow(), "row", request.getCondition(), request.hasReturnContent() ? request.getReturnContent() : null,
        request.hasTransactionId() ? request.getTransactionId() : null, context);
    OtsInternalApi.PutRowResponse.Builder response = OtsInternalApi.PutRowResponse.newBuilder().setConsumed(outcome.consumed());
    if (outcome.returnedRow() != null) {
      response.setRow(outcome.returnedRow());
    }
    return response.build().toByteArray();
  }

  @Override
  public void note(byte[] body, RequestContext context) {
    OtsInternalApi.PutRowRequest request = parse(body);
    SingleRowWrite.note(catalog, request.getTableName(), RowChange.Kind.PUT, request.getRow(), request.getCondition(), context);
  }
}
