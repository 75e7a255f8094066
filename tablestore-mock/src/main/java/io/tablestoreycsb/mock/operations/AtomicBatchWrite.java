package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.storage.RowKey;
import io.tablestoreycsb.mock.storage.Table;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * BatchWriteRow with {@code is_atomic}: the rows of a table must share one partition key (the
 * SDK's words: "the primary keys for writes to the same table" must match; otherwise "the write
 * will fail"), and they are written all or none ({@link AtomicRowWrites}). When one row fails, every
 * row of its table answers is_ok=false: that row with its own error, the others with the same code
 * and a message naming it. Rows of several partition keys all fail, each with OTSParameterInvalid;
 * the request itself succeeds (the Go SDK's own TestAtomicBatchWriteRowWithDiffPartitionKey expects
 * exactly that).
 */
final class AtomicBatchWrite {
  private AtomicBatchWrite() {}

  /**
   * The error every row of a table answers when two of them name different partition keys; null when they share one.
   *
   * @param decoded each row's {@link RowChange} or its decoding error
   */
  private static OtsException severalPartitionKeys(String tableName, List<Object> decoded) {
    byte[] partitionKey = null;
    int first = -1;
    for (int i = 0; i < decoded.size(); i++) {
      if (!(decoded.get(i) instanceof RowChange change)) {
        continue;
      }
      byte[] rowPartitionKey = RowKey.encode(change.primaryKey.getPrimaryKeyColumn(0).getValue());
      if (partitionKey == null) {
        partitionKey = rowPartitionKey;
        first = i;
      } else if (!Arrays.equals(partitionKey, rowPartitionKey)) {
        return OtsException.parameterInvalid("Atomic BatchWriteRow: the rows of table " + tableName
            + " must share one partition key, but rows[" + first + "] and rows[" + i + "] differ; none was written.");
      }
    }
    return null;
  }

  /**
   * Writes one table's rows all or none and answers each.
   *
   * @param tableError the table's own error (it does not exist), else null; every row answers it
   * @param decoded each row's {@link RowChange} or its decoding error (null when {@code tableError})
   */
  static List<OtsInternalApi.RowInBatchWriteRowResponse> write(String tableName, Table table, OtsException tableError,
      List<Object> decoded, OtsInternalApi.TableInBatchWriteRowRequest tableRequest, LocalTransactions transactions,
      RequestContext context) {
    int rows = tableRequest.getRowsCount();
    if (tableError == null) {
      tableError = severalPartitionKeys(tableName, decoded);
    }
    if (tableError != null) {
      List<OtsInternalApi.RowInBatchWriteRowResponse> failed = new ArrayList<>(rows);
      for (int i = 0; i < rows; i++) {
        context.rowWithoutKey(tableName, tableError);
        failed.add(BatchWriteAnswers.failed(tableError));
      }
      return failed;
    }
    List<AtomicRowWrites.Write> writes = new ArrayList<>(rows);
    for (int i = 0; i < rows; i++) {
      Object row = decoded.get(i);
      context.row(table, row instanceof RowChange change ? change.key : null, null);
      context.rowCondition(tableRequest.getRows(i).getCondition());
      try {
        if (row instanceof OtsException decodeError) {
          throw decodeError;
        }
        context.checkRowFault();
        transactions.checkNotLocked(table, ((RowChange) row).primaryKey, context.nowMillis());
      } catch (OtsException e) {
        return groupFailed(tableName, rows, i, e, context);
      }
      OtsInternalApi.RowInBatchWriteRowRequest request = tableRequest.getRows(i);
      writes.add(new AtomicRowWrites.Write((RowChange) row, request.getCondition(),
          request.hasReturnContent() ? request.getReturnContent() : null));
    }
    List<RowWrites.Outcome> outcomes;
    try {
      outcomes = AtomicRowWrites.apply(table, writes, context.nowMillis(), context.commitClock());
    } catch (AtomicRowWrites.GroupFailed e) {
      return groupFailed(tableName, rows, e.index, e.error, context);
    }
    List<OtsInternalApi.RowInBatchWriteRowResponse> answers = new ArrayList<>(rows);
    for (RowWrites.Outcome outcome : outcomes) {
      context.served(table, outcome.partition(), 1);
      context.consumed(outcome.consumed());
      answers.add(BatchWriteAnswers.written(outcome));
    }
    return answers;
  }

  private static List<OtsInternalApi.RowInBatchWriteRowResponse> groupFailed(String tableName, int rows, int failedIndex,
      OtsException error, RequestContext context) {
    context.rowFailed(error);
    OtsException notWritten = new OtsException(error.errorCode(), "Atomic BatchWriteRow: nothing of table " + tableName
        + " was written, because rows[" + failedIndex + "] failed: " + error.getMessage());
    List<OtsInternalApi.RowInBatchWriteRowResponse> answers = new ArrayList<>(rows);
    for (int i = 0; i < rows; i++) {
      answers.add(BatchWriteAnswers.failed(i == failedIndex ? error : notWritten));
    }
    return answers;
  }
}
