package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.protocol.ErrorBodies;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.protocol.ServiceLimits;
import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.Table;

/**
 * BatchGetRow: rows of several tables, answered per table in request order. A row that fails (a
 * missing table, a bad key, an injected fault) fails alone; the call succeeds.
 */
public final class BatchGetRow implements Action {
  private final Catalog catalog;

  public BatchGetRow(Catalog catalog) {
    this.catalog = catalog;
  }

  @Override
  public String name() {
    return "BatchGetRow";
  }

  @Override
  public byte[] execute(byte[] body, RequestContext context) {
    OtsInternalApi.BatchGetRowRequest request = Requests.parse(body, OtsInternalApi.BatchGetRowRequest::parseFrom, "BatchGetRowRequest");
    checkShape(request);
    OtsInternalApi.BatchGetRowResponse.Builder response = OtsInternalApi.BatchGetRowResponse.newBuilder();
    for (OtsInternalApi.TableInBatchGetRowRequest tableRequest : request.getTablesList()) {
      OtsInternalApi.TableInBatchGetRowResponse.Builder tableResponse =
          OtsInternalApi.TableInBatchGetRowResponse.newBuilder().setTableName(tableRequest.getTableName());
      Table table = null;
      OtsException tableError = null;
      ReadSpec spec = null;
      try {
        table = catalog.require(tableRequest.getTableName());
        spec = ReadSpec.of(table, context.nowMillis(), tableRequest.getColumnsToGetList(), tableRequest.hasTimeRange(),
            tableRequest.getTimeRange(), tableRequest.hasMaxVersions(), tableRequest.getMaxVersions(), tableRequest.hasFilter(), tableRequest.getFilter());
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
    try {
      context.checkBatchRow(tableError);
      RowReads.Result result = RowReads.read(table, tableRequest.getPrimaryKey(index), "primary_key[" + index + "]", spec, context);
      return OtsInternalApi.RowInBatchGetRowResponse.newBuilder().setIsOk(true).setConsumed(result.consumed())
          .setRow(result.row()).build();
    } catch (OtsException e) {
      return OtsInternalApi.RowInBatchGetRowResponse.newBuilder().setIsOk(false).setError(ErrorBodies.toProto(e)).build();
    }
  }

  private static void checkShape(OtsInternalApi.BatchGetRowRequest request) {
    BatchShape.check("BatchGetRow", "reads", ServiceLimits.MAX_BATCH_GET_ROWS, request.getTablesList(),
        OtsInternalApi.TableInBatchGetRowRequest::getTableName, OtsInternalApi.TableInBatchGetRowRequest::getPrimaryKeyCount);
  }
}
