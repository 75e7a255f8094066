package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.protocol.ServiceLimits;
import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.Table;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * BatchWriteRow: PUT, UPDATE and DELETE rows of several tables, answered per table in request
 * order. Each row succeeds or fails on its own (condition failures, missing tables, injected row
 * faults); the call itself succeeds. With {@code is_atomic} each table's rows share one partition
 * key and are written all or none ({@link AtomicBatchWrite}); with a transaction id every row is
 * written in that local transaction.
 * One row named twice in a table is written twice, in request order, as the service does
 * (the Python SDK's own tests: put+update, put+delete, update+delete); when either of the two
 * carries a condition (a row existence other than IGNORE, or a column condition) the whole
 * request fails, since the second check would depend on the first write.
 */
public final class BatchWriteRow extends ProtoAction<OtsInternalApi.BatchWriteRowRequest> {
  private final Catalog catalog;
  private final LocalTransactions transactions;

  public BatchWriteRow(Catalog catalog, LocalTransactions transactions) {
    super(ActionName.BATCH_WRITE_ROW, "BatchWriteRowRequest", OtsInternalApi.BatchWriteRowRequest.parser());
    this.catalog = catalog;
    this.transactions = transactions;
  }

  @Override
  protected byte[] answer(OtsInternalApi.BatchWriteRowRequest request, RequestContext context) {
    context.expectRows(checkShape(request));
    OtsInternalApi.BatchWriteRowResponse.Builder response = OtsInternalApi.BatchWriteRowResponse.newBuilder();
    // Every row is decoded (and the keys compared) before any is written: a conditional row named
    // twice refuses the whole request, so nothing may have been written by then.
    List<Table> tables = new ArrayList<>(request.getTablesCount());
    List<OtsException> tableErrors = new ArrayList<>(request.getTablesCount());
    List<List<Object>> decodedTables = new ArrayList<>(request.getTablesCount());
    for (OtsInternalApi.TableInBatchWriteRowRequest tableRequest : request.getTablesList()) {
      context.table(tableRequest.getTableName());
      Table table = null;
      OtsException tableError = null;
      try {
        table = catalog.require(tableRequest.getTableName());
      } catch (OtsException e) {
        tableError = e;
      }
      decodedTables.add(table == null ? null : decodeRows(table, tableRequest));
      tables.add(table);
      tableErrors.add(tableError);
    }
    boolean atomic = request.hasIsAtomic() && request.getIsAtomic();
    String transactionId = request.hasTransactionId() ? request.getTransactionId() : null;
    if (transactionId != null) {
      if (atomic) {
        throw OtsException.parameterInvalid("BatchWriteRow with both is_atomic and transaction_id is not supported by this"
            + " mock endpoint: the rows of a local transaction are committed all or none anyway.");
      }
      transactions.within(transactionId, context.nowMillis(), transaction -> transaction); // an unknown id fails the request
    }
    checkDataSize(decodedTables);
    for (int t = 0; t < request.getTablesCount(); t++) {
      OtsInternalApi.TableInBatchWriteRowRequest tableRequest = request.getTables(t);
      OtsInternalApi.TableInBatchWriteRowResponse.Builder tableResponse =
          OtsInternalApi.TableInBatchWriteRowResponse.newBuilder().setTableName(tableRequest.getTableName());
      if (atomic) {
        tableResponse.addAllRows(AtomicBatchWrite.write(tableRequest.getTableName(), tables.get(t), tableErrors.get(t),
            decodedTables.get(t), tableRequest, transactions, context));
        response.addTables(tableResponse);
        continue;
      }
      for (int i = 0; i < tableRequest.getRowsCount(); i++) {
        Object decoded = decodedTables.get(t) == null ? null : decodedTables.get(t).get(i);
        tableResponse.addRows(writeOne(tableRequest.getTableName(), tables.get(t), tableErrors.get(t), decoded,
            tableRequest.getRows(i), transactionId, context));
      }
      response.addTables(tableResponse);
    }
    return response.build().toByteArray();
  }

  /**
   * Each row's {@link RowChange}, or the {@link OtsException} that row is answered with; refuses the
   * whole request when two rows write the same primary key and either has a condition.
   */
  private static List<Object> decodeRows(Table table, OtsInternalApi.TableInBatchWriteRowRequest tableRequest) {
    List<Object> decoded = new ArrayList<>(tableRequest.getRowsCount());
    Map<ByteBuffer, Integer> rowByKey = new HashMap<>(tableRequest.getRowsCount() * 2);
    for (int i = 0; i < tableRequest.getRowsCount(); i++) {
      OtsInternalApi.RowInBatchWriteRowRequest row = tableRequest.getRows(i);
      RowChange change;
      try {
        change = RowChange.decode(kindOf(row.getType()), row.getRowChange(), table, "rows[" + i + "].row_change");
      } catch (OtsException rowError) {
        decoded.add(rowError);
        continue;
      }
      Integer earlier = rowByKey.putIfAbsent(ByteBuffer.wrap(change.key), i);
      if (earlier != null && (isConditional(row) || isConditional(tableRequest.getRows(earlier)))) {
        throw OtsException.parameterInvalid("Duplicated primary key in table " + tableRequest.getTableName()
            + " of BatchWriteRow: rows[" + earlier + "] and rows[" + i + "] write the same row with a condition.");
      }
      decoded.add(change);
    }
    return decoded;
  }

  /**
   * The service limits a batch by the data it writes (key and column names and values, as a row's
   * size is billed), not by the serialized request (the Java SDK's functional tests): PlainBuffer
   * framing can make a request of small cells much larger than its data.
   */
  private static void checkDataSize(List<List<Object>> decodedTables) {
    long dataBytes = 0;
    for (List<Object> rows : decodedTables) {
      if (rows == null) {
        continue;
      }
      for (Object row : rows) {
        if (row instanceof RowChange change) {
          dataBytes += change.dataBytes;
        }
      }
    }
    if (dataBytes > ServiceLimits.MAX_BATCH_WRITE_BYTES) {
      throw OtsException.parameterInvalid("The total data size of BatchWriteRow request is " + dataBytes
          + " bytes, which exceeds the limit of " + ServiceLimits.MAX_BATCH_WRITE_BYTES + " bytes.");
    }
  }

  private static boolean isConditional(OtsInternalApi.RowInBatchWriteRowRequest row) {
    OtsInternalApi.Condition condition = row.getCondition();
    return condition.getRowExistence() != OtsInternalApi.RowExistenceExpectation.IGNORE || condition.hasColumnCondition();
  }

  /** {@code decoded}: the row's change, its decoding error, or null when its table does not exist. */
  private OtsInternalApi.RowInBatchWriteRowResponse writeOne(String tableName, Table table, OtsException tableError,
      Object decoded, OtsInternalApi.RowInBatchWriteRowRequest row, String transactionId, RequestContext context) {
    if (tableError != null) {
      context.rowWithoutKey(tableName, tableError);
      return failed(tableError);
    }
    if (decoded instanceof OtsException decodeError) {
      context.row(table, null, decodeError);
      context.rowCondition(row.getCondition());
      return failed(decodeError);
    }
    RowChange change = (RowChange) decoded;
    context.row(table, change.key, null);
    context.rowCondition(row.getCondition());
    try {
      context.checkRowFault();
      RowWrites.Outcome outcome = write(table, change, row, transactionId, context);
      context.served(table, outcome.partition(), 1);
      context.consumed(outcome.consumed());
      return BatchWriteAnswers.written(outcome);
    } catch (OtsException e) {
      context.rowFailed(e);
      return failed(e);
    }
  }

  /** Writes one row now, or with a transaction id in that local transaction. */
  private RowWrites.Outcome write(Table table, RowChange change, OtsInternalApi.RowInBatchWriteRowRequest row,
      String transactionId, RequestContext context) {
    OtsInternalApi.ReturnContent returnContent = row.hasReturnContent() ? row.getReturnContent() : null;
    long nowMillis = context.nowMillis();
    if (transactionId == null) {
      transactions.checkNotLocked(table, change.primaryKey, nowMillis);
      return RowWrites.apply(table, change, row.getCondition(), returnContent, nowMillis, context.commitClock());
    }
    return transactions.within(transactionId, nowMillis, transaction -> {
      transaction.checkInScope(table.name(), change.primaryKey, "row_change");
      return transaction.write(change, row.getCondition(), returnContent, nowMillis);
    });
  }

  private static OtsInternalApi.RowInBatchWriteRowResponse failed(OtsException e) {
    return BatchWriteAnswers.failed(e);
  }

  private static RowChange.Kind kindOf(OtsInternalApi.OperationType type) {
    switch (type) {
      case PUT:
        return RowChange.Kind.PUT;
      case UPDATE:
        return RowChange.Kind.UPDATE;
      case DELETE:
        return RowChange.Kind.DELETE;
      default:
        throw OtsException.parameterInvalid("Unknown operation type " + type + ".");
    }
  }

  private static int checkShape(OtsInternalApi.BatchWriteRowRequest request) {
    return BatchShape.check(BatchShape.Rules.BATCH_WRITE_ROW, ServiceLimits.MAX_BATCH_WRITE_ROWS, request.getTablesList(),
        OtsInternalApi.TableInBatchWriteRowRequest::getTableName, OtsInternalApi.TableInBatchWriteRowRequest::getRowsCount);
  }

  @Override
  public void note(byte[] body, RequestContext context) {
    BatchNotes.note(catalog, context, parse(body).getTablesList(), OtsInternalApi.TableInBatchWriteRowRequest::getTableName,
        OtsInternalApi.TableInBatchWriteRowRequest::getRowsCount, (table, tableRequest, i) -> {
          OtsInternalApi.RowInBatchWriteRowRequest row = tableRequest.getRows(i);
          return RowChange.decode(kindOf(row.getType()), row.getRowChange(), table, "rows[" + i + "].row_change").key;
        });
  }
}
