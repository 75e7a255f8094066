package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import com.alicloud.openservices.tablestore.model.PrimaryKey;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.protocol.PlainBufferCodec;
import io.tablestoreycsb.mock.protocol.ServiceLimits;
import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.Table;
import java.util.List;

/**
 * StartLocalTransaction: opens a local transaction on a partition key value of a table
 * ({@code key}: a PlainBuffer primary key holding the partition key column only) and returns its
 * id. Row-level locks ({@code row_keys}) are refused.
 */
public final class StartLocalTransaction extends ProtoAction<OtsInternalApi.StartLocalTransactionRequest> {
  private final Catalog catalog;
  private final LocalTransactions transactions;

  public StartLocalTransaction(Catalog catalog, LocalTransactions transactions) {
    super(ActionName.START_LOCAL_TRANSACTION, "StartLocalTransactionRequest", OtsInternalApi.StartLocalTransactionRequest.parser());
    this.catalog = catalog;
    this.transactions = transactions;
  }

  @Override
  protected byte[] answer(OtsInternalApi.StartLocalTransactionRequest request, RequestContext context) {
    context.table(request.getTableName());
    Table table = catalog.require(request.getTableName());
    if (request.getRowKeysCount() > 0) {
      throw OtsException.parameterInvalid("row_keys (locking single rows) is not supported by this mock endpoint: a local"
          + " transaction locks its partition key.");
    }
    PrimaryKey key = PlainBufferCodec.decodePrimaryKey(request.getKey(), "key");
    ServiceLimits.checkPrimaryKey(key, List.of(table.schema().get(0)), false);
    LocalTransaction transaction = transactions.start(table, key, context.nowMillis());
    return OtsInternalApi.StartLocalTransactionResponse.newBuilder().setTransactionId(transaction.id).build().toByteArray();
  }
}
