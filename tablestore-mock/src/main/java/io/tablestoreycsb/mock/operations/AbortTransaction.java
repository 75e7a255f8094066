package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.protocol.ActionName;

/** AbortTransaction: drops a local transaction's writes and ends it. */
public final class AbortTransaction implements Action {
  private final LocalTransactions transactions;

  public AbortTransaction(LocalTransactions transactions) {
    this.transactions = transactions;
  }

  @Override
  public String name() {
    return ActionName.ABORT_TRANSACTION.wireName();
  }

  @Override
  public byte[] execute(byte[] body, RequestContext context) {
    OtsInternalApi.AbortTransactionRequest request =
        Requests.parse(body, OtsInternalApi.AbortTransactionRequest::parseFrom, "AbortTransactionRequest");
    transactions.within(request.getTransactionId(), context.nowMillis(), transaction -> {
      context.table(transaction.table.name());
      transactions.end(transaction);
      return transaction;
    });
    return OtsInternalApi.AbortTransactionResponse.getDefaultInstance().toByteArray();
  }
}
