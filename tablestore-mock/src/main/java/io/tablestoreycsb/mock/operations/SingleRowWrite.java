package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import com.aliyun.ots.thirdparty.com.google.protobuf.ByteString;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.Table;

/**
 * What PutRow, UpdateRow and DeleteRow share: one row change with a condition and optional return
 * content, applied now or, with a transaction id, in that local transaction.
 */
final class SingleRowWrite {
  private SingleRowWrite() {}

  static RowWrites.Outcome apply(Catalog catalog, LocalTransactions transactions, String tableName, RowChange.Kind kind,
      ByteString row, String field, OtsInternalApi.Condition condition, OtsInternalApi.ReturnContent returnContent,
      String transactionId, RequestContext context) {
    context.table(tableName);
    Table table = catalog.require(tableName);
    RowChange change = RowChange.decode(kind, row, table, field);
    context.row(table, change.key, null);
    context.rowCondition(condition);
    long now = context.nowMillis();
    RowWrites.Outcome outcome;
    if (transactionId == null) {
      transactions.checkNotLocked(table, change.primaryKey, now);
      outcome = RowWrites.apply(table, change, condition, returnContent, now, context.commitClock());
    } else {
      outcome = transactions.within(transactionId, now, transaction -> {
        transaction.checkInScope(tableName, change.primaryKey, field);
        return transaction.write(change, condition, returnContent, now);
      });
    }
    context.served(table, outcome.partition(), 1);
    context.consumed(outcome.consumed());
    return outcome;
  }

  /** {@link Action#note}: the table and row a write names, decoded without being applied. */
  static void note(Catalog catalog, String tableName, RowChange.Kind kind, ByteString row,
      OtsInternalApi.Condition condition, RequestContext context) {
    context.table(tableName);
    try {
      Table table = catalog.require(tableName);
      context.row(table, RowChange.decode(kind, row, table, "row").key, null);
      context.rowCondition(condition);
    } catch (OtsException e) {
      // the request failed with its injected fault; what its body would have failed with is not its outcome
    }
  }
}
