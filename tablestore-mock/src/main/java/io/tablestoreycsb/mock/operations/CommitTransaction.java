package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.ErrorCode;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.storage.Catalog;

/**
 * CommitTransaction: applies a local transaction's writes all at once and ends it. Should a write
 * no longer hold (its table was deleted meanwhile), nothing is applied, the transaction ends and
 * the commit answers that write's error.
 */
public final class CommitTransaction extends ProtoAction<OtsInternalApi.CommitTransactionRequest> {
  private final Catalog catalog;
  private final LocalTransactions transactions;

  public CommitTransaction(Catalog catalog, LocalTransactions transactions) {
    super(ActionName.COMMIT_TRANSACTION, "CommitTransactionRequest", OtsInternalApi.CommitTransactionRequest.parser());
    this.catalog = catalog;
    this.transactions = transactions;
  }

  @Override
  protected byte[] answer(OtsInternalApi.CommitTransactionRequest request, RequestContext context) {
    transactions.within(request.getTransactionId(), context.nowMillis(), transaction -> {
      context.table(transaction.table.name());
      try {
        if (catalog.find(transaction.table.name()) != transaction.table) {
          throw new OtsException(ErrorCode.OBJECT_NOT_EXIST, "Requested table does not exist.");
        }
        transaction.commit(context.nowMillis(), context.commitClock());
      } catch (AtomicRowWrites.GroupFailed e) {
        throw e.error;
      } finally {
        transactions.end(transaction);
      }
      return transaction;
    });
    return OtsInternalApi.CommitTransactionResponse.getDefaultInstance().toByteArray();
  }
}
