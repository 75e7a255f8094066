package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.protocol.ActionName;

/** AbortTransaction: drops a local transaction's writes and ends it. */
public final class AbortTransaction extends ProtoAction<OtsInternalApi.AbortTransactionRequest> {
  private final LocalTransactions transactions;

  public AbortTransaction(LocalTransactions transactions) {
    super(ActionName.ABORT_TRANSACTION, "AbortTransactionRequest", OtsInternalApi.AbortTransactionRequest.parser());
    this.transactions = transactions;
  }

  @Override
  protected byte[] answer(OtsInternalApi.AbortTransactionRequest request, RequestContext context) {
    transactions.within(request.getTransactionId(), context.nowMillis(), transaction -> {
      context.table(transaction.table.name());
      transactions.end(transaction);
      return transaction;
    });
    return OtsInternalApi.AbortTransactionResponse.getDefaultInstance().toByteArray();
  }
}
