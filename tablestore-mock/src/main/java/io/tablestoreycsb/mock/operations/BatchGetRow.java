package io.tablestoreycsb.mock.operations;

import com.alicloud.openservices.tablestore.core.protocol.OtsInternalApi;
import io.tablestoreycsb.mock.protocol.ErrorBodies;
import io.tablestoreycsb.mock.protocol.OtsException;
import io.tablestoreycsb.mock.protocol.ServiceLimits;
import io.tablestoreycsb.mock.storage.Catalog;
import io.tablestoreycsb.mock.storage.Table;
import java.util.HashSet;
import java.util.Set;

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
        spec = ReadSpec.of(tableRequest.getColumnsToGetList(), tableRequest.hasTimeRange(), tableRequest.getTimeRange(),
            tableRequest.hasMaxVersions(), tableRequest.getMaxVersions(), tableRequest.hasFilter(), tableRequest.getFilter(), ReadSpec.primaryKeyNames(table))
        .hidingVersionsBefore(table.settings().minVisibleTimestamp(context.nowMillis()));
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
      if (tableError != null) {
        throw tableError;
      }
      OtsException injected = context.rowFault();
      if (injected != null) {
        throw injected;
      }
      RowReads.Result result = RowReads.read(table, tableRequest.getPrimaryKey(index), "primary_key[" + index + "]", spec, context);
      return OtsInternalApi.RowInBatchGetRowResponse.newBuilder().setIsOk(true).setConsumed(result.consumed())
          .setRow(result.row()).build();
    } catch (OtsException e) {
      return OtsInternalApi.RowInBatchGetRowResponse.newBuilder().setIsOk(false).setError(ErrorBodies.toProto(e)).build();
    }
  }

  private static void checkShape(OtsInternalApi.BatchGetRowRequest request) {
    if (request.getTablesCount() == 0) {
      throw OtsException.parameterInvalid("No row specified in the request of BatchGetRow.");
    }
    int rows = 0;
    Set<String> names = new HashSet<>();
    for (OtsInternalApi.TableInBatchGetRowRequest t : request.getTablesList()) {
      if (!names.add(t.getTableName())) {
        throw OtsException.parameterInvalid("Duplicated table name in BatchGetRow: " + t.getTableName() + ".");
      }
      if (t.getPrimaryKeyCount() == 0) {
        throw OtsException.parameterInvalid("No row specified in table " + t.getTableName() + " of BatchGetRow.");
      }
      rows += t.getPrimaryKeyCount();
    }
    if (rows > ServiceLimits.MAX_BATCH_GET_ROWS) {
      throw OtsException.parameterInvalid("Rows count exceeds the upper limit: BatchGetRow reads at most "
          + ServiceLimits.MAX_BATCH_GET_ROWS + " rows, the request has " + rows + ".");
    }
  }
}
