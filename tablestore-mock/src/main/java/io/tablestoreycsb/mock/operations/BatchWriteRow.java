package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.protocol.ErrorBodies;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.protocol.ServiceLimits;
import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.Table;

/**
 * BatchWriteRow: PUT, UPDATE and DELETE rows of several tables, answered per table in request
 * order. Each row succeeds or fails on its own (condition failures, missing tables, injected row
 * faults); the call itself succeeds. Not atomic, like the service without {@code is_atomic}.
 */
public final class BatchWriteRow implements Action {
  private final Catalog catalog;

  public BatchWriteRow(Catalog catalog) {
    this.catalog = catalog;
  }

  @Override
  public String name() {
    return "BatchWriteRow";
  }

  @Override
  public byte[] execute(byte[] body, RequestContext context) {
    if (body.length > ServiceLimits.MAX_BATCH_WRITE_BYTES) {
      throw OtsException.parameterInvalid("The total data size of BatchWriteRow request is " + body.length
          + " bytes, which exceeds the limit of " + ServiceLimits.MAX_BATCH_WRITE_BYTES + " bytes.");
    }
    OtsInternalApi.BatchWriteRowRequest request =
        Requests.parse(body, OtsInternalApi.BatchWriteRowRequest::parseFrom, "BatchWriteRowRequest");
    checkShape(request);
    OtsInternalApi.BatchWriteRowResponse.Builder response = OtsInternalApi.BatchWriteRowResponse.newBuilder();
    for (OtsInternalApi.TableInBatchWriteRowRequest tableRequest : request.getTablesList()) {
      OtsInternalApi.TableInBatchWriteRowResponse.Builder tableResponse =
          OtsInternalApi.TableInBatchWriteRowResponse.newBuilder().setTableName(tableRequest.getTableName());
      Table table = null;
      OtsException tableError = null;
      try {
        table = catalog.require(tableRequest.getTableName());
      } catch (OtsException e) {
        tableError = e;
      }
      for (int i = 0; i < tableRequest.getRowsCount(); i++) {
        tableResponse.addRows(writeOne(table, tableError, tableRequest.getRows(i), i, context));
      }
      response.addTables(tableResponse);
    }
    return response.build().toByteArray();
  }

  private static OtsInternalApi.RowInBatchWriteRowResponse writeOne(Table table, OtsException tableError,
      OtsInternalApi.RowInBatchWriteRowRequest row, int index, RequestContext context) {
    try {
      context.checkBatchRow(tableError);
      RowChange change = RowChange.decode(kindOf(row.getType()), row.getRowChange(), table, "rows[" + index + "].row_change");
      RowWrites.Outcome outcome = RowWrites.apply(table, change, row.getCondition(),
          row.hasReturnContent() ? row.getReturnContent() : null, context.nowMillis());
      context.served(table, outcome.partition(), 1);
      OtsInternalApi.RowInBatchWriteRowResponse.Builder result =
          OtsInternalApi.RowInBatchWriteRowResponse.newBuilder().setIsOk(true).setConsumed(outcome.consumed());
      if (outcome.returnedRow() != null) {
        result.setRow(outcome.returnedRow());
      }
      return result.build();
    } catch (OtsException e) {
      return OtsInternalApi.RowInBatchWriteRowResponse.newBuilder().setIsOk(false).setError(ErrorBodies.toProto(e)).build();
    }
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

  private static void checkShape(OtsInternalApi.BatchWriteRowRequest request) {
    if (request.hasIsAtomic() && request.getIsAtomic()) {
      throw OtsException.parameterInvalid("Atomic BatchWriteRow (is_atomic) is not supported by this mock endpoint.");
    }
    if (request.hasTransactionId()) {
      throw OtsException.parameterInvalid("Local transactions are not supported by this mock endpoint.");
    }
    BatchShape.check("BatchWriteRow", "writes", ServiceLimits.MAX_BATCH_WRITE_ROWS, request.getTablesList(),
        OtsInternalApi.TableInBatchWriteRowRequest::getTableName, OtsInternalApi.TableInBatchWriteRowRequest::getRowsCount);
  }
}
