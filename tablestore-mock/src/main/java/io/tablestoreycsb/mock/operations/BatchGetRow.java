package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.protocol.ActionName;
import io.tablestoreycsb.mock.protocol.ErrorBodies;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.protocol.ServiceLimits;
import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.Table;

/**
 * BatchGetRow: rows of several tables, answered per table in request order. A row that fails (a
 * missing table, a bad key, an injected fault) fails alone; the call succeeds.
 */
public final class BatchGetRow extends ProtoAction<OtsInternalApi.BatchGetRowRequest> {
  private final Catalog catalog;

  public BatchGetRow(Catalog catalog) {
    super(ActionName.BATCH_GET_ROW, "BatchGetRowRequest", OtsInternalApi.BatchGetRowRequest.parser());
    this.catalog = catalog;
  }

  @Override
  protected byte[] answer(OtsInternalApi.BatchGetRowRequest request, RequestContext context) {
    context.expectRows(checkShape(request));
    OtsInternalApi.BatchGetRowResponse.Builder response = OtsInternalApi.BatchGetRowResponse.newBuilder();
    for (OtsInternalApi.TableInBatchGetRowRequest tableRequest : request.getTablesList()) {
      OtsInternalApi.TableInBatchGetRowResponse.Builder tableResponse =
          OtsInternalApi.TableInBatchGetRowResponse.newBuilder().setTableName(tableRequest.getTableName());
      context.table(tableRequest.getTableName());
      Table table = null;
      OtsException tableError = null;
      ReadSpec spec = null;
      try {
        table = catalog.require(tableRequest.getTableName());
        spec = ReadSpec.of(table, context.nowMillis(), tableRequest.getColumnsToGetList(), tableRequest.hasTimeRange(),
            tableRequest.getTimeRange(), tableRequest.hasMaxVersions(), tableRequest.getMaxVersions(), tableRequest.hasFilter(),
            tableRequest.getFilter(), tableRequest.hasStartColumn() ? tableRequest.getStartColumn() : null,
            tableRequest.hasEndColumn() ? tableRequest.getEndColumn() : null);
        for (int i = 0; i < tableRequest.getTokenCount(); i++) {
          ReadSpec.refuseToken(tableRequest.getToken(i), "token[" + i + "]");
        }
      } catch (OtsException e) {
        tableError = e;
      }
      for (int i = 0; i < tableRequest.getPrimaryKeyCount(); i++) {
        tableResponse.addRows(readOne(table, tableError, spec, tableRequest, i, context));
      }
      response.addTables(tableResponse);
    }
    return response.build().toByteArray();
  }

  private static OtsInternalApi.RowInBatchGetRowResponse readOne(Table table, OtsException tableError, ReadSpec spec,
      OtsInternalApi.TableInBatchGetRowRequest tableRequest, int index, RequestContext context) {
    if (tableError != null) {
      context.rowWithoutKey(tableRequest.getTableName(), tableError);
      return failed(tableError);
    }
    byte[] key;
    try {
      key = RowReads.key(table, tableRequest.getPrimaryKey(index), "primary_key[" + index + "]");
    } catch (OtsException e) {
      context.row(table, null, e);
      return failed(e);
    }
    context.row(table, key, null);
    try {
      context.checkRowFault();
      RowReads.Result result = RowReads.read(table, key, spec, context);
      return OtsInternalApi.RowInBatchGetRowResponse.newBuilder().setIsOk(true).setConsumed(result.consumed())
          .setRow(result.row()).build();
    } catch (OtsException e) {
      context.rowFailed(e);
      return failed(e);
    }
  }

  private static OtsInternalApi.RowInBatchGetRowResponse failed(OtsException e) {
    return OtsInternalApi.RowInBatchGetRowResponse.newBuilder().setIsOk(false).setError(ErrorBodies.toProto(e)).build();
  }

  private static int checkShape(OtsInternalApi.BatchGetRowRequest request) {
    return BatchShape.check(BatchShape.Rules.BATCH_GET_ROW, ServiceLimits.MAX_BATCH_GET_ROWS, request.getTablesList(),
        OtsInternalApi.TableInBatchGetRowRequest::getTableName, OtsInternalApi.TableInBatchGetRowRequest::getPrimaryKeyCount);
  }

  @Override
  public void note(byte[] body, RequestContext context) {
    BatchNotes.note(catalog, context, parse(body).getTablesList(), OtsInternalApi.TableInBatchGetRowRequest::getTableName,
        OtsInternalApi.TableInBatchGetRowRequest::getPrimaryKeyCount,
        (table, tableRequest, i) -> RowReads.key(table, tableRequest.getPrimaryKey(i), "primary_key[" + i + "]"));
  }
}
